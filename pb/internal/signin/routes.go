// Package signin serves Google sign-in (the redirect flow with PKCE and
// state, and ID-token sign-in) and the e-mail code fallback, all ending in
// the cookie session, and the reset of a forgotten password by a code
// mailed to the account's proven address. Nothing a browser claims about an identity counts:
// Google's answer or a code sent to the address is the only proof.
package signin

import (
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/session"
)

// maxBody bounds the JSON these routes accept.
const maxBody = 8 << 10

type handlers struct {
	flows *flowStore
	keys  *jwksCache
}

// BindRoutes registers the sign-in routes.
func BindRoutes(se *core.ServeEvent, cfg *config.Config) {
	h := &handlers{flows: newFlowStore(), keys: newJWKSCache(cfg.GoogleJWKSURL)}

	se.Router.GET("/api/auth/google/start", h.googleStart)
	se.Router.POST("/api/auth/google/callback", h.googleCallback).BindFunc(sameOriginOnly).Bind(apis.BodyLimit(maxBody))
	se.Router.POST("/api/auth/google", h.googleIDToken).BindFunc(sameOriginOnly).Bind(apis.BodyLimit(maxBody))
	se.Router.POST("/api/auth/email-code/request", h.emailCodeRequest).BindFunc(sameOriginOnly).Bind(apis.BodyLimit(maxBody), mailbox.Required())
	se.Router.POST("/api/auth/email-code/verify", h.emailCodeVerify).BindFunc(sameOriginOnly).Bind(apis.BodyLimit(maxBody))
	se.Router.POST("/api/auth/password-reset/request", h.passwordResetRequest).BindFunc(sameOriginOnly).Bind(apis.BodyLimit(maxBody), mailbox.Required())
	se.Router.POST("/api/auth/password-reset/confirm", h.passwordResetConfirm).BindFunc(sameOriginOnly).Bind(apis.BodyLimit(maxBody))
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
