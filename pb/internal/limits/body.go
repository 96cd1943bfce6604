package limits

import (
	"io"
	"mime"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/router"
)

// DefaultBody is the most any route reads of a request's body unless it
// binds its own limit (apis.BodyLimit, or Upload for the routes that take
// a picture): PocketBase's own open routes (realtime's subscriptions, the
// dashboard's sign-in) take a few hundred bytes of JSON.
const DefaultBody = 16 << 10

// Body replaces PocketBase's default body limit (32 MB, of which its router
// keeps up to 16 MB in memory to allow a second read) for every route, with
// DefaultBody. It carries PocketBase's middleware id, so a route that binds
// apis.BodyLimit or Upload replaces it in turn. A body announced larger is
// refused without being read; one sent in chunks is cut at the limit, and
// the route's answer is then the same 413. Signed-in superusers keep
// PocketBase's limit: the dashboard imports collections and sends settings
// larger than this, and a stranger never reaches those routes (builtin.Guard
// answers them 404 before their body is read).
func Body() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id:       apis.DefaultBodyLimitMiddlewareId,
		Priority: apis.DefaultBodyLimitMiddlewarePriority,
		Func: func(e *core.RequestEvent) error {
			limit := int64(DefaultBody)
			if e.HasSuperuserAuth() {
				limit = apis.DefaultMaxBodySize
			}
			return capBody(e, limit, false)
		},
	}
}

// Upload is the body limit of a route that takes one file as multipart form
// data: the file's maxFile plus 64 KB of text fields and framing, and
// maxJSON for any other body. A multipart body is read past PocketBase's
// re-readable copy (which would keep 16 MB of it in memory), so the form
// reader alone decides what stays in memory and what waits on disk; the
// route reads it once, after its checks and an upload slot (TakeUpload).
func Upload(maxFile, maxJSON int64) *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id:       apis.DefaultBodyLimitMiddlewareId,
		Priority: apis.DefaultBodyLimitMiddlewarePriority,
		Func: func(e *core.RequestEvent) error {
			if !IsMultipart(e) {
				return capBody(e, maxJSON, false)
			}
			return capBody(e, maxFile+MultipartFraming, true)
		},
	}
}

// MultipartFraming is what an upload's body may hold beside its file: the
// form's text fields and the parts' headers and boundaries.
const MultipartFraming = 64 << 10

// IsMultipart tells whether the request's body is multipart form data.
func IsMultipart(e *core.RequestEvent) bool {
	t, _, _ := mime.ParseMediaType(e.Request.Header.Get("Content-Type"))
	return t == "multipart/form-data"
}

// capBody refuses a body announced over limit before reading it, and cuts
// one sent in chunks at limit; the route's answer to a cut body is 413.
// direct reads past PocketBase's re-readable copy of the body.
func capBody(e *core.RequestEvent, limit int64, direct bool) error {
	if e.Request.ContentLength > limit {
		return apis.ErrRequestEntityTooLarge
	}
	inner := e.Request.Body
	if rr, ok := inner.(*router.RereadableReadCloser); ok && direct {
		inner = rr.ReadCloser // the router still closes it, through rr
	}
	body := &capped{ReadCloser: inner, limit: limit, remaining: limit}
	e.Request.Body = body
	err := e.Next()
	if err != nil && body.tripped {
		return apis.ErrRequestEntityTooLarge // whatever the route made of the cut body
	}
	return err
}

// errTooLarge is what a read past the limit answers the route.
var errTooLarge error = apis.ErrRequestEntityTooLarge

// capped reads at most limit bytes of a body, then fails. It passes
// PocketBase's Reread on, so a route may still read the body twice.
type capped struct {
	io.ReadCloser
	limit, remaining int64
	over             bool // this read of the body passed the limit
	tripped          bool // some read did
}

func (c *capped) Read(p []byte) (int, error) {
	if c.over {
		return 0, errTooLarge
	}
	if len(p) == 0 {
		return 0, nil
	}
	if int64(len(p)) > c.remaining+1 {
		p = p[:c.remaining+1] // one byte past the limit tells that there is more
	}
	n, err := c.ReadCloser.Read(p)
	if int64(n) <= c.remaining {
		c.remaining -= int64(n)
		return n, err
	}
	n = int(c.remaining)
	c.remaining = 0
	c.over, c.tripped = true, true
	return n, errTooLarge
}

// Reread lets PocketBase's re-readable body start again from its first byte.
func (c *capped) Reread() {
	if r, ok := c.ReadCloser.(router.Rereader); ok {
		r.Reread()
		c.remaining, c.over = c.limit, false
	}
}

// Close closes the body underneath.
func (c *capped) Close() error { return c.ReadCloser.Close() }
