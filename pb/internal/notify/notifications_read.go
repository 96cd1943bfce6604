package notify

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
)

// markRead is POST /api/notifications/read (MarkRead).
func markRead(e *core.RequestEvent) error {
	in := ReadRequest{}
	if err := apierr.ReadOptionalBody(e, &in); err != nil {
		return err
	}
	answer, err := MarkRead(e.App, e.Auth.Id, in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, answer)
}
