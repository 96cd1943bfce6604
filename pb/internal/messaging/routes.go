package messaging

import (
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/membership"
)

const maxJSON = 16 << 10

// BindRoutes registers the conversation, message and unread-count routes.
// Every one needs a signed-in member.
func BindRoutes(se *core.ServeEvent) {
	g := se.Router.Group("/api/conversations")
	g.Bind(membership.RequireMember())
	g.GET("", listConversations)
	g.POST("", startConversation).Bind(apis.BodyLimit(maxJSON))
	g.GET("/{id}", viewConversation)
	g.GET("/{id}/messages", listMessages)
	g.POST("/{id}/messages", sendMessage).Bind(apis.BodyLimit(maxJSON))
	g.POST("/{id}/read", markConversationRead)
	se.Router.GET("/api/unread", unreadTotals).Bind(membership.RequireMember())
}

// participantConversation loads the conversation of the path if the member
// takes part in it. Everyone else gets the same 404 as for a missing one.
func participantConversation(e *core.RequestEvent) (*core.Record, error) {
	conv, err := e.App.FindRecordById(Conversations, e.Request.PathValue("id"))
	if err != nil || !IsParticipant(conv, e.Auth.Id) {
		return nil, e.NotFoundError("Conversation not found.", nil)
	}
	return conv, nil
}
