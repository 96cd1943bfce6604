package app

import (
	"io/fs"
	"net/http"
	"os"
	"path"
	"strings"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
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

// bindSPA serves the built web app. Client routes fall back to index.html;
// a missing asset (a path with a file extension) is a real 404. Hashed
// assets are cached for a year, index.html never.
func bindSPA(se *core.ServeEvent, dir string) {
	fsys := os.DirFS(dir)
	static := apis.Static(fsys, true)
	se.Router.GET("/{path...}", func(e *core.RequestEvent) error {
		p := strings.TrimPrefix(path.Clean("/"+e.Request.PathValue("path")), "/")
		if p != "" && path.Ext(p) != "" {
			if _, err := fs.Stat(fsys, p); err != nil {
				return e.NotFoundError("File not found.", nil)
			}
		}
		e.Response.Header().Set("Content-Security-Policy", contentSecurityPolicy)
		if strings.HasPrefix(p, "assets/") {
			e.Response.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		} else {
			e.Response.Header().Set("Cache-Control", "no-cache")
		}
		return static(e)
	})
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
