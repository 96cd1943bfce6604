package app

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"net/http"
	"os"
	"path"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"sponsorbridge/pb/internal/compress"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/publicurl"
)

// bindAPINotFound answers unknown /api/ paths with a JSON 404 instead of
// the SPA's index.html.
func bindAPINotFound(se *core.ServeEvent) {
	notFound := func(e *core.RequestEvent) error {
		return e.NotFoundError("The requested API route does not exist.", nil)
	}
	for _, m := range []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
		se.Router.Route(m, "/api/{path...}", notFound)
	}
}

// bindSPA serves the built web app. Client routes get index.html with the
// page's link-preview tags (preview.go); a missing asset (a path with a file
// extension) is a real 404. Files go out in their precompressed variants
// when the client takes them (compress.ServeFile). Hashed assets are cached
// for a year; index.html and the other files are revalidated each time.
func bindSPA(se *core.ServeEvent, dir string, store *listings.Store) {
	fsys := os.DirFS(dir)
	sources := previewSources(store)
	se.Router.GET("/{path...}", func(e *core.RequestEvent) error {
		p := strings.TrimPrefix(path.Clean("/"+e.Request.PathValue("path")), "/")
		// The policy governs documents (pages, and an SVG opened on its own);
		// scripts and style sheets are fetched by the page, whose policy applies,
		// so they go without its 500 bytes.
		if ext := path.Ext(p); ext != ".js" && ext != ".css" {
			e.Response.Header().Set("Content-Security-Policy", contentSecurityPolicy)
		}
		if p == "" || p == "index.html" || path.Ext(p) == "" {
			return serveIndex(e, fsys, previewOf(e.App, sources, p), unlisted(p))
		}
		if fi, err := fs.Stat(fsys, p); err != nil || !fi.Mode().IsRegular() {
			return e.NotFoundError("File not found.", nil)
		}
		if strings.HasPrefix(p, "assets/") {
			e.Response.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		} else {
			e.Response.Header().Set("Cache-Control", "no-cache")
		}
		return compress.ServeFile(e, fsys, p)
	}).Bind(apis.SkipSuccessActivityLog())
}

// serveIndex answers index.html with the page's preview tags (and, for an
// unlisted page, the robots noindex in a tag and a header). It is
// revalidated on every visit (no-cache, with an ETag of its bytes), so a new
// build's asset names are picked up at once; the compression middleware
// gzips it on the way out.
func serveIndex(e *core.RequestEvent, fsys fs.FS, preview *pagePreview, noindex bool) error {
	index, err := fs.ReadFile(fsys, "index.html")
	if err != nil {
		return e.NotFoundError("File not found.", nil)
	}
	body := withPreview(index, publicurl.Base(e.App), preview, noindex)
	sum := sha256.Sum256(body)
	h := e.Response.Header()
	h.Set("Cache-Control", "no-cache")
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("ETag", `"`+hex.EncodeToString(sum[:12])+`"`)
	if noindex {
		h.Set("X-Robots-Tag", "noindex")
	}
	http.ServeContent(e.Response, e.Request, "index.html", time.Time{}, bytes.NewReader(body))
	return nil
}

// contentSecurityPolicy lets the page load only its own code, plus
// Razorpay Checkout (its script, its frames and its calls home); images may
// come from anywhere over HTTPS (Google profile photos).
const contentSecurityPolicy = "default-src 'self'; " +
	"script-src 'self' https://checkout.razorpay.com; " +
	"frame-src https://api.razorpay.com https://checkout.razorpay.com; " +
	"connect-src 'self' https://api.razorpay.com https://lumberjack.razorpay.com; " +
	"img-src 'self' data: blob: https:; style-src 'self' 'unsafe-inline'; font-src 'self' data:; " +
	"object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'"

// securityHeaders adds the headers PocketBase leaves to the app.
func securityHeaders(e *core.RequestEvent) error {
	h := e.Response.Header()
	h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
	h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
	return e.Next()
}

// compressAnswers gzips the API's JSON and the HTML on the way out. The
// realtime stream (Server-Sent Events at /api/realtime) is never held back
// or compressed: each event must reach the browser as it is sent.
func compressAnswers() *hook.Handler[*core.RequestEvent] {
	return compress.Middleware(compress.Options{
		MinSize:       compress.DefaultMinSize,
		MaxConcurrent: compress.DefaultMaxConcurrent,
		Level:         compress.DefaultLevel,
		Skip: func(r *http.Request) bool {
			return r.URL.Path == "/api/realtime" || strings.HasPrefix(r.URL.Path, "/api/realtime/")
		},
	})
}
