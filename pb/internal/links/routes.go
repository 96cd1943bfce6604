package links

import (
	"errors"
	"net/http"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/route"
)

// Routes are the tracked links' routes (docs/api/proof-of-value.md,
// "Tracked links"). GET /l/{code} is more specific than the web app's
// catch-all, so the router gives it the short links.
func Routes() []route.Route {
	return []route.Route{
		{Method: "POST", Path: "/api/deals/{id}/links", Handler: create, Auth: route.Member, Body: 4 << 10,
			PerMember: []limits.Rule{{Bucket: "tracked-links", Max: 100, Window: 24 * time.Hour, Message: "You have made many tracked links today."}},
			In:        route.Of[CreateInput](), Out: route.Of[Link]()},
		{Method: "GET", Path: "/api/deals/{id}/links", Handler: list, Auth: route.Member, Out: route.Of[[]Link]()},
		{Method: "GET", Path: Prefix + "{code}", Handler: follow, Out: route.Of[route.Redirect](),
			PerIP: &route.IPLimit{Label: "GET " + Prefix, Max: 60, Seconds: 60}, Quiet: true},
	}
}

func create(e *core.RequestEvent) error {
	var in CreateInput
	if err := apierr.ReadBody(e, &in); err != nil {
		return err
	}
	r, err := Create(e.App, e.Request.PathValue("id"), e.Auth, in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusCreated, toLink(e.App, r))
}

func list(e *core.RequestEvent) error {
	out, err := List(e.App, e.Request.PathValue("id"), e.Auth)
	if err != nil {
		return err
	}
	e.Response.Header().Set("Cache-Control", "no-store")
	return e.JSON(http.StatusOK, out)
}

// notFoundPage is the answer to an unknown code: a page, not the API's
// JSON (a person followed the link).
const notFoundPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Link not found</title>` +
	`<meta name="robots" content="noindex"></head><body><p>Link not found.</p></body></html>`

// follow answers a short link: 302 to its target (never cached, so every
// visit comes back to be counted), the visit counted when it is one.
func follow(e *core.RequestEvent) error {
	h := e.Request.Header
	purpose := h.Get("Sec-Purpose")
	if purpose == "" {
		purpose = h.Get("Purpose")
	}
	target, _, err := Follow(e.App, Visit{Code: e.Request.PathValue("code"), Method: e.Request.Method, Purpose: purpose,
		UserAgent: h.Get("User-Agent"), Address: limits.ClientOf(e).IP})
	e.Response.Header().Set("Cache-Control", "no-store")
	e.Response.Header().Set("X-Robots-Tag", "noindex")
	switch {
	case errors.Is(err, ErrUnknown):
		return e.HTML(http.StatusNotFound, notFoundPage)
	case err != nil && target == "":
		return err
	case err != nil:
		e.App.Logger().Warn("links: a visit was not counted", "error", err)
	}
	return e.Redirect(http.StatusFound, target)
}
