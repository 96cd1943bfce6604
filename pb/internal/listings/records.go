package listings

import (
	"database/sql"
	"errors"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/eligibility"
	"sponsorbridge/pb/internal/evidence"
	"sponsorbridge/pb/internal/membership"
	"sponsorbridge/pb/search"
)

// The visibility rule, the one place it is written in Go (hiddenSQL says
// it in SQL, the collections' API rules in PocketBase's filter language):
// a listing an administrator reviewed and did not approve is rejected, and
// a rejected listing exists only for its poster and administrators.
func rejected(reviewed, approved bool) bool { return reviewed && !approved }

// Sees tells whether the viewer sees a listing of poster's that is
// rejected or not.
func (v Viewer) Sees(poster string, rejected bool) bool {
	return !rejected || (v.ID != "" && poster == v.ID) || v.IsAdmin
}

// HiddenRecord tells whether a listing record is rejected (hidden from
// everyone but its poster and administrators).
func HiddenRecord(r *core.Record) bool {
	return rejected(r.GetBool("reviewed"), r.GetBool("approved"))
}

// VisibleTo tells whether member (nil: a visitor) sees the listing record.
func VisibleTo(r *core.Record, member *core.Record) bool {
	return ViewerOf(member).Sees(r.GetString("user"), HiddenRecord(r))
}

// ViewerOf is a member as a viewer of listings (nil: a visitor).
func ViewerOf(member *core.Record) Viewer {
	if member == nil {
		return Viewer{}
	}
	profile := eligibility.ProfileOf(member)
	return Viewer{ID: member.Id, IsAdmin: membership.IsAdmin(member), Industry: member.GetString("industry"), Profile: &profile}
}

// KindOf tells a listing record's kind.
func KindOf(r *core.Record) Kind {
	if r.Collection().Name == Requests.Table {
		return Requests
	}
	return Sponsorships
}

// PagePath is the app path of a listing's own page (what notifications,
// e-mails, matches and alerts link to).
func PagePath(r *core.Record) string {
	return "/listings/" + KindOf(r).Segment + "/" + r.Id
}

// Reread reads a listing as it is now, for work queued when it became
// visible (an edit meanwhile counts; one hidden again or closed meanwhile
// matches nothing): its record and its search form, or a nil record when it
// was deleted meanwhile.
func Reread(app core.App, kind Kind, id string) (*core.Record, *search.Listing, error) {
	r, err := app.FindRecordById(kind.Table, id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	l, err := SearchListing(app, r)
	if err != nil {
		return nil, nil, err
	}
	return r, l, nil
}

// SearchListing is a listing record as the search engine's reverse
// question sees it.
func SearchListing(app core.App, r *core.Record) (*search.Listing, error) {
	kind := KindOf(r)
	cats := r.GetStringSlice("categories")
	l := &search.Listing{
		Title: r.GetString("title"), Description: r.GetString("description"),
		Amount: int64(r.GetInt(kind.AmountField)), Categories: cats, Location: r.GetString("location"),
		PosterID: r.GetString("user"), Hidden: HiddenRecord(r), Status: r.GetString("status"),
	}
	if kind.IsRequest {
		if d := r.GetDateTime("eventDate"); !d.IsZero() {
			l.EventUnix = d.Time().Unix()
		}
		l.HasTiers = r.GetBool("hasTiers")
		l.ClosedTo = ClosedTo(r.GetString("exclusiveIndustries"), r.GetString("clashingIndustries"))
	} else {
		l.Criteria = storedCriteria(r.GetString("criteria"), r.GetInt("applicationCap"), r.GetInt("applicationCount"))
	}
	if poster, err := app.FindRecordById("users", l.PosterID); err == nil {
		l.PosterVerified = poster.GetBool("isVerified")
		l.PosterReliable = poster.GetBool("isReliable")
		l.PosterAudience = int64(poster.GetInt("audience"))
		l.PosterMeasured = poster.GetString("audienceProvenance") == evidence.Measured
	}
	return l, nil
}

// Probe reads a listing (one prepared statement, its poster joined) as
// the search engine's reverse question sees it, with its poster's id and
// profile (what an offer's rules read), an offer with its criteria and cap:
// what the matches route needs, without loading PocketBase records.
func (s *Store) Probe(kind Kind, id string) (*search.Listing, *eligibility.Profile, error) {
	r, err := s.find(kind, id, true)
	if err != nil {
		return nil, nil, err
	}
	l := &search.Listing{
		Title: r.Title, Description: r.Description, Amount: int64(r.Amount), Categories: parseCategories(r.Categories),
		Location: r.Location, PosterID: r.User, Hidden: r.rejected(), Status: r.Status.String,
		PosterVerified: r.IsVerified.Bool, PosterReliable: r.IsReliable.Bool,
		PosterAudience: int64(r.Audience.Float64), PosterMeasured: r.AudienceProvenance.String == evidence.Measured,
		HasTiers: r.HasTiers.Bool, ClosedTo: ClosedTo(r.Exclusive.String, r.Clashing.String),
	}
	if kind.IsRequest && r.EventDate.String != "" {
		if d, err := types.ParseDateTime(r.EventDate.String); err == nil && !d.IsZero() {
			l.EventUnix = d.Time().Unix()
		}
	}
	if !kind.IsRequest {
		l.Criteria = storedCriteria(r.Criteria.String, int(r.ApplicationCap.Int64), int(r.Count.Int64))
	}
	profile := r.posterProfile()
	return l, &profile, nil
}
