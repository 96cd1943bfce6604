// Package scanref is the naive reference the search engine is tested
// against: every listing read from the table, the spec's rules applied one
// by one, sorted. Slow and obviously right.
package scanref

import (
	"slices"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/search"
)

// Doc is one listing as the reference sees it.
type Doc struct {
	Rowid       int64
	ID          string
	Title, Desc string
	Amount      int64
	Location    string
	Cats        []string
	User        string
	Hidden      bool
	Status      string
	Event       int64
	Verified    bool

	// the text fields in lower case, made once by Load (Match lowers them
	// itself for a Doc made otherwise)
	lowTitle, lowDesc, lowLocation string
	lowered                        bool
}

func (d *Doc) lower() {
	d.lowTitle, d.lowDesc, d.lowLocation = strings.ToLower(d.Title), strings.ToLower(d.Desc), strings.ToLower(d.Location)
	d.lowered = true
}

// Load reads every listing of a table.
func Load(t testing.TB, app core.App, s search.TableSpec) []Doc {
	t.Helper()
	status, event := "''", "''"
	if s.HasStatus {
		status = "t.status"
	}
	if s.HasEventDate {
		event = "t.eventDate"
	}
	rows, err := app.DB().NewQuery(`SELECT t.rowid, t.id, t.title, t.description, t.` + s.AmountField + `, t.location, t.categories, t.user,
		(` + s.HiddenSQL + `), ` + status + `, ` + event + `, COALESCE(u.isVerified, 0) FROM ` + s.Table + ` t LEFT JOIN users u ON u.id = t.user`).Rows()
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []Doc
	for rows.Next() {
		var d Doc
		var cats, ev string
		var amount float64
		if err := rows.Scan(&d.Rowid, &d.ID, &d.Title, &d.Desc, &amount, &d.Location, &cats, &d.User, &d.Hidden, &d.Status, &ev, &d.Verified); err != nil {
			t.Fatal(err)
		}
		d.Amount = int64(amount)
		d.Cats = strings.Split(strings.Trim(cats, `[]"`), `","`)
		if ev != "" {
			dt, _ := types.ParseDateTime(ev)
			d.Event = dt.Time().Unix()
		}
		d.lower()
		out = append(out, d)
	}
	return out
}

// Match is the spec's rule written plainly.
func Match(d Doc, f search.Filter, now int64) bool {
	if !d.lowered {
		d.lower()
	}
	if d.Hidden && !f.IncludeHidden {
		return false
	}
	if kw := strings.ToLower(strings.TrimSpace(f.Keyword)); kw != "" &&
		!strings.Contains(d.lowTitle, kw) && !strings.Contains(d.lowDesc, kw) {
		return false
	}
	if len(f.Categories) > 0 && !slices.ContainsFunc(f.Categories, func(c string) bool { return slices.Contains(d.Cats, c) }) {
		return false
	}
	if f.MinAmount != nil && d.Amount < *f.MinAmount || f.MaxAmount != nil && d.Amount > *f.MaxAmount {
		return false
	}
	if f.Location != "" && d.Location != "" {
		here, there := d.lowLocation, strings.ToLower(f.Location)
		if !strings.Contains(here, there) && (!f.LocationEitherWay || !strings.Contains(there, here)) {
			return false
		}
	}
	if f.PosterID != "" && d.User != f.PosterID {
		return false
	}
	if f.ExcludePosterID != "" && d.User == f.ExcludePosterID {
		return false
	}
	if f.VerifiedOnly && !d.Verified {
		return false
	}
	if f.Status != "" {
		st := d.Status
		if st == "" {
			st = "open"
		}
		if st == "open" && d.Event != 0 && now >= d.Event+24*3600 {
			st = "closed"
		}
		if st != f.Status {
			return false
		}
	}
	return true
}

// Search returns the matches in the sort order: newest first, or by amount
// with the newest first among equal amounts.
func Search(docs []Doc, f search.Filter, s search.Sort, now int64) []Doc {
	var m []Doc
	for _, d := range docs {
		if Match(d, f, now) {
			m = append(m, d)
		}
	}
	slices.SortFunc(m, func(a, b Doc) int {
		if s != search.Newest && a.Amount != b.Amount {
			if (a.Amount < b.Amount) == (s == search.AmountAsc) {
				return -1
			}
			return 1
		}
		return int(b.Rowid - a.Rowid)
	})
	return m
}

// Rowids lists the docs' rowids; IDs their record ids.
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
