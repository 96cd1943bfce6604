package signin_test

import (
	"crypto/rand"
	"crypto/rsa"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

func TestGoogleIDToken(t *testing.T) {
	t.Parallel()
	g := newFakeGoogle(t)
	otherKey, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	factory := apptest.Factory(g.config(), nil)
	spoofBody := `{"email":"amara@example.com","displayName":"Amara","photoURL":"","providerId":"google"}`
	header := func(tok string) map[string]string {
		return map[string]string{"Origin": testutil.Origin, "X-Google-Id-Token": tok}
	}
	nobodySignedIn := func(t testing.TB, app *tests.TestApp, res *http.Response) {
		if countUsers(t, app) != 0 || strings.Contains(res.Header.Get("Set-Cookie"), "sb_session=ey") {
			t.Error("a refused token signed someone in")
		}
	}
	bad := func(name string, status int, want string, edit func(c jwt.MapClaims, h map[string]any) *rsa.PrivateKey) tests.ApiScenario {
		return tests.ApiScenario{Name: name, Method: http.MethodPost, URL: "/api/auth/google", Body: strings.NewReader(spoofBody),
			Headers: header(g.idToken(amara, edit)), ExpectedStatus: status, ExpectedContent: []string{want},
			NotExpectedContent: []string{`"username"`}, ExpectedEvents: testutil.NoWrites(),
			TestAppFactory: factory, AfterTestFunc: nobodySignedIn}
	}
	scenarios := []tests.ApiScenario{
		{
			Name: "a valid ID token creates the member from the token, not the body", Method: http.MethodPost, URL: "/api/auth/google",
			Body:    strings.NewReader(`{"email":"someone-else@example.com","displayName":"Impostor"}`),
			Headers: header(g.idToken(amara, nil)), ExpectedStatus: 201,
			ExpectedContent:    []string{`"email":"amara@example.com"`, `"displayName":"Amara Silva"`, `"providerId":"google"`},
			NotExpectedContent: []string{"Impostor", "someone-else"},
			ExpectedEvents:     testutil.Writes(2, 0, 0), // the member and its Google link (_externalAuths)
			TestAppFactory:     factory,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				if countUsers(t, app) != 1 || !strings.Contains(res.Header.Get("Set-Cookie"), "sb_session=ey") {
					t.Error("no member or no session")
				}
			},
		},
		{
			Name: "the body alone signs nobody in", Method: http.MethodPost, URL: "/api/auth/google",
			Body: strings.NewReader(spoofBody), Headers: map[string]string{"Origin": testutil.Origin},
			ExpectedStatus:  400,
			ExpectedContent: []string{`"message":"Missing required information from Google sign-in."`, `"code":"missing_information"`},
			TestAppFactory:  factory, AfterTestFunc: nobodySignedIn, ExpectedEvents: testutil.NoWrites(),
		},
		bad("expired token", 401, "Authentication failed. Please try again.", func(c jwt.MapClaims, _ map[string]any) *rsa.PrivateKey {
			c["exp"] = time.Now().Add(-time.Hour).Unix()
			c["iat"] = time.Now().Add(-2 * time.Hour).Unix()
			return nil
		}),
		bad("wrong audience", 401, `"code":"invalid_credential"`, func(c jwt.MapClaims, _ map[string]any) *rsa.PrivateKey {
			c["aud"] = "another-app.apps.googleusercontent.com"
			return nil
		}),
		bad("wrong issuer", 401, `"code":"invalid_credential"`, func(c jwt.MapClaims, _ map[string]any) *rsa.PrivateKey {
			c["iss"] = "https://accounts.evil.example"
			return nil
		}),
		bad("bad signature (another key under Google's kid)", 401, `"code":"invalid_credential"`, func(jwt.MapClaims, map[string]any) *rsa.PrivateKey {
			return otherKey
		}),
		bad("unknown kid", 401, `"code":"invalid_credential"`, func(_ jwt.MapClaims, h map[string]any) *rsa.PrivateKey {
			h["kid"] = "key-never-published"
			return nil
		}),
		bad("no expiry", 401, `"code":"invalid_credential"`, func(c jwt.MapClaims, _ map[string]any) *rsa.PrivateKey {
			delete(c, "exp")
			return nil
		}),
		bad("unverified e-mail", 400, `"code":"email_not_verified"`, func(c jwt.MapClaims, _ map[string]any) *rsa.PrivateKey {
			c["email_verified"] = false
			return nil
		}),
		bad("no e-mail", 400, "Missing required information from Google sign-in.", func(c jwt.MapClaims, _ map[string]any) *rsa.PrivateKey {
			delete(c, "email")
			return nil
		}),
		{
			Name: "unsigned (alg none) token", Method: http.MethodPost, URL: "/api/auth/google",
			Headers:        header(unsigned(amara)),
			ExpectedStatus: 401, ExpectedContent: []string{`"code":"invalid_credential"`},
			TestAppFactory: factory, AfterTestFunc: nobodySignedIn, ExpectedEvents: testutil.NoWrites(),
		},
		{
			Name: "garbage token", Method: http.MethodPost, URL: "/api/auth/google",
			Headers:        header("not.a.jwt"),
			ExpectedStatus: 401, ExpectedContent: []string{"Authentication failed. Please try again."},
			TestAppFactory: factory, AfterTestFunc: nobodySignedIn, ExpectedEvents: testutil.NoWrites(),
		},
		{
			Name: "Google not configured", Method: http.MethodPost, URL: "/api/auth/google",
			Headers:        header(g.idToken(amara, nil)),
			ExpectedStatus: 503, ExpectedContent: []string{"Authentication not properly configured. Please use the manual sign-in option below."},
			TestAppFactory: apptest.Factory(nil, nil), AfterTestFunc: nobodySignedIn, ExpectedEvents: testutil.NoWrites(),
		},
	}
	for _, s := range scenarios {
		s.Test(t)
	}
}

