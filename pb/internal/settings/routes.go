// Package settings lets a member change their own account: profile fields,
// avatar, e-mail, password, and deleting the account. Privileged fields
// (isAdmin, isVerified, subscription*, verified links) are never taken from
// a request.
package settings

import (
	"net/http"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/accounts"
)

const maxJSON = 32 << 10

// BindRoutes registers the settings routes (signed-in members only).
func BindRoutes(se *core.ServeEvent) {
	auth := apis.RequireAuth("users")
	se.Router.PATCH("/api/user", updateProfile).Bind(auth, apis.BodyLimit(maxJSON))
	se.Router.DELETE("/api/user", deleteAccount).Bind(auth, apis.BodyLimit(maxJSON))
	se.Router.POST("/api/user/avatar", uploadAvatar).Bind(auth, apis.BodyLimit(maxAvatarBody))
	se.Router.DELETE("/api/user/avatar", removeAvatar).Bind(auth)
	se.Router.POST("/api/user/email", changeEmail).Bind(auth, apis.BodyLimit(maxJSON))
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

// answerOwn answers the member's own record, as GET /api/user does.
func answerOwn(e *core.RequestEvent, member *core.Record) error {
	own, err := accounts.ToOwn(e.App, member)
	if err != nil {
		return e.InternalServerError("", err)
	}
	e.Response.Header().Set("Cache-Control", "no-store")
	return e.JSON(http.StatusOK, own)
}
