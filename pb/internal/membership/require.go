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
