package matching

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/refusal"
	"sponsorbridge/pb/internal/route"
)

// Routes are GET {kind path}/{id}/matches for both kinds.
func (f *Finder) Routes() []route.Route {
	var t []route.Route
	for _, kind := range listings.Kinds {
		t = append(t, route.Route{Method: "GET", Path: kind.Path + "/{id}/matches", Handler: f.matches(kind), Auth: route.Member,
			Out: route.Of[[]MatchAnswer]()})
	}
	return t
}

// matches answers a listing's best matches with why they match. A hidden
// listing exists only for its poster and administrators (as its own page).
func (f *Finder) matches(kind listings.Kind) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		l, poster, err := f.store.Probe(kind, e.Request.PathValue("id"))
		viewer := listings.ViewerOf(e.Auth)
		if err != nil || !viewer.Sees(l.PosterID, l.Hidden) {
			return refusal.NotFoundf("Listing not found.")
		}
		only, errs := listings.ParseFlags(e.Request.URL.Query())
		if len(errs) > 0 {
			return refusal.Invalidf(refusal.CheckFields, errs)
		}
		ms, err := f.For(e.Request.Context(), kind, e.Request.PathValue("id"), l, poster, viewer, Best, only)
		if err != nil {
			return err
		}
		e.Response.Header().Set("Cache-Control", "no-store")
		return e.JSON(http.StatusOK, answers(ms))
	}
}

func answers(ms []Match) []MatchAnswer {
	out := make([]MatchAnswer, len(ms))
	for i, m := range ms {
		out[i] = MatchAnswer{Listing: m.Listing, Reasons: nonEmpty(m.Reasons), Why: joinReasons(m.Reasons)}
	}
	return out
}

// MatchAnswer is one match: a listing of the other kind and why it fits.
type MatchAnswer struct {
	Listing listings.Listing `json:"listing"`
	Reasons []string         `json:"reasons"`
	// Why is the reasons as one line: "Education · amount fits · Pune".
	Why string `json:"why"`
}

func nonEmpty(rs []string) []string {
	out := []string{}
	for _, r := range rs {
		if r != "" {
			out = append(out, r)
		}
	}
	return out
}
