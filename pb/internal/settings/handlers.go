package settings

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/session"
	"sponsorbridge/pb/internal/signin"
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
		return apierr.Or500(e, err)
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
		return apierr.Failed(e, err, "Could not delete the account.")
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
		return apierr.Or500(e, err)
	}
	session.TellEnded(e.App, member.Id, session.EndedPasswordChanged, session.Current(e))
	if err := session.Start(e, member); err != nil {
		return err
	}
	return answerOwn(e, member)
}

// changeEmail is POST /api/user/email (ChangeEmail).
func changeEmail(e *core.RequestEvent) error {
	in := EmailRequest{}
	if err := apierr.ReadBody(e, &in); err != nil {
		return err
	}
	member, err := ChangeEmail(e.App, e.Auth.Id, in)
	if err != nil {
		return signin.AnswerCodeFailure(e, err)
	}
	return answerOwn(e, member)
}

// confirmEmail is POST /api/user/email/confirm (ConfirmEmail). PocketBase
// ends every session of a member whose address changes: this one
// continues with a fresh session, as after a password change.
func confirmEmail(e *core.RequestEvent) error {
	in := ConfirmRequest{}
	if err := apierr.ReadBody(e, &in); err != nil {
		return err
	}
	member, err := ConfirmEmail(e.App, limits.ClientOf(e), e.Auth.Id, in)
	if err != nil {
		return apierr.Failed(e, err, "Could not save the e-mail address.")
	}
	if err := session.Start(e, member); err != nil {
		return err
	}
	return answerOwn(e, member)
}

// msgUploadForm: the body is not the form an avatar comes in.
const msgUploadForm = "Upload the image as multipart form data in the field avatar (at most 2 MB)"

// uploadAvatar is POST /api/user/avatar (UploadAvatar). The body is read
// only under an upload slot (limits.TakeUpload), to a temporary file.
func uploadAvatar(e *core.RequestEvent) error {
	if !limits.IsMultipart(e) {
		return avatarRefused(msgUploadForm)
	}
	release, err := limits.TakeUpload(e)
	if err != nil {
		return err
	}
	defer release()
	if err := e.Request.ParseMultipartForm(maxFormMemory); err != nil {
		return avatarRefused(msgUploadForm)
	}
	defer func() { _ = e.Request.MultipartForm.RemoveAll() }() // as deals' readForm
	member, err := UploadAvatar(e.Request.Context(), e.App, e.Auth.Id, e.Request.MultipartForm.File["avatar"])
	if err != nil {
		return apierr.Or500(e, err)
	}
	return answerOwn(e, member)
}

// removeAvatar is DELETE /api/user/avatar (RemoveAvatar).
func removeAvatar(e *core.RequestEvent) error {
	member, err := RemoveAvatar(e.App, e.Auth.Id)
	if err != nil {
		return apierr.Failed(e, err, "")
	}
	return answerOwn(e, member)
}
