package messaging

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
)

// startConversation is POST /api/conversations (StartConversation).
func startConversation(e *core.RequestEvent) error {
	in := StartRequest{}
	if err := apierr.ReadBody(e, &in); err != nil {
		return err
	}
	s, err := StartConversation(e.App, e.Auth.Id, in)
	if err != nil {
		return err
	}
	status := http.StatusOK
	if s.Created {
		status = http.StatusCreated
	}
	return e.JSON(status, ToConversation(e.App, s.Conversation, e.Auth.Id))
}
