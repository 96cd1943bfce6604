package search

import (
	"slices"
	"strings"
)

// Criteria are who may apply to a listing (an Open Sponsorship's rules): a
// Filter with EligibleOnly leaves out the listings whose Criteria its
// Applicant fails. The zero value lets anyone apply; each rule is one
// field, and a listing is restricted when one is set.
type Criteria struct {
	// Locations: the applicant's location must be the same place as one of
	// them (SamePlace). Empty names are ignored.
	Locations []string
	// Categories: the applicant must name one of them (names from
	// Config.Categories, compared as Filter.Categories; a name that is no
	// category is shared by nobody).
	Categories []string
	// EventFrom and EventTo are the first and the last day (unix seconds of
	// the day's start, UTC; 0 for no bound) of the applicant's next event.
	EventFrom, EventTo int64
	// MinAudience: the applicant's audience must reach it (0: none).
	MinAudience  int64
	VerifiedOnly bool
	ReliableOnly bool
	// Full: the listing takes no more applications (its cap is reached):
	// every applicant fails it.
	Full bool
}

// Applicant is the viewer's side of Criteria (Filter.Applicant): set by
// the caller from the signed-in member's profile, never by the client.
type Applicant struct {
	Location   string
	Categories []string
	// NextEvent is the day of the applicant's next event (unix seconds of
	// its start, UTC), 0 when none is stated: it fails any event window.
	NextEvent int64
	// Audience is the applicant's audience, 0 when not stated: it fails any
	// minimum.
	Audience int64
	Verified bool
	Reliable bool
}

// online is the one place that matches only itself (folded).
const online = "online"

// FoldPlace is a place as places compare: trimmed, case folded.
func FoldPlace(s string) string { return fold(strings.TrimSpace(s)) }

// SamePlace tells whether two places are the same for eligibility: either
// contains the other, case folded (FoldPlace); "Online" is the same place
// as "Online" only; an empty place is the same as none.
func SamePlace(a, b string) bool { return SamePlaceFolded(FoldPlace(a), FoldPlace(b)) }

// SamePlaceFolded is SamePlace of two places folded with FoldPlace.
func SamePlaceFolded(x, y string) bool {
	switch {
	case x == "" || y == "":
		return false
	case x == online || y == online:
		return x == y
	}
	return strings.Contains(x, y) || strings.Contains(y, x)
}

// rulesDoc is a listing's Criteria as the engine keeps them: places folded,
// categories as numbers.
type rulesDoc struct {
	places                     []string // folded, not empty, each once
	hasCats                    bool
	cats                       []int32 // ascending
	from, to, minAudience      int64
	verifiedOnly, reliableOnly bool
	full                       bool
}

// Restricts tells whether c sets a rule (the zero value lets anyone
// apply).
func (c *Criteria) Restricts() bool { return !c.restrictsNobody() }

// rulesOf prepares c; nil when it sets no rule (most listings: nothing
// is allocated for them).
func (e *Engine) rulesOf(c *Criteria) *rulesDoc {
	if c.restrictsNobody() {
		return nil
	}
	r := &rulesDoc{from: c.EventFrom, to: c.EventTo, minAudience: max(c.MinAudience, 0),
		verifiedOnly: c.VerifiedOnly, reliableOnly: c.ReliableOnly, full: c.Full, hasCats: len(c.Categories) > 0}
	for _, p := range c.Locations {
		if f := FoldPlace(p); f != "" && !slices.Contains(r.places, f) {
			r.places = append(r.places, f)
		}
	}
	if r.hasCats {
		r.cats, _ = e.cats.lookup(nil, c.Categories)
	}
	return r
}

// restrictsNobody tells whether c sets no rule.
func (c *Criteria) restrictsNobody() bool {
	return !slices.ContainsFunc(c.Locations, func(p string) bool { return FoldPlace(p) != "" }) && len(c.Categories) == 0 &&
		c.EventFrom == 0 && c.EventTo == 0 && c.MinAudience <= 0 && !c.VerifiedOnly && !c.ReliableOnly && !c.Full
}

// applicantForm is an Applicant prepared for many checks.
type applicantForm struct {
	place    string  // folded
	cats     []int32 // ascending
	next     int64
	audience int64
	verified bool
	reliable bool
}

func (e *Engine) applicantOf(a *Applicant) *applicantForm {
	cats, _ := e.cats.lookup(nil, a.Categories)
	return &applicantForm{place: FoldPlace(a.Location), cats: cats, next: a.NextEvent, audience: a.Audience,
		verified: a.Verified, reliable: a.Reliable}
}

// admits tells whether the applicant passes every rule (nil r: none). The
// index answers the same for many listings at once (ineligible).
func (r *rulesDoc) admits(a *applicantForm) bool {
	if r == nil {
		return true
	}
	switch {
	case r.full,
		len(r.places) > 0 && !slices.ContainsFunc(r.places, func(p string) bool { return SamePlaceFolded(a.place, p) }),
		r.hasCats && !slices.ContainsFunc(r.cats, func(c int32) bool { return slices.Contains(a.cats, c) }),
		(r.from != 0 || r.to != 0) && (a.next == 0 || a.next < r.from || r.to != 0 && a.next > r.to),
		a.audience < r.minAudience,
		r.verifiedOnly && !a.verified,
		r.reliableOnly && !a.reliable:
		return false
	}
	return true
}
