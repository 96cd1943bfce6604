// Package builtin decides which of PocketBase's own routes and realtime
// topics members and visitors may use. The app talks to members through its
// own routes; PocketBase's collection API, auth routes and admin routes stay
// for superusers (the dashboard at /_/). Every built-in route is listed
// below with its access, and a test compares the list with PocketBase's
// router, so an upgrade that adds a route is noticed before it ships.
package builtin

import "strings"

// Access says who may call a built-in route.
type Access int

const (
	// Superuser routes answer only superusers (the dashboard).
	Superuser Access = iota
	// SuperuserSignIn routes answer anyone, but only for the _superusers
	// collection: the dashboard's sign-in, password reset and e-mail change
	// links run before a superuser holds a token.
	SuperuserSignIn
	// Public routes answer everyone.
	Public
)

// Routes are PocketBase v0.40's built-in routes as the router registers
// them ("METHOD /path"), with who may use each and why.
var Routes = map[string]Access{
	// The web app's live updates (messages, conversations, notifications);
	// which topics a subscription may name is decided in realtime.go.
	"GET /api/realtime":  Public,
	"POST /api/realtime": Public,
	// Avatars (public pictures, no protected files exist) and the health check.
	"GET /api/files/{collection}/{recordId}/{filename}": Public,
	"GET /api/health": Public,

	// The dashboard's own sign-in.
	"GET /api/collections/{collection}/auth-methods":            SuperuserSignIn,
	"POST /api/collections/{collection}/auth-with-password":     SuperuserSignIn,
	"POST /api/collections/{collection}/request-otp":            SuperuserSignIn,
	"POST /api/collections/{collection}/auth-with-otp":          SuperuserSignIn,
	"POST /api/collections/{collection}/request-password-reset": SuperuserSignIn,
	"POST /api/collections/{collection}/confirm-password-reset": SuperuserSignIn,
	"POST /api/collections/{collection}/confirm-email-change":   SuperuserSignIn,

	// Members sign in, register, change e-mail and password, read and write
	// records only through the app's routes (/api/login, /api/user, ...):
	// PocketBase's versions of these would bypass the app's rules, limits
	// and messages (and request-verification and request-email-change would
	// mail any address on a member's behalf).
	"POST /api/collections/{collection}/auth-refresh":         Superuser,
	"POST /api/collections/{collection}/auth-with-oauth2":     Superuser,
	"GET /api/oauth2-redirect":                                Superuser,
	"POST /api/oauth2-redirect":                               Superuser,
	"POST /api/collections/{collection}/request-verification": Superuser,
	"POST /api/collections/{collection}/confirm-verification": Superuser,
	"POST /api/collections/{collection}/request-email-change": Superuser,
	"POST /api/collections/{collection}/impersonate/{id}":     Superuser,
	"GET /api/collections/{collection}/records":               Superuser,
	"GET /api/collections/{collection}/records/{id}":          Superuser,
	"POST /api/collections/{collection}/records":              Superuser,
	"PATCH /api/collections/{collection}/records/{id}":        Superuser,
	"DELETE /api/collections/{collection}/records/{id}":       Superuser,
	"POST /api/files/token":                                   Superuser,
	"POST /api/batch":                                         Superuser,

	// Administration: the dashboard only.
	"GET /api/settings":                               Superuser,
	"PATCH /api/settings":                             Superuser,
	"POST /api/settings/test/s3":                      Superuser,
	"POST /api/settings/test/email":                   Superuser,
	"POST /api/settings/apple/generate-client-secret": Superuser,
	"GET /api/collections":                            Superuser,
	"POST /api/collections":                           Superuser,
	"GET /api/collections/{collection}":               Superuser,
	"PATCH /api/collections/{collection}":             Superuser,
	"DELETE /api/collections/{collection}":            Superuser,
	"DELETE /api/collections/{collection}/truncate":   Superuser,
	"PUT /api/collections/import":                     Superuser,
	"GET /api/collections/meta/scaffolds":             Superuser,
	"GET /api/collections/meta/oauth2-providers":      Superuser,
	"POST /api/collections/meta/dry-run-view":         Superuser,
	"GET /api/logs":                                   Superuser,
	"DELETE /api/logs":                                Superuser,
	"GET /api/logs/stats":                             Superuser,
	"GET /api/logs/{id}":                              Superuser,
	"GET /api/backups":                                Superuser,
	"POST /api/backups":                               Superuser,
	"POST /api/backups/upload":                        Superuser,
	"GET /api/backups/{key}":                          Superuser,
	"DELETE /api/backups/{key}":                       Superuser,
	"POST /api/backups/{key}/restore":                 Superuser,
	"GET /api/crons":                                  Superuser,
	"POST /api/crons/{id}":                            Superuser,
	"POST /api/sql":                                   Superuser,
}

// builtinPrefixes are the paths PocketBase's routes live under; the app's
// own routes use none of them. A route under one of them that Routes does
// not list (a PocketBase upgrade) is closed like a Superuser route.
var builtinPrefixes = []string{
	"/api/collections", "/api/settings", "/api/logs", "/api/backups", "/api/crons",
	"/api/files", "/api/batch", "/api/realtime", "/api/health", "/api/sql", "/api/oauth2-redirect",
}

// accessOf tells whether pattern (as the router matched it) is a built-in
// route and who may use it.
func accessOf(pattern string) (Access, bool) {
	if a, ok := Routes[pattern]; ok {
		return a, true
	}
	path := pattern
	if i := strings.IndexByte(pattern, ' '); i >= 0 {
		path = pattern[i+1:]
	}
	for _, p := range builtinPrefixes {
		if path == p || strings.HasPrefix(path, p+"/") {
			return Superuser, true
		}
	}
	return 0, false
}
