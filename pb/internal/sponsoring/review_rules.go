package sponsoring

import (
	"encoding/json"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/matching"
)

// EligibilityReason is one rule of an offer an applicant fails.
// TODO(merge h-a): eligibility.Reason.
type EligibilityReason struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// offerRules is what an offer asks of its applicants, read once for a
// page: what it wants (for the match) and its criteria (for eligibility).
type offerRules struct {
	wants matching.Wants
}

// rulesOf reads offer's rules. The match weighs the criteria's categories
// and places, or the offer's own categories and place when its criteria
// name none.
func rulesOf(offer *core.Record) offerRules {
	var c struct {
		Locations   []string `json:"locations"`
		Categories  []string `json:"categories"`
		MinAudience int      `json:"minAudience"`
	}
	_ = json.Unmarshal([]byte(offer.GetString("criteria")), &c)
	w := matching.Wants{Categories: c.Categories, Places: c.Locations, MinAudience: c.MinAudience}
	if len(w.Categories) == 0 {
		w.Categories = offer.GetStringSlice("categories")
	}
	if len(w.Places) == 0 && offer.GetString("location") != "" {
		w.Places = []string{offer.GetString("location")}
	}
	return offerRules{wants: w}
}

// check is the offer's rules the applicant fails now; the cap is not
// among them (their application already has its place).
func (r offerRules) check(applicant *core.Record) []EligibilityReason {
	return []EligibilityReason{}
}
