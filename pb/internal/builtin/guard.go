package builtin

import (
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"sponsorbridge/pb/internal/route"
)

// notFound is what a closed route answers: the same as a route that does
// not exist, so probing says nothing.
const notFound = "The requested API route does not exist."

// Guard closes the built-in routes a requester may not use. The app's own
// routes (the route table) pass: their rows say who may call them. It runs
// once the auth token is loaded (it needs to know superusers) and before
// the rate limiter (a closed route costs nothing).
func Guard(table []route.Route) *hook.Handler[*core.RequestEvent] {
	own := make(map[string]bool, len(table))
	for _, r := range table {
		own[r.Pattern()] = true
	}
	return &hook.Handler[*core.RequestEvent]{
		Id:       "sbBuiltinGuard",
		Priority: apis.DefaultRateLimitMiddlewarePriority - 5,
		Func: func(e *core.RequestEvent) error {
			if own[e.Request.Pattern] {
				return e.Next()
			}
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
