package listings

import (
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/search"
)

// HiddenRecord is the visibility rule (hiddenSQL) for a listing record:
// hidden from everyone but its poster and administrators.
func HiddenRecord(r *core.Record) bool {
	return r.GetBool("reviewed") && !r.GetBool("approved")
}

// KindOf tells a listing record's kind.
func KindOf(r *core.Record) Kind {
	if r.Collection().Name == Requests.Table {
		return Requests
	}
	return Sponsorships
}

// Segment is a kind's name in app paths: /listings/{segment}/{id}.
func (k Kind) Segment() string {
	if k.IsRequest {
		return "requests"
	}
	return "sponsorships"
}

// PagePath is the app path of a listing's own page (what notifications,
// e-mails, matches and alerts link to).
func PagePath(r *core.Record) string {
	return "/listings/" + KindOf(r).Segment() + "/" + r.Id
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
	}
	if poster, err := app.FindRecordById("users", l.PosterID); err == nil {
		l.PosterVerified = poster.GetBool("isVerified")
	}
	return l, nil
}

// Probe reads a listing (one prepared statement, its poster joined) as
// the search engine's reverse question sees it, with its poster's id:
// what the matches route needs, without loading PocketBase records.
func (s *Store) Probe(kind Kind, id string) (*search.Listing, error) {
	r, err := s.Find(kind, id)
	if err != nil {
		return nil, err
	}
	l := &search.Listing{
		Title: r.Title, Description: r.Description, Amount: int64(r.Amount), Categories: parseCategories(r.Categories),
		Location: r.Location, PosterID: r.User, Hidden: r.Reviewed && !r.Approved, Status: r.Status.String,
		PosterVerified: r.IsVerified.Bool,
	}
	if kind.IsRequest && r.EventDate.String != "" {
		if d, err := types.ParseDateTime(r.EventDate.String); err == nil && !d.IsZero() {
			l.EventUnix = d.Time().Unix()
		}
	}
	return l, nil
}
