package matching_test

import (
	"slices"
	"testing"

	"sponsorbridge/pb/internal/eligibility"
	"sponsorbridge/pb/internal/matching"
)

func TestApplicantFit(t *testing.T) {
	t.Parallel()
	offer := matching.Wants{Categories: []string{"Education", "Arts", "Community"}, Places: []string{"Pune", "Online"}, MinAudience: 200}
	for _, c := range []struct {
		name    string
		wants   matching.Wants
		events  eligibility.Profile
		score   float64
		reasons []string
	}{
		{"nothing in common", offer, eligibility.Profile{EventLocation: "Delhi", EventCategories: []string{"Business"}}, 0, []string{}},
		{"an empty profile", offer, eligibility.Profile{}, 0, []string{}},
		{"one category", offer, eligibility.Profile{EventCategories: []string{"Arts"}}, 100, []string{"shares Arts"}},
		{"two categories, in the offer's order", offer, eligibility.Profile{EventCategories: []string{"Arts", "Education"}}, 200,
			[]string{"shares Education and Arts"}},
		{"three categories", offer, eligibility.Profile{EventCategories: []string{"Community", "Arts", "Education"}}, 300,
			[]string{"shares Education, Arts and Community"}},
		{"a place inside the offer's, as written", offer, eligibility.Profile{EventLocation: "Pune, Maharashtra"}, 10,
			[]string{"in Pune, Maharashtra"}},
		{"a place ignoring case", matching.Wants{Places: []string{"New Delhi"}}, eligibility.Profile{EventLocation: "new delhi"}, 10,
			[]string{"in new delhi"}},
		{"online matches online", offer, eligibility.Profile{EventLocation: "online"}, 10, []string{"online"}},
		{"online matches no city", matching.Wants{Places: []string{"Pune"}}, eligibility.Profile{EventLocation: "Online"}, 0, []string{}},
		{"a city matches no online offer", matching.Wants{Places: []string{"Online"}}, eligibility.Profile{EventLocation: "Pune"}, 0, []string{}},
		{"an audience reaching the minimum", offer, eligibility.Profile{Audience: 300}, 2, []string{"audience 300"}},
		{"an audience below it counts its share", offer, eligibility.Profile{Audience: 50}, 0.5, []string{"audience 50"}},
		{"an audience in thousands", offer, eligibility.Profile{Audience: 12500}, 2, []string{"audience 12,500"}},
		{"any audience stated meets no minimum", matching.Wants{}, eligibility.Profile{Audience: 1}, 2, []string{"audience 1"}},
		{"all of it", offer, eligibility.Profile{EventLocation: "Pune", EventCategories: []string{"Education", "Arts"}, Audience: 300}, 212,
			[]string{"shares Education and Arts", "in Pune", "audience 300"}},
		{"rounded to one decimal", offer, eligibility.Profile{Audience: 33}, 0.3, []string{"audience 33"}},
	} {
		got := matching.ApplicantFit(c.wants, c.events)
		if got.Score != c.score || !slices.Equal(got.Reasons, c.reasons) {
			t.Errorf("%s: %v %q, want %v %q", c.name, got.Score, got.Reasons, c.score, c.reasons)
		}
	}
}

// A shared category outweighs the place and the largest audience
// together, and the place outweighs the audience: the matches' order.
func TestApplicantFitWeighsCategoriesThenPlaceThenAudience(t *testing.T) {
	t.Parallel()
	offer := matching.Wants{Categories: []string{"Education"}, Places: []string{"Pune"}, MinAudience: 100}
	category := matching.ApplicantFit(offer, eligibility.Profile{EventCategories: []string{"Education"}})
	place := matching.ApplicantFit(offer, eligibility.Profile{EventLocation: "Pune", Audience: 1_000_000})
	audience := matching.ApplicantFit(offer, eligibility.Profile{Audience: 1_000_000})
	if !(category.Score > place.Score && place.Score > audience.Score) {
		t.Errorf("category %v, place and audience %v, audience %v", category.Score, place.Score, audience.Score)
	}
}
