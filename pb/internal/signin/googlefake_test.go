package signin_test

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"math/big"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/testutil"
)

const (
	clientID     = "client-123.apps.googleusercontent.com"
	clientSecret = "secret-456"
)

// googleUser is an account at the stand-in.
type googleUser struct {
	Sub, Email, Name, Picture string
	Verified                  bool
}

type issued struct {
	challenge, redirectURI string
	user                   googleUser
}

// fakeGoogle speaks Google's side of the protocols the server uses: the
// token endpoint (authorization code + PKCE S256), the userinfo endpoint and
// the JWKS of ID-token signing keys.
type fakeGoogle struct {
	t   testing.TB
	srv *httptest.Server
	key *rsa.PrivateKey
	kid string

	mu       sync.Mutex
	codes    map[string]issued
	tokens   map[string]googleUser
	jwksHits int
	keysDown bool
}

func newFakeGoogle(t testing.TB) *fakeGoogle {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	f := &fakeGoogle{t: t, key: key, kid: "key-1", codes: map[string]issued{}, tokens: map[string]googleUser{}}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /token", f.token)
	mux.HandleFunc("GET /userinfo", f.userinfo)
	mux.HandleFunc("GET /certs", f.certs)
	f.srv = httptest.NewServer(mux)
	t.Cleanup(f.srv.Close)
	return f
}

// config points the server's Google settings at the stand-in.
func (f *fakeGoogle) config() *config.Config {
	cfg := testutil.Config()
	cfg.GoogleClientID, cfg.GoogleClientSecret = clientID, clientSecret
	cfg.GoogleAuthURL = f.srv.URL + "/auth"
	cfg.GoogleTokenURL = f.srv.URL + "/token"
	cfg.GoogleUserInfoURL = f.srv.URL + "/userinfo"
	cfg.GoogleJWKSURL = f.srv.URL + "/certs"
	return cfg
}

// authorize plays the account chooser: it checks the authorization URL the
// server redirected to and issues a code for user, returning code and state.
func (f *fakeGoogle) authorize(location string, user googleUser) (code, state string) {
	f.t.Helper()
	u, err := url.Parse(location)
	if err != nil || u.Path != "/auth" {
		f.t.Fatalf("not an authorization URL: %q", location)
	}
	q := u.Query()
	for k, want := range map[string]string{"client_id": clientID, "response_type": "code", "prompt": "select_account",
		"code_challenge_method": "S256", "redirect_uri": testutil.Origin + "/__/auth/handler"} {
		if q.Get(k) != want {
			f.t.Errorf("authorization URL %s = %q, want %q", k, q.Get(k), want)
		}
	}
	if q.Get("state") == "" || q.Get("code_challenge") == "" || !strings.Contains(q.Get("scope"), "userinfo.email") {
		f.t.Errorf("authorization URL lacks state, challenge or scope: %q", location)
	}
	code = "code-" + randomID()
	f.mu.Lock()
	f.codes[code] = issued{challenge: q.Get("code_challenge"), redirectURI: q.Get("redirect_uri"), user: user}
	f.mu.Unlock()
	return code, q.Get("state")
}

// issueFor issues a code as if a client holding verifier had started the flow.
func (f *fakeGoogle) issueFor(verifier string, user googleUser) string {
	sum := sha256.Sum256([]byte(verifier))
	code := "code-" + randomID()
	f.mu.Lock()
	f.codes[code] = issued{challenge: base64.RawURLEncoding.EncodeToString(sum[:]),
		redirectURI: testutil.Origin + "/__/auth/handler", user: user}
	f.mu.Unlock()
	return code
}

func (f *fakeGoogle) token(w http.ResponseWriter, r *http.Request) {
	_ = r.ParseForm()
	id, secret, ok := r.BasicAuth()
	if !ok {
		id, secret = r.PostForm.Get("client_id"), r.PostForm.Get("client_secret")
	}
	if id != clientID || secret != clientSecret {
		oauthError(w, http.StatusUnauthorized, "invalid_client")
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	code := r.PostForm.Get("code")
	grant, ok := f.codes[code]
	delete(f.codes, code) // a code works once, right or wrong
	sum := sha256.Sum256([]byte(r.PostForm.Get("code_verifier")))
	if !ok || r.PostForm.Get("grant_type") != "authorization_code" || r.PostForm.Get("redirect_uri") != grant.redirectURI ||
		base64.RawURLEncoding.EncodeToString(sum[:]) != grant.challenge {
		oauthError(w, http.StatusBadRequest, "invalid_grant")
		return
	}
	access := "at-" + randomID()
	f.tokens[access] = grant.user
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"access_token": access, "token_type": "Bearer", "expires_in": 3599})
}

func (f *fakeGoogle) userinfo(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	u, ok := f.tokens[strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")]
	f.mu.Unlock()
	if !ok {
		oauthError(w, http.StatusUnauthorized, "invalid_token")
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"sub": u.Sub, "email": u.Email, "email_verified": u.Verified,
		"name": u.Name, "picture": u.Picture})
}

func (f *fakeGoogle) certs(w http.ResponseWriter, _ *http.Request) {
	f.mu.Lock()
	f.jwksHits++
	down := f.keysDown
	f.mu.Unlock()
	if down {
		http.Error(w, "unavailable", http.StatusServiceUnavailable)
		return
	}
	pub := f.key.PublicKey
	w.Header().Set("Cache-Control", "public, max-age=3600, must-revalidate")
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"keys": []map[string]string{{
		"kid": f.kid, "kty": "RSA", "alg": "RS256", "use": "sig",
		"n": base64.RawURLEncoding.EncodeToString(pub.N.Bytes()),
		"e": base64.RawURLEncoding.EncodeToString(big.NewInt(int64(pub.E)).Bytes()),
	}}})
}

// idToken signs claims as Google would (RS256 with the published key),
// starting from a valid token for user that edit may spoil.
func (f *fakeGoogle) idToken(user googleUser, edit func(c jwt.MapClaims, h map[string]any) *rsa.PrivateKey) string {
	f.t.Helper()
	now := time.Now()
	claims := jwt.MapClaims{"iss": "https://accounts.google.com", "aud": clientID, "sub": user.Sub,
		"email": user.Email, "email_verified": user.Verified, "name": user.Name, "picture": user.Picture,
		"iat": now.Unix(), "exp": now.Add(time.Hour).Unix()}
	tok := jwt.NewWithClaims(jwt.SigningMethodRS256, claims)
	tok.Header["kid"] = f.kid
	key := f.key
	if edit != nil {
		if k := edit(claims, tok.Header); k != nil {
			key = k
		}
	}
	s, err := tok.SignedString(key)
	if err != nil {
		f.t.Fatal(err)
	}
	return s
}

func oauthError(w http.ResponseWriter, status int, code string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]string{"error": code})
}

func randomID() string {
	b := make([]byte, 9)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}
