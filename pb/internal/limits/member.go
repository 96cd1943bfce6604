package limits

import (
	"net/http"
	"strconv"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/router"
)

// Rule allows Max requests per Window to each member, counted in Bucket
// (routes that share a bucket share the count).
type Rule struct {
	Bucket  string
	Max     int
	Window  time.Duration
	Message string // what the member is told, before "Try again in …"
}

// PerMember applies a route's per-member rules (its row in the route table,
// pb/internal/route) to signed-in members (visitors are left to the route,
// which refuses them, and to the per-IP limits). It runs once the auth token
// is loaded, before the route's own work.
func PerMember(rules []Rule) *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id:       "sbPerMemberLimits",
		Priority: apis.DefaultRateLimitMiddlewarePriority + 2,
		Func: func(e *core.RequestEvent) error {
			if e.Auth == nil || e.Auth.IsSuperuser() || !enabled(e.App) {
				return e.Next()
			}
			w := windowsOf(e.App)
			for _, r := range rules {
				ok, wait := w.take(r.Bucket+"|"+e.Auth.Id, r.Max, r.Window)
				if !ok {
					return TooMany(e, r.Message, wait)
				}
			}
			return e.Next()
		},
	}
}

// TooMany answers 429 with the message, the wait in words and Retry-After.
func TooMany(e *core.RequestEvent, message string, wait time.Duration) error {
	e.Response.Header().Set("Retry-After", strconv.Itoa(int(wait.Seconds())+1))
	return router.NewApiError(http.StatusTooManyRequests, WithWait(message, wait), nil)
}

// WithWait is a refusal's message followed by the wait: "… Try again in 4 minutes."
func WithWait(message string, wait time.Duration) string {
	return message + " Try again in " + inWords(wait) + "."
}
