package accounts

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/session"
)

// logout ends the cookie session. Signing out twice is not an error.
func logout(e *core.RequestEvent) error {
	session.End(e)
	return e.NoContent(http.StatusNoContent)
}
