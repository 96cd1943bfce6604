// Package settings lets a member change their own account: profile fields,
// avatar, e-mail, password, and deleting the account. Privileged fields
// (isAdmin, isVerified, subscription*, verified links) are never taken from
// a request.
package settings

import (
	"errors"
	"net/http"
	"reflect"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/router"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/route"
)

const maxJSON = 32 << 10

// Routes are the settings routes (signed-in members only).
func Routes() []route.Route {
	member := func(method, path string, handler func(*core.RequestEvent) error, out reflect.Type) route.Route {
		return route.Route{Method: method, Path: path, Handler: handler, Auth: route.Member, Body: maxJSON, Out: out}
	}
	perIP := func(r route.Route, max int) route.Route {
		r.PerIP = &route.IPLimit{Label: r.Pattern(), Max: max, Seconds: 60}
		return r
	}
	profile := member("PATCH", "/api/user", updateProfile, route.Of[accounts.OwnUser]())
	remove := perIP(member("DELETE", "/api/user", deleteAccount, route.Of[route.NoContent]()), 5)
	avatar := perIP(member("POST", "/api/user/avatar", uploadAvatar, route.Of[accounts.OwnUser]()), 10)
	avatar.Upload = MaxAvatar
	unavatar := member("DELETE", "/api/user/avatar", removeAvatar, route.Of[accounts.OwnUser]())
	unavatar.Body = 0
	email := perIP(member("POST", "/api/user/email", changeEmail, route.Of[accounts.OwnUser]()), 5)
	email.PerMember = []limits.Rule{{Bucket: "email-change", Max: 5, Window: time.Hour, Message: "You have asked for many e-mail codes in a short time."}}
	email.Also = []*hook.Handler[*core.RequestEvent]{mailbox.Required()}
	confirm := perIP(member("POST", "/api/user/email/confirm", confirmEmail, route.Of[accounts.OwnUser]()), 10)
	password := perIP(member("POST", "/api/user/password", changePassword, route.Of[accounts.OwnUser]()), 5)
	password.PerMember = []limits.Rule{{Bucket: "password", Max: 10, Window: time.Hour, Message: "You have changed your password many times in a short time."}}
	return []route.Route{profile, remove, avatar, unavatar, email, confirm, password}
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
