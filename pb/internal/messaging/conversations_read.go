package messaging

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"
)

// markConversationRead is POST /api/conversations/{id}/read
// (MarkConversationRead).
func markConversationRead(e *core.RequestEvent) error {
	totals, err := MarkConversationRead(e.App, e.Auth.Id, e.Request.PathValue("id"))
	if err != nil {
		return err
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
