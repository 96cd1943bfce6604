// Package session keeps the member's PocketBase auth token in an HttpOnly
// cookie, so page scripts never see it, and guards cookie-authenticated
// state changes against cross-site requests.
package session

import (
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// CookieName is the session cookie's name.
const CookieName = "sb_session"

const viaCookieKey = "sbAuthViaCookie"

// Middleware copies the session cookie into the Authorization header (unless
// the request already carries one), so every route, PocketBase's own
// included, accepts the cookie. It runs before PocketBase loads the token.
func Middleware() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id:       "sbSessionCookie",
		Priority: apis.DefaultLoadAuthTokenMiddlewarePriority - 1,
		Func: func(e *core.RequestEvent) error {
			if e.Request.Header.Get("Authorization") != "" {
				return e.Next()
			}
			c, err := e.Request.Cookie(CookieName)
			if err != nil || c.Value == "" || answersWithToken(e.Request) {
				return e.Next()
			}
			if !isSafeMethod(e.Request.Method) && !sameOrigin(e.Request) {
				return e.ForbiddenError("Cross-origin request rejected.", nil)
			}
			e.Request.Header.Set("Authorization", c.Value)
			e.Set(viaCookieKey, true)
			return e.Next()
		},
	}
}

// ViaCookie tells whether the request was authenticated by the session cookie.
func ViaCookie(e *core.RequestEvent) bool {
	v, _ := e.Get(viaCookieKey).(bool)
	return v && e.Auth != nil
}

// Start begins a new session for the member (a sign-in) and stores its
// token in the cookie.
func Start(e *core.RequestEvent, member *core.Record) error {
	return issue(e, member, newSessionID())
}

// Renew issues a fresh token for the request's own session (the sliding
// renewal), so signing out later ends this token and every earlier one.
func Renew(e *core.RequestEvent, member *core.Record) error {
	sid := Current(e)
	if sid == "" {
		sid = newSessionID() // a token from before sessions had ids
	}
	return issue(e, member, sid)
}

// Current is the session id of the request's credentials ("" without one).
func Current(e *core.RequestEvent) string {
	return sessionOf(e.Request.Header.Get("Authorization"))
}

func issue(e *core.RequestEvent, member *core.Record, sid string) error {
	token, err := newToken(member, sid)
	if err != nil {
		return e.InternalServerError("Could not start the session.", err)
	}
	maxAge := int(member.Collection().AuthToken.Duration)
	e.SetCookie(&http.Cookie{
		Name:     CookieName,
		Value:    token,
		Path:     "/",
		MaxAge:   maxAge,
		Expires:  time.Now().Add(time.Duration(maxAge) * time.Second),
		HttpOnly: true,
		Secure:   isHTTPS(e),
		SameSite: http.SameSiteLaxMode,
	})
	e.Auth = member
	return nil
}

// End clears the session cookie.
func End(e *core.RequestEvent) {
	e.SetCookie(&http.Cookie{
		Name:     CookieName,
		Value:    "",
		Path:     "/",
		MaxAge:   -1,
		Expires:  time.Unix(0, 0),
		HttpOnly: true,
		Secure:   isHTTPS(e),
		SameSite: http.SameSiteLaxMode,
	})
}

// answersWithToken tells whether the route would hand the auth token to the
// page (PocketBase's auth-refresh): the cookie must never be turned into a
// token a script can read.
func answersWithToken(r *http.Request) bool {
	return strings.HasPrefix(r.URL.Path, "/api/collections/") && strings.HasSuffix(r.URL.Path, "/auth-refresh")
}

func isSafeMethod(m string) bool {
	return m == http.MethodGet || m == http.MethodHead || m == http.MethodOptions
}

// sameOrigin tells whether the request's Origin (or, without one, its
// Referer) names the host the request was sent to.
func sameOrigin(r *http.Request) bool {
	source := r.Header.Get("Origin")
	if source == "" || source == "null" {
		source = r.Header.Get("Referer")
	}
	if source == "" {
		return false
	}
	u, err := url.Parse(source)
	if err != nil || u.Host == "" {
		return false
	}
	return strings.EqualFold(u.Host, r.Host)
}

func isHTTPS(e *core.RequestEvent) bool {
	if e.IsTLS() {
		return true
	}
	return strings.EqualFold(e.Request.Header.Get("X-Forwarded-Proto"), "https")
}

// SameOrigin tells whether a request came from the app's own pages.
func SameOrigin(r *http.Request) bool { return sameOrigin(r) }