func unsigned(u googleUser) string {
	tok := jwt.NewWithClaims(jwt.SigningMethodNone, jwt.MapClaims{"iss": "https://accounts.google.com", "aud": clientID,
		"sub": u.Sub, "email": u.Email, "email_verified": true, "exp": time.Now().Add(time.Hour).Unix()})
	tok.Header["kid"] = "key-1"
	s, _ := tok.SignedString(jwt.UnsafeAllowNoneSignatureType)
	return s
}

// Google's keys are fetched once and kept for their max-age; when they
// cannot be fetched the answer is a server error, never a sign-in.
func TestGoogleKeysCachedAndOutage(t *testing.T) {
	t.Parallel()
	g := newFakeGoogle(t)
	app := apptest.NewApp(t, g.config())
	defer app.Cleanup()
	j := testutil.NewJourney(t, app)
	token := map[string]string{"Origin": testutil.Origin}
	for i, s := range []tests.ApiScenario{
		{Name: "the first sign-in makes the account", ExpectedStatus: 201, ExpectedEvents: testutil.Writes(2, 0, 0)}, // the account and its link
		{Name: "the second signs in", ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites()},
		{Name: "the third signs in", ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites()},
	} {
		token["X-Google-Id-Token"] = g.idToken(amara, nil)
		s.Method, s.URL, s.Headers, s.ExpectedContent = http.MethodPost, "/api/auth/google", token, []string{`"email":"amara@example.com"`}
		if a := j.Step(t, s); !signedIn(a) {
			t.Fatalf("sign-in %d set no session", i+1)
		}
	}
	if g.jwksHits != 1 {
		t.Fatalf("keys fetched %d times, want 1 (cached for max-age)", g.jwksHits)
	}

	g2 := newFakeGoogle(t)
	g2.keysDown = true
	down := apptest.NewApp(t, g2.config())
	defer down.Cleanup()
	a := testutil.NewJourney(t, down).Step(t, tests.ApiScenario{Name: "Google's keys cannot be fetched", Method: http.MethodPost,
		URL: "/api/auth/google", Headers: map[string]string{"Origin": testutil.Origin, "X-Google-Id-Token": g2.idToken(amara, nil)},
		ExpectedStatus: 500, ExpectedContent: []string{"Server error during sign-in. Please try again later."}, ExpectedEvents: testutil.NoWrites()})
	if signedIn(a) {
		t.Fatal("signed in without keys")
	}
}
