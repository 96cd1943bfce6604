package sponsoring

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/eligibility"
	"sponsorbridge/pb/internal/matching"
)

// ReviewItem is an application as the offer's poster reads it in their
// applications view (docs/api/eligibility.md, "The poster's applications
// view"): the application, the poster's star, what the applicant's
// profile says, how well it fits the offer and the offer's rules the
// applicant fails now. Only the poster ever reads one: the applicant's
// answers (Application) never carry Shortlisted.
type ReviewItem struct {
	Application
	Shortlisted      bool             `json:"shortlisted"`
	ApplicantProfile ApplicantProfile `json:"applicantProfile"`
	Match            matching.Fit     `json:"match"`
	// Eligibility is the offer's rules the applicant fails now ([] when none).
	Eligibility []eligibility.Reason `json:"eligibility"`
}

// ApplicantProfile is what the applicant's profile says of their events
// and their deals, as the poster weighs an application.
type ApplicantProfile struct {
	EventLocation   string   `json:"eventLocation"`
	EventCategories []string `json:"eventCategories"`
	// NextEventDate is YYYY-MM-DD, or "".
	NextEventDate  string  `json:"nextEventDate"`
	Audience       int     `json:"audience"`
	Reliable       bool    `json:"reliable"`
	CompletedDeals int     `json:"completedDeals"`
	Rating         float64 `json:"rating"`
	ReviewCount    int     `json:"reviewCount"`
}

// toReviewItems maps applications of offer, in order, with what they
// name loaded together: the applications' own links (ToApplications) and
// one more query for the applicants' profiles, whatever the count.
func toReviewItems(app core.App, offer *core.Record, rows []*core.Record) ([]ReviewItem, error) {
	base, err := ToApplications(app, rows)
	if err != nil {
		return nil, err
	}
	ids := make([]any, 0, len(rows))
	for _, r := range rows {
		ids = append(ids, r.GetString("applicant"))
	}
	applicants := map[string]*core.Record{}
	if len(ids) > 0 {
		var found []*core.Record
		if err := app.RecordQuery("users").AndWhere(dbx.In("id", ids...)).All(&found); err != nil {
			return nil, err
		}
		for _, u := range found {
			applicants[u.Id] = u
		}
	}
	rules := rulesOf(offer)
	out := make([]ReviewItem, len(rows))
	for i, r := range rows {
		out[i] = reviewItem(base[i], r, applicants[r.GetString("applicant")], rules)
	}
	return out, nil
}

// reviewItem is one application with its applicant's record (nil when
// their account is gone) weighed against the offer's rules.
func reviewItem(a Application, r, applicant *core.Record, rules offerRules) ReviewItem {
	item := ReviewItem{Application: a, Shortlisted: r.GetBool("shortlisted"),
		ApplicantProfile: ApplicantProfile{EventCategories: []string{}},
		Match:            matching.Fit{Reasons: []string{}}, Eligibility: []eligibility.Reason{}}
	if applicant == nil {
		return item
	}
	p := eligibility.ProfileOf(applicant)
	item.ApplicantProfile = applicantProfile(applicant, p)
	item.Match = matching.ApplicantFit(rules.wants, p)
	item.Eligibility = rules.check(p)
	return item
}

// applicantProfile is the applicant u's profile p (eligibility.ProfileOf)
// with what their deals say of them.
func applicantProfile(u *core.Record, p eligibility.Profile) ApplicantProfile {
	rel := accounts.ReliabilityOf(u)
	return ApplicantProfile{
		EventLocation:   p.EventLocation,
		EventCategories: p.EventCategories,
		NextEventDate:   p.NextEventDate,
		Audience:        p.Audience,
		Reliable:        rel.Reliable,
		CompletedDeals:  rel.CompletedDeals,
		Rating:          rel.Rating,
		ReviewCount:     rel.RatingCount,
	}
}
