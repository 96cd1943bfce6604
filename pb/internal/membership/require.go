package membership

import (
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// NotSignedIn is what every route that needs a member answers a visitor
// (no session, or one that ended), with 401.
const NotSignedIn = "You are not signed in."

// RequireMember lets only signed-in members through: a visitor is answered
// 401 NotSignedIn, in the app's words on every route (PocketBase's
// apis.RequireAuth says "The request requires valid record authorization
// token."), and a superuser's token 403 (superusers are not members).
func RequireMember() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id: "sbRequireMember",
		Func: func(e *core.RequestEvent) error {
			if e.Auth == nil {
				return e.UnauthorizedError(NotSignedIn, nil)
			}
			if e.Auth.Collection().Name != "users" {
				return e.ForbiddenError("This route is for members.", nil)
			}
			return e.Next()
		},
	}
}

// RequireAdmin lets only administrators (members whose isAdmin is true)
// through: visitors get 401, everyone else 403. The session resolver reads
// an administrator's flag from the database on every request (even within
// its one-second cache, pb/internal/session/resolve.go, stillAdmin), so
// revoking the right takes effect at once, from the command line too.
// Superusers are not members and use the dashboard at /_/ instead.
func RequireAdmin() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id: "sbRequireAdmin",
		Func: func(e *core.RequestEvent) error {
			if e.Auth == nil {
				return e.UnauthorizedError(NotSignedIn, nil)
			}
			if e.Auth.Collection().Name != "users" || !IsAdmin(e.Auth) {
				return e.ForbiddenError("Only administrators can do this.", nil)
			}
			return e.Next()
		},
	}
}
