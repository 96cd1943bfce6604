package settings

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/session"
)

// The routes' handlers: each decodes its body, calls its action and
// answers. The session cookie is theirs.

// updateProfile is PATCH /api/user (UpdateProfile).
func updateProfile(e *core.RequestEvent) error {
	in := ProfileRequest{}
	if err := apierr.ReadBody(e, &in); err != nil {
		return err
	}
	member, err := UpdateProfile(e.App, e.Auth.Id, in)
	if err != nil {
		return err
	}
	return answerOwn(e, member)
}

// deleteAccount is DELETE /api/user (DeleteAccount); the session cookie is
// cleared.
func deleteAccount(e *core.RequestEvent) error {
	in := DeleteRequest{}
	if err := apierr.ReadBody(e, &in); err != nil {
		return err
	}
	if err := DeleteAccount(e.App, e.Auth.Id, in); err != nil {
		return failed(e, err, "Could not delete the account.")
	}
	session.End(e)
	return e.NoContent(http.StatusNoContent)
}

// changePassword is POST /api/user/password (ChangePassword). PocketBase
// rotates the member's tokenKey with the password, which signs out every
// other session (their open pages are told why); this one gets a fresh
// cookie.
func changePassword(e *core.RequestEvent) error {
	in := PasswordRequest{}
	if err := apierr.ReadBody(e, &in); err != nil {
		return err
	}
	member, err := ChangePassword(e.App, e.Auth.Id, in)
	if err != nil {
		return err
	}
	session.TellEnded(e.App, member.Id, session.EndedPasswordChanged, session.Current(e))
	if err := session.Start(e, member); err != nil {
		return err
	}
	return answerOwn(e, member)
}
