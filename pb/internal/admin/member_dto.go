package admin

import (
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/membership"
	"sponsorbridge/pb/internal/when"
)

// Member is what administrators see of a member: the public profile plus
// e-mail, roles and subscription. Only admin routes answer it.
type Member struct {
	accounts.PublicUser
	Email              string `json:"email"`
	EmailVerified      bool   `json:"emailVerified"`
	IsAdmin            bool   `json:"isAdmin"`
	SubscriptionPlan   string `json:"subscriptionPlan"`
	SubscriptionStatus string `json:"subscriptionStatus"`
	SubscriptionExpiry string `json:"subscriptionExpiry"`
	SubscriptionActive bool   `json:"subscriptionActive"`
}

func toMember(r *core.Record, now time.Time) Member {
	return Member{
		PublicUser:         accounts.ToPublic(r),
		Email:              r.Email(),
		EmailVerified:      r.Verified(),
		IsAdmin:            membership.IsAdmin(r),
		SubscriptionPlan:   r.GetString("subscriptionPlan"),
		SubscriptionStatus: r.GetString("subscriptionStatus"),
		SubscriptionExpiry: when.API(r.GetDateTime("subscriptionExpiry").Time()),
		SubscriptionActive: membership.SubscriptionActive(r, now),
	}
}
