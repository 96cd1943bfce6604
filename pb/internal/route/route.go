// Package route is the one table of the app's routes. Each feature declares
// its routes once, as data: method, path, handler, who may call it, the body
// it takes, its per-address and per-member limits, and the types of its body
// and answer. The router (Bind), the per-address rate limits (IPRules), the
// built-in access guard (pb/internal/builtin), the API docs test and the
// TypeScript generator (pb/cmd/apitypes) all read the same table, and in
// tests every JSON answer is checked against the type its route names
// (CheckAnswers).
package route

import (
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"strconv"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/router"

	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/membership"
	"sponsorbridge/pb/internal/refusal"
)

// Auth is who may call a route.
type Auth uint8

const (
	// Anyone: visitors and members alike (the handler may still look at
	// e.Auth).
	Anyone Auth = iota
	// Member: a signed-in member; visitors get 401, superusers 403.
	Member
	// Admin: an administrator (a member whose isAdmin is set).
	Admin
)

func (a Auth) String() string {
	switch a {
	case Member:
		return "member"
	case Admin:
		return "administrator"
	}
	return "anyone"
}

// IPLimit is a per-address limit, enforced by PocketBase's rate limiter:
// Max requests per Seconds from one client address. Label is the limiter's
// label: "METHOD /path" for the route alone, or "METHOD /prefix/" for a
// family of routes that share one count (every route under the prefix must
// then name the same IPLimit; TestTable checks it).
type IPLimit struct {
	Label   string
	Max     int
	Seconds int64
}

// Route is one row of the table.
type Route struct {
	Method  string
	Path    string
	Handler func(*core.RequestEvent) error
	Auth    Auth
	// Body is the most a JSON body may hold, in bytes (0: limits.DefaultBody).
	Body int64
	// Upload is the largest file a multipart body may carry (0: the route
	// takes no file); the body then streams to disk (limits.Upload).
	Upload int64
	// PerIP and PerMember are the route's limits beyond the app's general
	// per-address limit (docs/security.md, "Limits").
	PerIP     *IPLimit
	PerMember []limits.Rule
	// In is the JSON body's type (nil: the route reads none). Out is what a
	// 2xx answer holds: a JSON type, or one of the markers NoContent, File,
	// Redirect and Page for answers that are not JSON.
	In  reflect.Type
	Out reflect.Type
	// Also are the route's own middlewares (a same-origin check, "mail must
	// be set up"), run after the table's.
	Also []*hook.Handler[*core.RequestEvent]
	// ReadOnly routes only read the member (e.Auth): session.Resolve shares
	// its cached record with them instead of copying it for each request.
	ReadOnly bool
	// Quiet routes do not write a success to the activity log (searches and
	// reads that happen on every keystroke).
	Quiet bool
}

// Of is the reflect.Type of T, for In and Out.
func Of[T any]() reflect.Type { return reflect.TypeFor[T]() }

// Answer markers for Out.
type (
	// NoContent: the route answers 204 with no body.
	NoContent struct{}
	// File: the route answers a file (an image), not JSON.
	File struct{}
	// Redirect: the route answers a redirect.
	Redirect struct{}
	// Page: the route answers an HTML page.
	Page struct{}
)

// Pattern is the route as the router names it: "METHOD /path".
func (r Route) Pattern() string { return r.Method + " " + r.Path }

// ReadOnly are the patterns of the table's ReadOnly routes.
func ReadOnly(table []Route) []string {
	var out []string
	for _, r := range table {
		if r.ReadOnly {
			out = append(out, r.Pattern())
		}
	}
	return out
}

// Bind registers every route of the table with the router, each with its
// auth, body limit, per-member limits and own middlewares. A flawed table
// (Check) is not served: the server does not start.
func Bind(se *core.ServeEvent, table []Route) error {
	if errs := Check(table); len(errs) > 0 {
		return fmt.Errorf("the route table is flawed: %w", errors.Join(errs...))
	}
	for _, r := range table {
		se.Router.Route(r.Method, r.Path, serve(r)).Bind(middlewares(r)...)
	}
	return nil
}

// serve runs the handler and turns a refusal into its answer.
func serve(r Route) func(*core.RequestEvent) error {
	h := r.Handler
	if checkAnswers {
		h = checked(r)
	}
	return func(e *core.RequestEvent) error { return Refused(e, h(e)) }
}

func middlewares(r Route) []*hook.Handler[*core.RequestEvent] {
	var m []*hook.Handler[*core.RequestEvent]
	switch r.Auth {
	case Member:
		m = append(m, membership.RequireMember())
	case Admin:
		m = append(m, membership.RequireAdmin())
	}
	switch {
	case r.Upload > 0:
		m = append(m, limits.Upload(r.Upload, bodyOf(r)))
	case r.Body > 0:
		m = append(m, apis.BodyLimit(r.Body))
	}
	if len(r.PerMember) > 0 {
		m = append(m, limits.PerMember(r.PerMember))
	}
	if r.Quiet {
		m = append(m, apis.SkipSuccessActivityLog())
	}
	return append(m, r.Also...)
}

func bodyOf(r Route) int64 {
	if r.Body > 0 {
		return r.Body
	}
	return limits.DefaultBody
}

// statuses maps a refusal's kind to its HTTP status.
var statuses = map[refusal.Kind]int{
	refusal.Invalid:         http.StatusBadRequest,
	refusal.NotSignedIn:     http.StatusUnauthorized,
	refusal.PaymentRequired: http.StatusPaymentRequired,
	refusal.Forbidden:       http.StatusForbidden,
	refusal.NotFound:        http.StatusNotFound,
	refusal.Conflict:        http.StatusConflict,
	refusal.Gone:            http.StatusGone,
	refusal.TooLarge:        http.StatusRequestEntityTooLarge,
	refusal.TooMany:         http.StatusTooManyRequests,
	refusal.Unavailable:     http.StatusServiceUnavailable,
	refusal.Upstream:        http.StatusBadGateway,
	refusal.Unprocessable:   http.StatusUnprocessableEntity,
}

// Refused is err as the client's answer: a refusal becomes its status and
// message (with its field errors and Retry-After), an *router.ApiError
// passes unchanged, a missing row stays PocketBase's 404, and anything else
// is an internal error: a 500 without its text (PocketBase would answer a
// bare error 400).
func Refused(e *core.RequestEvent, err error) error {
	if err == nil {
		return nil
	}
	r, ok := refusal.As(err)
	if !ok {
		var apiErr *router.ApiError
		if errors.As(err, &apiErr) || errors.Is(err, sql.ErrNoRows) {
			return err
		}
		return e.InternalServerError("", err)
	}
	status, ok := statuses[r.Kind]
	if !ok {
		status = http.StatusInternalServerError
	}
	if r.RetryAfter > 0 {
		e.Response.Header().Set("Retry-After", strconv.Itoa(int(r.RetryAfter.Seconds())+1))
	}
	return router.NewApiError(status, r.Message, r.Fields)
}
