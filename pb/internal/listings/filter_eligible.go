package listings

import (
	"database/sql"
	"strings"
	"time"

	"sponsorbridge/pb/internal/eligibility"
	"sponsorbridge/pb/search"
)

// "Only offers I can apply to" (eligibleOnly, docs/api/eligibility.md):
// the engine leaves out the offers whose rules the viewer fails, from its
// own form of the rules (search.Criteria, search.Applicant). These map
// the eligibility package's onto it: what eligibility.Check says of one
// offer, the engine answers for every offer at once (the cap reached
// included), and filter_eligible_internal_test.go holds the two to the same
// verdict.

// storedCriteria is an offer's stored criteria and cap (a sponsorships
// row's criteria, applicationCap and applicationCount) as the engine reads
// them.
func storedCriteria(stored string, capacity, count int) search.Criteria {
	var c search.Criteria
	if stored != "" && stored != "null" && stored != "{}" {
		c = SearchCriteria(eligibility.DecodeCriteria(stored))
	}
	_, c.Full = eligibility.CapReason(capacity, count)
	return c
}

// SearchCriteria is an offer's criteria as the engine's.
func SearchCriteria(c eligibility.Criteria) search.Criteria {
	return search.Criteria{Locations: c.Locations, Categories: c.Categories,
		EventFrom: dayUnix(c.EventFrom), EventTo: dayUnix(c.EventTo), MinAudience: int64(c.MinAudience),
		VerifiedOnly: c.VerifiedOnly, ReliableOnly: c.ReliableOnly}
}

// SearchApplicant is a member's profile as the engine's applicant.
func SearchApplicant(p eligibility.Profile) *search.Applicant {
	return &search.Applicant{Location: p.EventLocation, Categories: p.EventCategories, NextEvent: dayUnix(p.NextEventDate),
		Audience: int64(p.Audience), Verified: p.Verified, Reliable: p.Reliable}
}

// dayUnix is a "YYYY-MM-DD" day as unix seconds of its start (UTC); 0
// when empty or unreadable.
func dayUnix(day string) int64 {
	t, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return 0
	}
	return t.Unix()
}

// posterEvents is the poster's side of the rules on who may apply, joined to
// a listing's row (Store.Probe): their profile (a request's matches are the offers
// its poster may apply to) beside what every row reads (the badge, the mark,
// the audience).
type posterEvents struct {
	eventLocation, eventCategories, nextEventDate sql.NullString
}

// posterEventsColumns are posterEvents's columns over a listing table aliased t
// joined to its poster u.
const posterEventsColumns = "u.eventLocation, u.eventCategories, u.nextEventDate"

func (r *posterEvents) dest(dest []any) []any {
	return append(dest, &r.eventLocation, &r.eventCategories, &r.nextEventDate)
}

// posterProfile is the poster's profile as eligibility.ProfileOf reads it
// from their record.
func (r *row) posterProfile() eligibility.Profile {
	return eligibility.Profile{EventLocation: strings.TrimSpace(r.poster.eventLocation.String),
		EventCategories: parseCategories(r.poster.eventCategories.String), NextEventDate: eligibility.Day(r.poster.nextEventDate.String),
		Audience: int(r.Audience.Float64), Verified: r.IsVerified.Bool, Reliable: r.IsReliable.Bool}
}
