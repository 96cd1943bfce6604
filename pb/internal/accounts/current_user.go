package accounts

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"
)

// currentUser answers the signed-in member's own record, or 401.
func currentUser(e *core.RequestEvent) error {
	member := Member(e)
	if member == nil {
		return e.UnauthorizedError("You are not signed in.", nil)
	}
	own, err := ToOwn(e.App, member)
	if err != nil {
		return e.InternalServerError("", err)
	}
	e.Response.Header().Set("Cache-Control", "no-store")
	return e.JSON(http.StatusOK, own)
}
