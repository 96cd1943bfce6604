package notify

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"

	"github.com/pocketbase/pocketbase/core"
)

// E-mail topics a member can switch off one by one (in-app notifications
// always stay). Each notification type belongs to one topic.
const (
	TopicMessages     = "messages"
	TopicApplications = "applications"
	// TopicDeals: the steps of a member's deals (and, for administrators,
	// new disputes).
	TopicDeals      = "deals"
	TopicListings   = "listings"
	TopicMatches    = "matches"
	TopicAlerts     = "alerts"
	TopicPlanExpiry = "planExpiry"
)

// Topics lists the topics in the order the settings screen shows them.
var Topics = []string{TopicMessages, TopicApplications, TopicDeals, TopicListings, TopicMatches, TopicAlerts, TopicPlanExpiry}

// More notification types.
const (
	TypeMatch           = "match"
	TypeSavedSearch     = "saved_search"
	TypeEventPassed     = "event_passed"
	TypePlanExpiring    = "plan_expiring"
	TypeListingRejected = "listing_rejected"
	// TypeListingApproved: an edit of a rejected listing was approved.
	TypeListingApproved = "listing_approved"
	// TypePlanRefunded: Razorpay refunded one of the member's payments.
	TypePlanRefunded = "plan_refunded"
)

// TopicOf is the e-mail topic of a notification type.
func TopicOf(noteType string) string {
	switch noteType {
	case TypeMessage:
		return TopicMessages
	case TypeApplication, TypeApplicationAccepted, TypeApplicationDeclined, TypeSponsorship:
		return TopicApplications
	case TypeDeal:
		return TopicDeals
	case TypeMatch:
		return TopicMatches
	case TypeSavedSearch:
		return TopicAlerts
	case TypePlanExpiring, TypePlanRefunded:
		return TopicPlanExpiry
	}
	return TopicListings
}

// Prefs are a member's e-mail switches: true sends, false does not.
type Prefs map[string]bool

// PrefsOf reads a member's switches, every topic on unless switched off.
func PrefsOf(member *core.Record) Prefs {
	stored := map[string]bool{}
	_ = json.Unmarshal([]byte(member.GetString("emailPrefs")), &stored)
	out := Prefs{}
	for _, t := range Topics {
		on, set := stored[t]
		out[t] = !set || on
	}
	return out
}

// UnsubscribeSig signs (member, topic) for the one-click unsubscribe link,
// with a key only this installation knows (the users collection's secret).
func UnsubscribeSig(app core.App, userID, topic string) string {
	key := "sponsorbridge-unsubscribe"
	if users, err := app.FindCachedCollectionByNameOrId("users"); err == nil {
		key += users.AuthToken.Secret
	}
	mac := hmac.New(sha256.New, []byte(key))
	mac.Write([]byte(userID + "\x00" + topic))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// validUnsubscribe checks a signature in constant time.
func validUnsubscribe(app core.App, userID, topic, sig string) bool {
	return hmac.Equal([]byte(sig), []byte(UnsubscribeSig(app, userID, topic)))
}
