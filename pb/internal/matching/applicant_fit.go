package matching

import (
	"math"
	"strconv"
	"strings"

	"sponsorbridge/pb/search"
)

// Wants is what an offer looks for in an applicant's events: its
// categories, its places (cities or "Online") and a minimum audience (0:
// none).
type Wants struct {
	Categories  []string
	Places      []string
	MinAudience int
}

// Events is what an applicant's profile says of their events.
type Events struct {
	Location   string
	Categories []string
	Audience   int
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
func ApplicantFit(w Wants, e Events) Fit {
	f := Fit{Reasons: []string{}}
	if common := shared(w.Categories, e.Categories); len(common) > 0 {
		f.Score += FitCategory * float64(len(common))
		f.Reasons = append(f.Reasons, "shares "+joinNames(common))
	}
	if where := strings.TrimSpace(e.Location); where != "" {
		for _, p := range w.Places {
			if samePlace(p, where) {
				f.Score += FitPlace
				if search.Fold(where) == "online" {
					f.Reasons = append(f.Reasons, "online")
				} else {
					f.Reasons = append(f.Reasons, "in "+where)
				}
				break
			}
		}
	}
	if e.Audience > 0 {
		share := 1.0
		if w.MinAudience > 0 {
			share = min(1, float64(e.Audience)/float64(w.MinAudience))
		}
		f.Score += FitAudience * share
		f.Reasons = append(f.Reasons, "audience "+strconv.Itoa(e.Audience))
	}
	f.Score = math.Round(f.Score*10) / 10
	return f
}

// samePlace: two places match when either contains the other, ignoring
// case and accents; "Online" matches "Online" only.
func samePlace(a, b string) bool {
	a, b = search.Fold(strings.TrimSpace(a)), search.Fold(strings.TrimSpace(b))
	if a == "" || b == "" {
		return false
	}
	if a == "online" || b == "online" {
		return a == b
	}
	return strings.Contains(a, b) || strings.Contains(b, a)
}

// joinNames joins names as "A", "A and B", "A, B and C".
func joinNames(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
