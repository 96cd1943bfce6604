package accounts

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"
)

// viewProfile answers another member's public profile.
func viewProfile(e *core.RequestEvent) error {
	member, err := e.App.FindRecordById("users", e.Request.PathValue("id"))
	if err != nil {
		return e.NotFoundError("Member not found.", nil)
	}
	return e.JSON(http.StatusOK, ToPublic(member))
}
