package messaging

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
)

// The write routes' handlers: each decodes its body, calls its action and
// answers.

// startConversation is POST /api/conversations (StartConversation).
func startConversation(e *core.RequestEvent) error {
	in := StartRequest{}
	if err := apierr.ReadBody(e, &in); err != nil {
		return err
	}
	s, err := StartConversation(e.App, e.Auth.Id, in)
	if err != nil {
		return apierr.Or500(e, err)
	}
	status := http.StatusOK
	if s.Created {
		status = http.StatusCreated
	}
	return e.JSON(status, ToConversation(e.App, s.Conversation, e.Auth.Id))
}

// sendMessage is POST /api/conversations/{id}/messages (SendMessage).
func sendMessage(e *core.RequestEvent) error {
	id := e.Request.PathValue("id")
	in := MessageRequest{}
	if err := apierr.ReadBody(e, &in); err != nil {
		// someone else's conversation is not found, whatever the body
		if _, missing := Participating(e.App, id, e.Auth.Id); missing != nil {
			return missing
		}
		return apierr.Or500(e, err)
	}
	msg, err := SendMessage(e.App, e.Auth, id, in)
	if err != nil {
		return apierr.Or500(e, err)
	}
	return e.JSON(http.StatusCreated, ToMessage(e.App, msg, e.Auth.Id))
}

// markConversationRead is POST /api/conversations/{id}/read
// (MarkConversationRead).
func markConversationRead(e *core.RequestEvent) error {
	totals, err := MarkConversationRead(e.App, e.Auth.Id, e.Request.PathValue("id"))
	if err != nil {
		return apierr.Or500(e, err)
	}
	return e.JSON(http.StatusOK, totals)
}

// unreadTotals answers the member's unread messages and notifications.
func unreadTotals(e *core.RequestEvent) error {
	totals, err := unreadFor(e.App, e.Auth.Id)
	if err != nil {
		return e.InternalServerError("", err)
	}
	e.Response.Header().Set("Cache-Control", "no-store")
	return e.JSON(http.StatusOK, totals)
}
