package messaging

import (
	"time"

	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/route"
)

const maxJSON = 16 << 10

// postsPerIP is the per-address limit every POST under a conversation
// shares (send, mark read).
var postsPerIP = &route.IPLimit{Label: "POST /api/conversations/", Max: 60, Seconds: 60}

// Routes are the conversation, message and unread-count routes. Every one
// needs a signed-in member.
func Routes() []route.Route {
	return []route.Route{
		{Method: "GET", Path: "/api/conversations", Handler: listConversations, Auth: route.Member, Out: route.Of[[]Conversation]()},
		{Method: "POST", Path: "/api/conversations", Handler: startConversation, Auth: route.Member, Body: maxJSON,
			PerMember: []limits.Rule{{Bucket: "conversations", Max: 20, Window: time.Hour, Message: "You have started many conversations in a short time."}},
			In:        route.Of[StartRequest](), Out: route.Of[Conversation]()},
		{Method: "GET", Path: "/api/conversations/{id}", Handler: viewConversation, Auth: route.Member, Out: route.Of[Conversation]()},
		{Method: "GET", Path: "/api/conversations/{id}/messages", Handler: listMessages, Auth: route.Member, Out: route.Of[[]Message]()},
		{Method: "POST", Path: "/api/conversations/{id}/messages", Handler: sendMessage, Auth: route.Member, Body: maxJSON, PerIP: postsPerIP,
			PerMember: []limits.Rule{
				{Bucket: "messages", Max: 20, Window: time.Minute, Message: "You are sending messages too quickly."},
				{Bucket: "messages-hour", Max: 300, Window: time.Hour, Message: "You have sent a great many messages this hour."},
			},
			In: route.Of[MessageRequest](), Out: route.Of[Message]()},
		{Method: "POST", Path: "/api/conversations/{id}/read", Handler: markConversationRead, Auth: route.Member, PerIP: postsPerIP, Out: route.Of[Unread]()},
		{Method: "GET", Path: "/api/unread", Handler: unreadTotals, Auth: route.Member, Out: route.Of[Unread]()},
	}
}
