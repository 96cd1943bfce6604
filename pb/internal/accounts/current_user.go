package accounts

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/session"
)

// currentUser answers the signed-in member's own record, or 401.
func currentUser(e *core.RequestEvent) error {
	member := Member(e)
	if member == nil {
		return e.UnauthorizedError("You are not signed in.", nil)
	}
	// Sliding session: each visit that loads the member renews the cookie,
	// so an active member is never signed out mid-use.
	if session.ViaCookie(e) {
		if err := session.Renew(e, member); err != nil {
			return err
		}
	}
	own, err := ToOwn(e.App, member)
	if err != nil {
		return e.InternalServerError("", err)
	}
	e.Response.Header().Set("Cache-Control", "no-store")
	return e.JSON(http.StatusOK, own)
}
