package admin

import (
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"sponsorbridge/pb/internal/membership"
)

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
				return e.UnauthorizedError("You are not signed in.", nil)
			}
			if e.Auth.Collection().Name != "users" || !membership.IsAdmin(e.Auth) {
				return e.ForbiddenError("Only administrators can do this.", nil)
			}
			return e.Next()
		},
	}
}
