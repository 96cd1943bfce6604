package matching

import (
	"math"
	"strings"

	"sponsorbridge/pb/internal/eligibility"
	"sponsorbridge/pb/internal/money"
)

// Wants is what an offer looks for in an applicant's events: its
// categories, its places (cities or "Online") and a minimum audience (0:
// none).
type Wants struct {
	Categories  []string
	Places      []string
	MinAudience int
}

// Fit is how well an applicant's events fit an offer: a score (higher is
// better) and why, in the words the poster reads.
type Fit struct {
	Score   float64  `json:"score"`
	Reasons []string `json:"reasons"`
}

// Fit's weights keep the matches' order (score): each shared category
// counts FitCategory, then the place FitPlace, then the audience against
// the minimum at most FitAudience, so the order is lexicographic.
const (
	FitCategory = 100
	FitPlace    = 10
	FitAudience = 2
)

// ApplicantFit ranks an applicant's events against what an offer wants
// (docs/api/eligibility.md, "The poster's applications view"): FitCategory
// for each shared category ("shares Education and Arts"), FitPlace when
// their place is among the offer's ("in Pune"), and for a stated audience
// FitAudience when it reaches the minimum (or there is none), the share of
// it it reaches otherwise ("audience 300"). The score is rounded to one
// decimal.
func ApplicantFit(w Wants, p eligibility.Profile) Fit {
	f := Fit{Reasons: []string{}}
	if common := shared(w.Categories, p.EventCategories); len(common) > 0 {
		f.Score += FitCategory * float64(len(common))
		f.Reasons = append(f.Reasons, "shares "+eligibility.List(common))
	}
	if where := strings.TrimSpace(p.EventLocation); eligibility.PlaceMatches(w.Places, where) {
		f.Score += FitPlace
		if strings.EqualFold(where, eligibility.Online) {
			f.Reasons = append(f.Reasons, "online")
		} else {
			f.Reasons = append(f.Reasons, "in "+where)
		}
	}
	if p.Audience > 0 {
		share := 1.0
		if w.MinAudience > 0 {
			share = min(1, float64(p.Audience)/float64(w.MinAudience))
		}
		f.Score += FitAudience * share
		f.Reasons = append(f.Reasons, "audience "+money.Thousands(int64(p.Audience)))
	}
	f.Score = math.Round(f.Score*10) / 10
	return f
}
