package messaging

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
)

// sendMessage is POST /api/conversations/{id}/messages (SendMessage).
func sendMessage(e *core.RequestEvent) error {
	in := MessageRequest{}
	if err := apierr.ReadBody(e, &in); err != nil {
		return err
	}
	msg, err := SendMessage(e.App, e.Auth, e.Request.PathValue("id"), in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusCreated, ToMessage(e.App, msg, e.Auth.Id))
}
