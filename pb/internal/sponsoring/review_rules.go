package sponsoring

import (
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/eligibility"
	"sponsorbridge/pb/internal/matching"
)

// offerRules is what an offer asks of its applicants, read once for a
// page: what it wants (for the match) and its criteria (for eligibility).
type offerRules struct {
	wants    matching.Wants
	criteria eligibility.Criteria
}

// rulesOf reads offer's rules. The match weighs the criteria's categories
// and places, or the offer's own categories and place when its criteria
// name none.
func rulesOf(offer *core.Record) offerRules {
	c := eligibility.DecodeCriteria(offer.GetString("criteria"))
	w := matching.Wants{Categories: c.Categories, Places: c.Locations, MinAudience: c.MinAudience}
	if len(w.Categories) == 0 {
		w.Categories = offer.GetStringSlice("categories")
	}
	if len(w.Places) == 0 && offer.GetString("location") != "" {
		w.Places = []string{offer.GetString("location")}
	}
	return offerRules{wants: w, criteria: c}
}

// check is the offer's rules the applicant p fails now; the cap is not
// among them (their application already holds its place).
func (r offerRules) check(p eligibility.Profile) []eligibility.Reason {
	return eligibility.Check(r.criteria, 0, 0, p)
}
