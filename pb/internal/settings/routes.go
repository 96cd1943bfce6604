// Package settings lets a member change their own account: profile fields,
// avatar, e-mail, password, and deleting the account. Privileged fields
// (isAdmin, isVerified, subscription*, verified links) are never taken from
// a request.
package settings

import (
	"errors"
	"net/http"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/membership"
)

const maxJSON = 32 << 10

// BindRoutes registers the settings routes (signed-in members only).
func BindRoutes(se *core.ServeEvent) {
	auth := membership.RequireMember()
	se.Router.PATCH("/api/user", updateProfile).Bind(auth, apis.BodyLimit(maxJSON))
	se.Router.DELETE("/api/user", deleteAccount).Bind(auth, apis.BodyLimit(maxJSON))
	se.Router.POST("/api/user/avatar", uploadAvatar).Bind(auth, limits.Upload(MaxAvatar, maxJSON))
	se.Router.DELETE("/api/user/avatar", removeAvatar).Bind(auth)
	se.Router.POST("/api/user/email", changeEmail).Bind(auth, apis.BodyLimit(maxJSON), mailbox.Required())
	se.Router.POST("/api/user/email/confirm", confirmEmail).Bind(auth, apis.BodyLimit(maxJSON))
	se.Router.POST("/api/user/password", changePassword).Bind(auth, apis.BodyLimit(maxJSON))
}

// freshMember reloads the signed-in member, so a change starts from the stored record.
func freshMember(e *core.RequestEvent) (*core.Record, error) {
	member, err := e.App.FindRecordById("users", e.Auth.Id)
	if err != nil {
		return nil, e.UnauthorizedError("You are not signed in.", nil)
	}
	return member, nil
}

// errGone: the member's account no longer exists.
var errGone = errors.New("settings: the member is gone")

// changeMember reads the signed-in member, applies change and saves, in one
// transaction. Saving writes the whole record, so a copy read outside it
// would put back what an administrator, a payment or another tab changed in
// between (a verification, a subscription). change may return an error to
// save nothing; the saved member is answered.
func changeMember(e *core.RequestEvent, change func(member *core.Record) error) (*core.Record, error) {
	var saved *core.Record
	err := e.App.RunInTransaction(func(tx core.App) error {
		member, err := tx.FindRecordById("users", e.Auth.Id)
		if err != nil {
			return errGone
		}
		if err := change(member); err != nil {
			return err
		}
		if err := tx.Save(member); err != nil {
			return err
		}
		saved = member
		return nil
	})
	if errors.Is(err, errGone) {
		return nil, e.UnauthorizedError("You are not signed in.", nil)
	}
	return saved, err
}

// answerOwn answers the member's own record, as GET /api/user does.
func answerOwn(e *core.RequestEvent, member *core.Record) error {
	own, err := accounts.ToOwn(e.App, member)
	if err != nil {
		return e.InternalServerError("", err)
	}
	e.Response.Header().Set("Cache-Control", "no-store")
	return e.JSON(http.StatusOK, own)
}

// isHTTPError tells whether err is already an answer for the client.
func isHTTPError(err error) bool {
	var apiErr *router.ApiError
	return errors.As(err, &apiErr)
}
