// Package membership answers the questions the server asks about a member
// before letting them post: are they an administrator, is their subscription
// active, and when may they post again under the one-per-24-hours allowance.
package membership

import (
	"database/sql"
	"errors"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/when"
)

// PostingWindow is the rolling window in which a plan allows one new listing.
const PostingWindow = 24 * time.Hour

// ListingTables are the collections that count towards the posting allowance.
var ListingTables = []string{"sponsorships", "sponsorship_requests"}

// The subscription statuses a member record holds; "" before the first plan.
// A status is not the verdict: an active status past its expiry is not an
// active plan (SubscriptionActive).
const (
	StatusActive    = "active"
	StatusExpired   = "expired"
	StatusCancelled = "cancelled"
)

// IsAdmin tells whether the member is an administrator.
func IsAdmin(member *core.Record) bool {
	return member != nil && member.GetBool("isAdmin")
}

// SubscriptionActive tells whether the member's plan is active now:
// status active and an expiry in the future.
func SubscriptionActive(member *core.Record, now time.Time) bool {
	if member == nil || member.GetString("subscriptionStatus") != StatusActive {
		return false
	}
	expiry := member.GetDateTime("subscriptionExpiry")
	return !expiry.IsZero() && expiry.Time().After(now)
}

// NextPostAt returns the zero time when the member may post now, else the
// moment the allowance frees up. Administrators are exempt.
func NextPostAt(app core.App, member *core.Record, now time.Time) (time.Time, error) {
	if IsAdmin(member) {
		return time.Time{}, nil
	}
	since := when.Stored(now.Add(-PostingWindow))
	var latest time.Time
	for _, table := range ListingTables {
		var created string
		err := app.DB().Select("created").From(table).
			Where(dbx.NewExp("user = {:user} AND created > {:since}", dbx.Params{"user": member.Id, "since": since})).
			OrderBy("created DESC").Limit(1).Row(&created)
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return time.Time{}, err
		}
		t, perr := time.Parse(when.StoredLayout, created)
		if perr != nil {
			return time.Time{}, perr
		}
		if t.After(latest) {
			latest = t
		}
	}
	if latest.IsZero() {
		return time.Time{}, nil
	}
	return latest.Add(PostingWindow), nil
}
