// Package settings lets a member change their own account: profile fields,
// avatar, e-mail, password, and deleting the account. Privileged fields
// (isAdmin, isVerified, subscription*, verified links) are never taken from
// a request.
package settings

import (
	"net/http"
	"reflect"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/membership"
	"sponsorbridge/pb/internal/refusal"
	"sponsorbridge/pb/internal/route"
)

const maxJSON = 32 << 10

// Routes are the settings routes (signed-in members only).
func Routes() []route.Route {
	member := func(method, path string, handler func(*core.RequestEvent) error, in, out reflect.Type) route.Route {
		return route.Route{Method: method, Path: path, Handler: handler, Auth: route.Member, Body: maxJSON, In: in, Out: out}
	}
	perIP := func(r route.Route, max int) route.Route {
		r.PerIP = &route.IPLimit{Label: r.Pattern(), Max: max, Seconds: 60}
		return r
	}
	profile := member("PATCH", "/api/user", updateProfile, route.Of[ProfileRequest](), route.Of[accounts.OwnUser]())
	remove := perIP(member("DELETE", "/api/user", deleteAccount, route.Of[DeleteRequest](), route.Of[route.NoContent]()), 5)
	avatar := perIP(member("POST", "/api/user/avatar", uploadAvatar, nil, route.Of[accounts.OwnUser]()), 10)
	avatar.Upload = MaxAvatar
	unavatar := member("DELETE", "/api/user/avatar", removeAvatar, nil, route.Of[accounts.OwnUser]())
	unavatar.Body = 0
	email := perIP(member("POST", "/api/user/email", changeEmail, route.Of[EmailRequest](), route.Of[accounts.OwnUser]()), 5)
	email.PerMember = []limits.Rule{{Bucket: "email-change", Max: 5, Window: time.Hour, Message: "You have asked for many e-mail codes in a short time."}}
	email.Also = []*hook.Handler[*core.RequestEvent]{mailbox.Required()}
	confirm := perIP(member("POST", "/api/user/email/confirm", confirmEmail, route.Of[ConfirmRequest](), route.Of[accounts.OwnUser]()), 10)
	password := perIP(member("POST", "/api/user/password", changePassword, route.Of[PasswordRequest](), route.Of[accounts.OwnUser]()), 5)
	password.PerMember = []limits.Rule{{Bucket: "password", Max: 10, Window: time.Hour, Message: "You have changed your password many times in a short time."}}
	return []route.Route{profile, remove, avatar, unavatar, email, confirm, password}
}

// freshMember reads memberID's stored record, so a change starts from it;
// a member who is gone is not signed in.
func freshMember(app core.App, memberID string) (*core.Record, error) {
	member, err := app.FindRecordById("users", memberID)
	if err != nil {
		return nil, notSignedIn()
	}
	return member, nil
}

func notSignedIn() error { return refusal.New(refusal.NotSignedIn, membership.NotSignedIn) }

// changeMember reads memberID, applies change and saves, in one
// transaction. Saving writes the whole record, so a copy read outside it
// would put back what an administrator, a payment or another tab changed in
// between (a verification, a subscription). change may return an error to
// save nothing; the saved member is answered.
func changeMember(app core.App, memberID string, change func(member *core.Record) error) (*core.Record, error) {
	var saved *core.Record
	err := app.RunInTransaction(func(tx core.App) error {
		member, err := tx.FindRecordById("users", memberID)
		if err != nil {
			return notSignedIn()
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
	return saved, err
}

// orInvalid is err as a refusal: a refusal as it is, anything else (the
// record's own validation) Invalid with message.
func orInvalid(err error, message string) error {
	if _, ok := refusal.As(err); ok || err == nil {
		return err
	}
	return refusal.Invalidf(message, err)
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
