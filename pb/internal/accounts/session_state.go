package accounts

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/session"
)

// SessionAnswer is GET /api/session's answer: the member, or null for a
// visitor.
type SessionAnswer struct {
	User *OwnUser `json:"user"`
}

// sessionState answers who is signed in, 200 either way: {"user": null} for
// a visitor. The web app asks it on every start; a 401 for the expected
// "nobody" filled every visitor's console with an error. (GET /api/user
// keeps its 401 for API clients.)
func sessionState(e *core.RequestEvent) error {
	e.Response.Header().Set("Cache-Control", "no-store")
	member := Member(e)
	if member == nil {
		return e.JSON(http.StatusOK, SessionAnswer{})
	}
	if session.ViaCookie(e) {
		if err := session.Renew(e, member); err != nil {
			return err
		}
	}
	own, err := ToOwn(e.App, member)
	if err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, SessionAnswer{User: &own})
}
