package signin

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/core"
)

// IDTokenHeader carries the Google ID token of POST /api/auth/google.
const IDTokenHeader = "X-Google-Id-Token"

// GoogleProfile is the body the spec's client sends with an ID token (its
// address, name, photo and "google"). The server does not read it: only
// the verified token's claims count.
type GoogleProfile struct {
	Email       string `json:"email"`
	DisplayName string `json:"displayName"`
	PhotoURL    string `json:"photoURL,omitzero"`
	ProviderID  string `json:"providerId"`
}

// googleIDToken signs in with a Google ID token (spec section 7). Only the
// verified token counts: the body's email, displayName and photoURL are
// never read, so nothing a browser claims can sign anyone in.
func (h *handlers) googleIDToken(e *core.RequestEvent) error {
	pc, ok := googleConfig(e.App)
	if !ok {
		return notConfigured(e.App)
	}
	raw := strings.TrimSpace(e.Request.Header.Get(IDTokenHeader))
	if raw == "" {
		return missingInfo(e.App, codeMissingInfo, errors.New("no "+IDTokenHeader+" header"))
	}
	if len(raw) > 8<<10 {
		return authFailed(e.App, errors.New("ID token too long"))
	}
	ctx, cancel := context.WithTimeout(e.Request.Context(), googleTimeout)
	defer cancel()
	id, err := verifyIDToken(ctx, h.keys, raw, pc.ClientId)
	switch {
	case errors.Is(err, errKeysUnavailable):
		if errors.Is(err, context.DeadlineExceeded) {
			return googleError(e.App, http.StatusGatewayTimeout, msgTimeout, codeTimeout, err)
		}
		return serverError(e.App, err)
	case errors.Is(err, errNoSubject), errors.Is(err, errNoEmail), errors.Is(err, errEmailNotVerified):
		return missingInfo(e.App, codeFor(err), err)
	case err != nil:
		return authFailed(e.App, err)
	}
	return h.finishGoogle(e, id, "")
}
