// Package signin serves Google sign-in (the redirect flow with PKCE and
// state, and ID-token sign-in) and the e-mail code fallback, all ending in
// the cookie session, and the reset of a forgotten password by a code
// mailed to the account's proven address. Nothing a browser claims about an identity counts:
// Google's answer or a code sent to the address is the only proof.
package signin

import (
	"reflect"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/route"
	"sponsorbridge/pb/internal/session"
)

// maxBody bounds the JSON these routes accept.
const maxBody = 8 << 10

type handlers struct {
	flows *flowStore
	keys  *jwksCache
}

// Routes are the sign-in routes; every post but Google's start is refused
// from another site (sameOriginOnly).
func Routes(cfg *config.Config) []route.Route {
	h := &handlers{flows: newFlowStore(), keys: newJWKSCache(cfg.GoogleJWKSURL)}
	sameOrigin := &hook.Handler[*core.RequestEvent]{Func: sameOriginOnly}
	post := func(path string, handler func(*core.RequestEvent) error, max int, in, out reflect.Type, mail bool) route.Route {
		r := route.Route{Method: "POST", Path: path, Handler: handler, Body: maxBody, In: in, Out: out,
			PerIP: &route.IPLimit{Label: "POST " + path, Max: max, Seconds: 60},
			Also:  []*hook.Handler[*core.RequestEvent]{sameOrigin}}
		if mail {
			r.Also = append(r.Also, mailbox.Required())
		}
		return r
	}
	return []route.Route{
		{Method: "GET", Path: "/api/auth/google/start", Handler: h.googleStart, Out: route.Of[route.Redirect](),
			PerIP: &route.IPLimit{Label: "GET /api/auth/google/start", Max: 20, Seconds: 60}},
		post("/api/auth/google/callback", h.googleCallback, 10, route.Of[CallbackRequest](), route.Of[GoogleAnswer](), false),
		post("/api/auth/google", h.googleIDToken, 10, route.Of[GoogleProfile](), route.Of[accounts.OwnUser](), false),
		post("/api/auth/email-code/request", h.emailCodeRequest, 5, route.Of[CodeRequest](), route.Of[CodeSent](), true),
		post("/api/auth/email-code/verify", h.emailCodeVerify, 10, route.Of[CodeVerifyRequest](), route.Of[accounts.OwnUser](), false),
		post("/api/auth/password-reset/request", h.passwordResetRequest, 5, route.Of[ResetRequest](), route.Of[ResetRequested](), true),
		post("/api/auth/password-reset/confirm", h.passwordResetConfirm, 10, route.Of[ResetConfirmRequest](), route.Of[ResetDone](), false),
	}
}

// BindHooks closes PocketBase's own OAuth2 route for users: it would link
// accounts by rules looser than ours and hand the token to page scripts,
// so the app's routes are the only way in.
func BindHooks(app core.App) {
	app.OnRecordAuthWithOAuth2Request("users").BindFunc(func(e *core.RecordAuthWithOAuth2RequestEvent) error {
		return e.ForbiddenError("Sign in with Google through the app.", nil)
	})
}

// sameOriginOnly refuses sign-in posts that a browser sent from another
// site (login CSRF). API clients that send no Origin are unaffected.
func sameOriginOnly(e *core.RequestEvent) error {
	if e.Request.Header.Get("Origin") != "" && !session.SameOrigin(e.Request) {
		return e.ForbiddenError("Cross-origin request rejected.", nil)
	}
	return e.Next()
}
