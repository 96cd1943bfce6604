package accounts

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/session"
)

// logout ends the session on the server and clears the cookie, so a copy
// of the cookie stops working too. Signing out twice is not an error.
func logout(e *core.RequestEvent) error {
	if member := Member(e); member != nil {
		if sid := session.Current(e); sid != "" {
			if err := session.Revoke(e.App, sid); err != nil {
				return e.InternalServerError("Could not sign out.", err)
			}
		} else if err := signOutEverywhere(e.App, member); err != nil {
			// a token from before sessions had ids can only be ended with all the others
			return e.InternalServerError("Could not sign out.", err)
		}
	}
	session.End(e)
	return e.NoContent(http.StatusNoContent)
}

// logoutEverywhere ends every session of the member, on every device: a new
// token key invalidates every token issued so far (PocketBase also drops the
// member from realtime connections, whose pages are told why), and this
// browser's cookie is cleared.
func logoutEverywhere(e *core.RequestEvent) error {
	member := Member(e)
	if member == nil {
		return e.UnauthorizedError("You are not signed in.", nil)
	}
	if err := signOutEverywhere(e.App, member); err != nil {
		return e.InternalServerError("Could not sign out everywhere.", err)
	}
	session.TellEnded(e.App, member.Id, session.EndedEverywhere, "")
	session.End(e)
	return e.NoContent(http.StatusNoContent)
}

func signOutEverywhere(app core.App, member *core.Record) error {
	fresh, err := app.FindRecordById(member.Collection(), member.Id)
	if err != nil {
		return err
	}
	fresh.RefreshTokenKey()
	return app.Save(fresh)
}
