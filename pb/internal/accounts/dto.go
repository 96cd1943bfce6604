package accounts

import (
	"math"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/eligibility"
	"sponsorbridge/pb/internal/membership"
	"sponsorbridge/pb/internal/when"
)

// SocialLink is one entry of a member's socialMedia list.
type SocialLink struct {
	Platform         string `json:"platform"`
	Username         string `json:"username"`
	Verified         bool   `json:"verified"`
	VerificationDate string `json:"verificationDate"`
}

// PublicUser is what any signed-in member may learn about another member.
type PublicUser struct {
	ID          string       `json:"id"`
	Username    string       `json:"username"`
	DisplayName string       `json:"displayName"`
	Avatar      string       `json:"avatar"`
	PhotoURL    string       `json:"photoURL"`
	IsVerified  bool         `json:"isVerified"`
	SocialMedia []SocialLink `json:"socialMedia"`
	Bio         string       `json:"bio"`
	// Industry is the member's industry key ("" when not stated;
	// docs/api/packages.md, "Industries").
	Industry    string      `json:"industry"`
	CreatedAt   string      `json:"createdAt"`
	Reliability Reliability `json:"reliability"`
	// The member's events, as the offers' eligibility rules read them
	// (docs/api/eligibility.md): a city or "Online", listing categories,
	// the next event's day (YYYY-MM-DD or "") and a self-reported audience
	// (0: not stated).
	EventLocation   string   `json:"eventLocation"`
	EventCategories []string `json:"eventCategories"`
	NextEventDate   string   `json:"nextEventDate"`
	Audience        int      `json:"audience"`
}

// Reliability is what a member's deals say of them, counted as the deals
// move (docs/api/deals.md, "Reliability"): deals that reached funded, and
// those of them completed. The completion rate is completed ÷ funded.
type Reliability struct {
	FundedDeals    int `json:"fundedDeals"`
	CompletedDeals int `json:"completedDeals"`
	// Rating is the average of the shown reviews about the member, to one
	// decimal (0 without any), and RatingCount how many there are: kept as
	// a sum and a count that change when a review is shown or hidden.
	Rating      float64 `json:"rating"`
	RatingCount int     `json:"ratingCount"`
	// MedianAnswerSeconds is the median time the member took to answer a
	// message or an application, over their last AnswerSamples answers (0
	// with none), and AnswerCount how many answers that is.
	MedianAnswerSeconds int `json:"medianAnswerSeconds"`
	AnswerCount         int `json:"answerCount"`
	// Reliable: completed deals with at least 3 distinct, established
	// counterparties and 90% of the funded ones completed (the "Reliable
	// posters" filter; the rule is deals.reliableAfter).
	Reliable bool `json:"reliable"`
}

// OwnUser is the signed-in member's own record.
type OwnUser struct {
	PublicUser
	Email              string `json:"email"`          // proven (a code came back, or Google vouched)
	PendingEmail       string `json:"pendingEmail"`   // waiting for its code
	HasProvenEmail     bool   `json:"hasProvenEmail"` // e-mails can reach the member: email is set and proven
	ProviderID         string `json:"providerId"`
	SubscriptionPlan   string `json:"subscriptionPlan"`
	SubscriptionStatus string `json:"subscriptionStatus"`
	SubscriptionExpiry string `json:"subscriptionExpiry"`
	SubscriptionActive bool   `json:"subscriptionActive"`
	CanPostAt          string `json:"canPostAt"`
	IsAdmin            bool   `json:"isAdmin"`
	// HideAsPastSponsor: the member is not listed as a past sponsor on the
	// media kits of members they sponsored (docs/api/proof-of-value.md).
	HideAsPastSponsor bool `json:"hideAsPastSponsor"`
}

// ToPublic maps a users record to its public shape.
func ToPublic(r *core.Record) PublicUser {
	links := []SocialLink{}
	_ = r.UnmarshalJSONField("socialMedia", &links)
	if links == nil {
		links = []SocialLink{}
	}
	p := eligibility.ProfileOf(r)
	if p.EventCategories == nil {
		p.EventCategories = []string{}
	}
	return PublicUser{
		EventLocation:   p.EventLocation,
		EventCategories: p.EventCategories,
		NextEventDate:   p.NextEventDate,
		Audience:        p.Audience,
		ID:              r.Id,
		Username:        r.GetString("username"),
		DisplayName:     r.GetString("displayName"),
		Avatar:          AvatarURL(r),
		PhotoURL:        r.GetString("photoURL"),
		IsVerified:      r.GetBool("isVerified"),
		SocialMedia:     links,
		Bio:             r.GetString("bio"),
		Industry:        r.GetString("industry"),
		CreatedAt:       when.API(r.GetDateTime("created").Time()),
		Reliability:     ReliabilityOf(r),
	}
}

// ToOwn maps a users record to the shape its owner sees.
func ToOwn(app core.App, r *core.Record) (OwnUser, error) {
	now := time.Now()
	next, err := membership.NextPostAt(app, r, now)
	if err != nil {
		return OwnUser{}, err
	}
	return OwnUser{
		PublicUser:         ToPublic(r),
		Email:              r.Email(),
		PendingEmail:       r.GetString("pendingEmail"),
		HasProvenEmail:     r.Email() != "" && r.Verified(),
		ProviderID:         r.GetString("providerId"),
		SubscriptionPlan:   r.GetString("subscriptionPlan"),
		SubscriptionStatus: r.GetString("subscriptionStatus"),
		SubscriptionExpiry: when.API(r.GetDateTime("subscriptionExpiry").Time()),
		SubscriptionActive: membership.SubscriptionActive(r, now),
		CanPostAt:          when.API(next),
		IsAdmin:            membership.IsAdmin(r),
		HideAsPastSponsor:  r.GetBool("hideAsPastSponsor"),
	}, nil
}

// AvatarURL is the path of the member's uploaded avatar, or "".
func AvatarURL(r *core.Record) string {
	name := r.GetString("avatar")
	if name == "" {
		return ""
	}
	return "/api/files/" + r.Collection().Id + "/" + r.Id + "/" + name
}

// ReliabilityOf is what the deals of the member r (a users record) say of
// them, as their public profile answers it.
func ReliabilityOf(r *core.Record) Reliability {
	out := Reliability{FundedDeals: r.GetInt("dealsFunded"), CompletedDeals: r.GetInt("dealsCompleted"),
		RatingCount: r.GetInt("ratingCount"), MedianAnswerSeconds: r.GetInt("answerMedianSeconds"), AnswerCount: r.GetInt("answerCount"),
		Reliable: r.GetBool("isReliable")}
	if out.RatingCount > 0 {
		out.Rating = math.Round(float64(r.GetInt("ratingSum"))*10/float64(out.RatingCount)) / 10
	}
	return out
}
