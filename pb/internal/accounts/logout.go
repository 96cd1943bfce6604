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
		} else if err := rotateTokenKey(e.App, member.Id); err != nil {
			// a token from before sessions had ids can only be ended with all the others
			return e.InternalServerError("Could not sign out.", err)
		}
	}
	session.End(e)
	return e.NoContent(http.StatusNoContent)
}

// SignOutEverywhere ends every session of memberID, on every device: a
// new token key invalidates every token issued so far (PocketBase also
// drops the member from realtime connections), and their open pages are
// told why.
func SignOutEverywhere(app core.App, memberID string) error {
	if err := rotateTokenKey(app, memberID); err != nil {
		return err
	}
	session.TellEnded(app, memberID, session.EndedEverywhere, "")
	return nil
}

func rotateTokenKey(app core.App, memberID string) error {
	fresh, err := app.FindRecordById("users", memberID)
	if err != nil {
		return err
	}
	fresh.RefreshTokenKey()
	return app.Save(fresh)
}
