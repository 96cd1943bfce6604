package builtin

import (
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/session"
)

// RealtimeTopics are the only subscriptions members may make: what the web
// app's subscribeInbox (web/src/lib/pb.ts) asks for, without options.
// Their events reach only the members the collections' list rules name
// (participants or owner), found by member (pb/internal/live), so these
// stay readable by rule while the HTTP records API is closed. Options are
// refused because they carry a
// client filter and expand, which PocketBase resolves through relations
// without applying the related collection's rules: a subscription with
// filter=sender.applications_via_applicant.message~'a%' would turn every
// incoming event into an oracle for other members' private notes.
var RealtimeTopics = map[string]bool{
	"messages/*":      true,
	"conversations/*": true,
	"notifications/*": true,
	"deals/*":         true, // which of the member's deals changed: its open page reads it again
	// no record: the member's own connections hear why their sessions
	// ended (session.TellEnded sends to them alone)
	session.EndedTopic: true,
}

// BindRealtime refuses every other subscription from members, and every
// subscription from visitors: the rules deliver them no event, so a
// visitor's stream serves nothing, and one subscribed to nothing is closed
// (BindStreams).
func BindRealtime(app core.App) {
	app.OnRealtimeSubscribeRequest().BindFunc(func(e *core.RealtimeSubscribeRequestEvent) error {
		if e.HasSuperuserAuth() {
			return e.Next()
		}
		for _, topic := range e.Subscriptions {
			if !RealtimeTopics[topic] || e.Auth == nil {
				return e.ForbiddenError("This realtime subscription is not available.", nil)
			}
		}
		return e.Next()
	})
}
