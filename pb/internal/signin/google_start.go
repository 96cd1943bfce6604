package signin

import (
	"crypto/sha256"
	"net/http"
	"net/url"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"
	"golang.org/x/oauth2"

	"sponsorbridge/pb/internal/publicurl"
)

// flowCookie binds a started Google sign-in to the browser that started it,
// so a callback carrying someone else's code and state signs nobody in.
const flowCookie = "sb_google_flow"

const flowCookiePath = "/api/auth/google"

// googleStart begins the redirect flow: it keeps a fresh state and PKCE
// verifier on the server and sends the browser to Google's account chooser.
// It is a navigation, so problems come back as /auth?manual=true&googleError=…
// (the spec opens the manual box for both causes below).
func (h *handlers) googleStart(e *core.RequestEvent) error {
	pc, ok := googleConfig(e.App)
	if !ok {
		return e.Redirect(http.StatusSeeOther, "/auth?manual=true&googleError=configuration-not-found")
	}
	// Google only returns to the registered APP_URL; started from another host,
	// the flow could never come back to this page (and its cookie).
	if !publicurl.SameHost(e.App, e.Request.Host) {
		return e.Redirect(http.StatusSeeOther, "/auth?manual=true&googleError=unauthorized-domain")
	}

	provider, err := pc.InitProvider()
	if err != nil {
		e.App.Logger().Error("Google provider init failed", "error", err)
		return e.Redirect(http.StatusSeeOther, "/auth?manual=true&googleError=configuration-not-found")
	}
	provider.SetRedirectURL(redirectURL(e.App))

	state := security.RandomString(40)
	binding := security.RandomString(40)
	verifier := oauth2.GenerateVerifier()
	if !h.flows.put(state, flow{verifier: verifier, redirect: safeRedirect(e.Request.URL.Query().Get("redirect")),
		browserHash: sha256.Sum256([]byte(binding))}) {
		return e.TooManyRequestsError("Too many sign-ins are in progress. Please try again in a few minutes.", nil)
	}
	e.SetCookie(&http.Cookie{
		Name: flowCookie, Value: binding, Path: flowCookiePath, MaxAge: int(flowTTL.Seconds()),
		HttpOnly: true, Secure: isHTTPS(e), SameSite: http.SameSiteLaxMode,
	})
	e.Response.Header().Set("Cache-Control", "no-store")
	target := provider.BuildAuthURL(state,
		oauth2.S256ChallengeOption(verifier), // always PKCE, whatever the dashboard says
		oauth2.SetAuthURLParam("prompt", "select_account"))
	return e.Redirect(http.StatusSeeOther, target)
}

// safeRedirect keeps only paths of this app; anything else becomes /home.
func safeRedirect(raw string) string {
	if raw == "" || len(raw) > 512 || !strings.HasPrefix(raw, "/") ||
		strings.HasPrefix(raw, "//") || strings.HasPrefix(raw, "/\\") || strings.HasPrefix(raw, "/__/") {
		return "/home"
	}
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "" || u.Host != "" || strings.ContainsAny(raw, "\r\n\t") {
		return "/home"
	}
	return raw
}

func isHTTPS(e *core.RequestEvent) bool {
	return e.IsTLS() || strings.EqualFold(e.Request.Header.Get("X-Forwarded-Proto"), "https")
}
