// Package scanref is the naive reference the search engine is tested
// against over SQLite: every listing read from the table, the rules applied
// one by one (searchtest's reference), sorted. Slow and obviously right.
package scanref

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/search"
	"sponsorbridge/pb/search/searchtest"
)

// Doc is one listing as the reference sees it: the listing as the search
// engine's reference reads it, and its record id.
type Doc struct {
	ID string
	searchtest.Doc
}

// Load reads every listing of a table.
func Load(t testing.TB, app core.App, s listings.SearchSpec) []Doc {
	t.Helper()
	status, event, packages, criteria := "''", "''", "0, '[]', '[]'", "'', 0, 0"
	if s.HasStatus {
		status = "t.status"
	}
	if s.HasEventDate {
		event = "t.eventDate"
	}
	if s.HasPackages {
		packages = "t.hasTiers, t.exclusiveIndustries, t.clashingIndustries"
	}
	if s.HasCriteria {
		criteria = "COALESCE(t.criteria, ''), t.applicationCap, t.applicationCount"
	}
	rows, err := app.DB().NewQuery(`SELECT t.rowid, t.id, t.title, t.description, t.` + s.AmountField + `, t.location, t.categories, t.user,
		(` + s.HiddenSQL + `), ` + status + `, ` + event + `, COALESCE(u.isVerified, 0), COALESCE(u.isReliable, 0),
		COALESCE(u.audience, 0), COALESCE(u.audienceProvenance, ''), ` + packages + `, ` + criteria + ` FROM ` + s.Table + ` t LEFT JOIN users u ON u.id = t.user`).Rows()
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []Doc
	for rows.Next() {
		var id string
		var rowid int64
		var l search.Listing
		var cats, ev, exclusive, clashing string
		var amount, capacity, count, audience float64
		var criteria, provenance string
		if err := rows.Scan(&rowid, &id, &l.Title, &l.Description, &amount, &l.Location, &cats, &l.PosterID, &l.Hidden, &l.Status, &ev, &l.PosterVerified, &l.PosterReliable,
			&audience, &provenance, &l.HasTiers, &exclusive, &clashing, &criteria, &capacity, &count); err != nil {
			t.Fatal(err)
		}
		// the union of the two lists, read plainly
		for _, list := range []string{exclusive, clashing} {
			for _, name := range strings.Split(strings.Trim(list, `[]"`), `","`) {
				if name != "" && !slices.Contains(l.ClosedTo, name) {
					l.ClosedTo = append(l.ClosedTo, name)
				}
			}
		}
		l.Criteria = criteriaOf(t, criteria)
		l.Criteria.Full = capacity > 0 && count >= capacity
		l.Amount = int64(amount)
		l.PosterAudience, l.PosterMeasured = int64(audience), provenance == "measured"
		l.Categories = strings.Split(strings.Trim(cats, `[]"`), `","`)
		if ev != "" {
			dt, _ := types.ParseDateTime(ev)
			l.EventUnix = dt.Time().Unix()
		}
		out = append(out, Doc{ID: id, Doc: searchtest.NewDoc(rowid, l)})
	}
	return out
}

// criteriaOf reads a stored criteria column plainly.
func criteriaOf(t testing.TB, stored string) search.Criteria {
	var c struct {
		Locations, Categories []string
		EventFrom, EventTo    string
		MinAudience           int64
		VerifiedOnly          bool
		ReliableOnly          bool
	}
	if stored != "" && stored != "null" {
		if err := json.Unmarshal([]byte(stored), &c); err != nil {
			t.Fatalf("criteria %q: %v", stored, err)
		}
	}
	day := func(s string) int64 {
		if s == "" {
			return 0
		}
		d, err := time.Parse("2006-01-02", s)
		if err != nil {
			t.Fatal(err)
		}
		return d.Unix()
	}
	return search.Criteria{Locations: c.Locations, Categories: c.Categories, EventFrom: day(c.EventFrom), EventTo: day(c.EventTo),
		MinAudience: c.MinAudience, VerifiedOnly: c.VerifiedOnly, ReliableOnly: c.ReliableOnly}
}

// Match is the engine's rule written plainly (searchtest.Match).
func Match(d Doc, f search.Filter, now int64) bool { return searchtest.Match(&d.Doc, f, now) }

// Search returns the matches in the sort order: newest first, or by amount
// with the newest first among equal amounts (searchtest.Search).
func Search(docs []Doc, f search.Filter, s search.Sort, now int64) []Doc {
	ref := make([]searchtest.Doc, len(docs))
	ids := make(map[int64]string, len(docs))
	for i, d := range docs {
		ref[i] = d.Doc
		ids[d.Rowid] = d.ID
	}
	found := searchtest.Search(ref, f, s, now)
	out := make([]Doc, len(found))
	for i, d := range found {
		out[i] = Doc{ID: ids[d.Rowid], Doc: d}
	}
	return out
}

// Rowids lists the docs' rowids.
func Rowids(ds []Doc) []int64 {
	out := make([]int64, len(ds))
	for i, d := range ds {
		out[i] = d.Rowid
	}
	return out
}

// IDs lists the docs' record ids.
func IDs(ds []Doc) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = d.ID
	}
	return out
}
