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

// TellEnded tells every open page of the member whose sessions just ended
// (their token key changed) why, but the pages of session keep (the one
// that changed the password goes on; "" keeps none). Only connections
// opened by the member themselves hear it: nobody can subscribe to another
// member's ending. The pages are found by member (realtimeOf), not by
// visiting every open connection.
func TellEnded(app core.App, memberID, reason, keep string) {
	data, _ := json.Marshal(map[string]string{"reason": reason})
	msg := subscriptions.Message{Name: EndedTopic, Data: data}
	rt := realtimeOf(app)
	var told []string
	for _, client := range rt.byMember.Of(memberID) {
		if !client.HasSubscription(EndedTopic) {
			continue
		}
		if keep != "" && rt.bySession.KeyOf(client.Id()) == keep {
			continue
		}
		told = append(told, client.Id()) // told once: it is no longer the member's
		routine.FireAndForget(func() { client.Send(msg) })
	}
	rt.byMember.ForgetUnder(memberID, told...)
}
