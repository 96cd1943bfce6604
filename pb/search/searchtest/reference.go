package searchtest

import (
	"slices"
	"strings"

	"sponsorbridge/pb/search"
)

// Doc is one listing as the reference sees it.
type Doc struct {
	Rowid int64
	search.Listing

	// the text fields folded, made once by NewDoc (Match makes them for a
	// Doc made otherwise)
	lowTitle, lowDesc, lowLocation string
	lowered                        bool
}

// NewDoc makes a Doc of a listing.
func NewDoc(rowid int64, l search.Listing) Doc {
	return Doc{Rowid: rowid, Listing: l, lowTitle: strings.ToLower(l.Title), lowDesc: strings.ToLower(l.Description),
		lowLocation: strings.ToLower(l.Location), lowered: true}
}

// Match is the engine's rule (Filter's fields) written plainly, listing by
// listing; now is the clock in unix seconds.
func Match(d *Doc, f search.Filter, now int64) bool {
	if !d.lowered {
		*d = NewDoc(d.Rowid, d.Listing)
	}
	if d.Hidden && !f.IncludeHidden {
		return false
	}
	if kw := strings.ToLower(strings.TrimSpace(f.Keyword)); kw != "" &&
		!strings.Contains(d.lowTitle, kw) && !strings.Contains(d.lowDesc, kw) {
		return false
	}
	if len(f.Categories) > 0 && !slices.ContainsFunc(f.Categories, func(c string) bool {
		return slices.ContainsFunc(d.Categories, func(mine string) bool { return strings.EqualFold(c, mine) })
	}) {
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
	if f.PosterID != "" && d.PosterID != f.PosterID {
		return false
	}
	if f.ExcludePosterID != "" && d.PosterID == f.ExcludePosterID {
		return false
	}
	if f.VerifiedOnly && !d.PosterVerified {
		return false
	}
	if f.ReliableOnly && !d.PosterReliable {
		return false
	}
	if f.MinAudience != nil && d.PosterAudience < *f.MinAudience || f.MeasuredOnly && !d.PosterMeasured {
		return false
	}
	if f.HasTiers && !d.HasTiers {
		return false
	}
	if f.OpenToMe && f.Industry != "" && slices.Contains(d.ClosedTo, f.Industry) {
		return false
	}
	if f.EligibleOnly && f.Applicant != nil && !Admits(d.Criteria, *f.Applicant) {
		return false
	}
	if f.Status != "" {
		st := d.Status
		if st == "" {
			st = "open"
		}
		if st == "open" && d.EventUnix != 0 && now >= d.EventUnix+24*3600 {
			st = "closed"
		}
		if st != f.Status {
			return false
		}
	}
	return true
}

// Admits is Criteria's rule written plainly: the applicant passes every
// rule the criteria set.
func Admits(c search.Criteria, a search.Applicant) bool {
	if c.Full {
		return false
	}
	here := strings.ToLower(strings.TrimSpace(a.Location))
	placed, samePlace := false, false
	for _, p := range c.Locations {
		there := strings.ToLower(strings.TrimSpace(p))
		if there == "" {
			continue
		}
		placed = true
		switch {
		case here == "":
		case here == "online" || there == "online":
			samePlace = samePlace || here == there
		default:
			samePlace = samePlace || strings.Contains(here, there) || strings.Contains(there, here)
		}
	}
	if placed && !samePlace {
		return false
	}
	if len(c.Categories) > 0 && !slices.ContainsFunc(c.Categories, func(x string) bool {
		return slices.ContainsFunc(a.Categories, func(y string) bool { return strings.EqualFold(x, y) })
	}) {
		return false
	}
	if c.EventFrom != 0 || c.EventTo != 0 {
		if a.NextEvent == 0 || a.NextEvent < c.EventFrom || c.EventTo != 0 && a.NextEvent > c.EventTo {
			return false
		}
	}
	if a.Audience < c.MinAudience {
		return false
	}
	return (!c.VerifiedOnly || a.Verified) && (!c.ReliableOnly || a.Reliable)
}

// Search returns the matches in the sort order: newest (highest rowid)
// first, or by amount with the newest first among equal amounts.
func Search(docs []Doc, f search.Filter, s search.Sort, now int64) []Doc {
	var m []Doc
	for i := range docs {
		if Match(&docs[i], f, now) {
			m = append(m, docs[i])
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

// Rowids lists the docs' rowids.
func Rowids(ds []Doc) []int64 {
	out := make([]int64, len(ds))
	for i, d := range ds {
		out[i] = d.Rowid
	}
	return out
}
