package avatar

import (
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// filesRoute is PocketBase's file route, which makes thumbnails on demand.
const filesRoute = "GET /api/files/{collection}/{recordId}/{filename}"

// ThumbLimiter makes thumbnail requests share the decoding slots with
// uploads, so image work stays bounded however many requests arrive (a
// thumbnail made once is a small file read afterwards, quick to pass).
func ThumbLimiter() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id:       "sbThumbLimiter",
		Priority: apis.DefaultRateLimitMiddlewarePriority + 1, // after the rate limiter: refused requests wait for nothing
		Func: func(e *core.RequestEvent) error {
			if e.Request.Pattern != filesRoute || e.Request.URL.Query().Get("thumb") == "" {
				return e.Next()
			}
			release, err := takeSlot(e.Request.Context(), waitForThumb)
			if err != nil {
				e.Response.Header().Set("Retry-After", "5")
				return e.Error(503, "The server is busy making pictures. Please try again in a moment.", nil)
			}
			defer release()
			return e.Next()
		},
	}
}
