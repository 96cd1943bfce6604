package session

import (
	"encoding/json"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/routine"
	"github.com/pocketbase/pocketbase/tools/subscriptions"
)

// EndedTopic is the realtime topic on which an open page hears that its
// session ended elsewhere, with why ({"reason": ...}), at once rather than
// at its next request (which would answer 401 with no reason).
const EndedTopic = "session"

// Why a member's sessions ended, as the page hears it (EndedTopic).
const (
	EndedEverywhere      = "signed_out_everywhere"
	EndedPasswordChanged = "password_changed"
	EndedPasswordReset   = "password_reset"
)

// memberKey is the member a realtime connection was opened for: PocketBase
// forgets the connection's member when the token key changes, before the
// page could be told.
const memberKey = "sbMember"

// TellEnded tells every open page of the member whose sessions just ended
// (their token key changed) why, but the pages of session keep (the one
// that changed the password goes on; "" keeps none). Only connections
// opened by the member themselves hear it: nobody can subscribe to another
// member's ending.
func TellEnded(app core.App, memberID, reason, keep string) {
	data, _ := json.Marshal(map[string]string{"reason": reason})
	msg := subscriptions.Message{Name: EndedTopic, Data: data}
	for _, client := range app.SubscriptionsBroker().Clients() {
		if id, _ := client.Get(memberKey).(string); id != memberID || !client.HasSubscription(EndedTopic) {
			continue
		}
		if sid, _ := client.Get(realtimeKey).(string); keep != "" && sid == keep {
			continue
		}
		client.Unset(memberKey)
		routine.FireAndForget(func() { client.Send(msg) })
	}
}
