package signin

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/auth"
	"golang.org/x/oauth2"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/session"
)

// googleTimeout bounds each call to Google.
const googleTimeout = 15 * time.Second

// GoogleAnswer answers a Google sign-in by redirect when the flow named
// where to go next: the own user, that place and whether the account was
// just created (without a place the answer is the own user alone).
type GoogleAnswer struct {
	accounts.OwnUser
	Redirect string `json:"redirect"`
	IsNew    bool   `json:"isNew"`
}

// googleCallback finishes the redirect flow: the callback page posts the
// code and state Google returned; the server checks the state against the
// browser that started, exchanges the code with its PKCE verifier, reads
// the Google account and signs the member in with the session cookie.
func (h *handlers) googleCallback(e *core.RequestEvent) error {
	form := &CallbackRequest{}
	if err := e.BindBody(form); err != nil {
		return missingInfo(e.App, codeMissingInfo, err)
	}
	if err := form.validate(); err != nil {
		return missingInfo(e.App, codeMissingInfo, err)
	}
	pc, ok := googleConfig(e.App)
	if !ok {
		return notConfigured(e.App)
	}
	binding := ""
	if c, err := e.Request.Cookie(flowCookie); err == nil {
		binding = c.Value
	}
	f, ok := h.flows.take(form.State, binding)
	if !ok {
		return authFailed(e.App, errors.New("unknown, expired, replayed or foreign state"))
	}
	e.SetCookie(&http.Cookie{Name: flowCookie, Value: "", Path: flowCookiePath, MaxAge: -1,
		Expires: time.Unix(0, 0), HttpOnly: true, Secure: isHTTPS(e), SameSite: http.SameSiteLaxMode})
	id, err := callbackIdentity(e.Request.Context(), e.App, pc, form.Code, f.verifier)
	if err != nil {
		return err
	}
	return h.finishGoogle(e, id, f.redirect)
}

// callbackIdentity exchanges the code Google returned, with the flow's
// PKCE verifier, and reads the Google account; the error is the
// catalogue's answer.
func callbackIdentity(ctx context.Context, app core.App, pc core.OAuth2ProviderConfig, code, verifier string) (googleIdentity, error) {
	provider, err := pc.InitProvider()
	if err != nil {
		return googleIdentity{}, serverError(app, err)
	}
	ctx, cancel := context.WithTimeout(ctx, googleTimeout)
	defer cancel()
	provider.SetContext(ctx)
	provider.SetRedirectURL(redirectURL(app))

	token, err := provider.FetchToken(code, oauth2.SetAuthURLParam("code_verifier", verifier))
	if err != nil {
		return googleIdentity{}, exchangeError(app, err)
	}
	user, err := provider.FetchAuthUser(token)
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			return googleIdentity{}, googleError(app, http.StatusGatewayTimeout, msgTimeout, codeTimeout, err)
		}
		return googleIdentity{}, serverError(app, fmt.Errorf("userinfo: %w", err))
	}
	id, err := identityFromOAuth2(user)
	if err != nil {
		return id, missingInfo(app, codeFor(err), err)
	}
	return id, nil
}

// exchangeError maps what Google's token endpoint said to the catalogue.
func exchangeError(app core.App, err error) error {
	if errors.Is(err, context.DeadlineExceeded) {
		return googleError(app, http.StatusGatewayTimeout, msgTimeout, codeTimeout, err)
	}
	var re *oauth2.RetrieveError
	if !errors.As(err, &re) {
		return serverError(app, fmt.Errorf("token exchange: %w", err))
	}
	switch {
	case re.ErrorCode == "invalid_client" || re.ErrorCode == "unauthorized_client":
		return googleError(app, http.StatusServiceUnavailable, msgInvalidAPIKey, codeInvalidAPIKey, err)
	case re.Response != nil && re.Response.StatusCode >= 500:
		return serverError(app, err)
	default: // invalid_grant: wrong verifier, used or expired code
		return authFailed(app, err)
	}
}

// finishGoogle signs the Google identity in and answers the own user.
func (h *handlers) finishGoogle(e *core.RequestEvent, id googleIdentity, redirect string) error {
	member, isNew, err := signInGoogle(e.App, id)
	if err != nil {
		return serverError(e.App, err)
	}
	if err := session.Start(e, member); err != nil {
		return err
	}
	own, err := accounts.ToOwn(e.App, member)
	if err != nil {
		return serverError(e.App, err)
	}
	e.Response.Header().Set("Cache-Control", "no-store")
	status := http.StatusOK
	if isNew {
		status = http.StatusCreated
	}
	if redirect == "" {
		return e.JSON(status, own)
	}
	return e.JSON(status, GoogleAnswer{OwnUser: own, Redirect: redirect, IsNew: isNew})
}

// identityFromOAuth2 reads what PocketBase's Google provider returned; its
// Email is set only when Google says the address is verified.
func identityFromOAuth2(u *auth.AuthUser) (googleIdentity, error) {
	id := googleIdentity{Subject: u.Id, Email: strings.ToLower(strings.TrimSpace(u.Email)), Name: u.Name, Picture: u.AvatarURL}
	if id.Subject == "" {
		return id, errNoSubject
	}
	if id.Email == "" {
		if raw, _ := u.RawUser["email"].(string); raw != "" {
			return id, errEmailNotVerified
		}
		return id, errNoEmail
	}
	return id, nil
}

// ----------------------------------------------------------------

// CallbackRequest is POST /api/auth/google/callback's body: what Google
// returned to the callback page.
type CallbackRequest struct {
	Code  string `json:"code"`
	State string `json:"state"`
}

func (f *CallbackRequest) validate() error {
	f.Code, f.State = strings.TrimSpace(f.Code), strings.TrimSpace(f.State)
	if f.Code == "" || f.State == "" || len(f.Code) > 2048 || len(f.State) > 256 {
		return errors.New("code and state are required")
	}
	return nil
}
