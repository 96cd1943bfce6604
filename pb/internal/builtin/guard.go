package builtin

import (
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// notFound is what a closed route answers: the same as a route that does
// not exist, so probing says nothing.
const notFound = "The requested API route does not exist."

// Guard closes the built-in routes a requester may not use. It runs once
// the auth token is loaded (it needs to know superusers) and before the
// rate limiter (a closed route costs nothing).
func Guard() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id:       "sbBuiltinGuard",
		Priority: apis.DefaultRateLimitMiddlewarePriority - 5,
		Func: func(e *core.RequestEvent) error {
			access, builtin := accessOf(e.Request.Pattern)
			if !builtin || access == Public || e.HasSuperuserAuth() {
				return e.Next()
			}
			if access == SuperuserSignIn && isSuperusersCollection(e) {
				return e.Next()
			}
			return e.NotFoundError(notFound, nil)
		},
	}
}

func isSuperusersCollection(e *core.RequestEvent) bool {
	c, err := e.App.FindCachedCollectionByNameOrId(e.Request.PathValue("collection"))
	return err == nil && c.Name == core.CollectionNameSuperusers
}
