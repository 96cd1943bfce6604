package signin_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/testutil"
)

var amara = googleUser{Sub: "g-1001", Email: "amara@example.com", Name: "Amara Silva",
	Picture: "https://lh3.googleusercontent.com/a/amara", Verified: true}

// start begins a Google sign-in in b and returns Google's authorization URL.
func start(t testing.TB, b *browser, redirect string) string {
	t.Helper()
	rec := b.do(http.MethodGet, "/api/auth/google/start?redirect="+url.QueryEscape(redirect), "", nil)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("start answered %d: %s", rec.Code, rec.Body.String())
	}
	return rec.Header().Get("Location")
}

func callback(b *browser, code, state string) (rec interface {
	Result() *http.Response
}, body string, status int) {
	r := b.do(http.MethodPost, "/api/auth/google/callback", `{"code":"`+code+`","state":"`+state+`"}`, nil)
	return r, r.Body.String(), r.Code
}

func googleLinks(t testing.TB, app core.App, sub string) []*core.Record {
	t.Helper()
	links, err := app.FindAllRecords(core.CollectionNameExternalAuths, dbx.HashExp{"provider": "google", "providerId": sub})
	if err != nil {
		t.Fatal(err)
	}
	return links
}

func TestGoogleRedirectFlowCreatesThenSignsIn(t *testing.T) {
	t.Parallel()
	g := newFakeGoogle(t)
	app := testutil.NewApp(t, g.config())
	b := newBrowser(t, app)

	loc := start(t, b, "/home")
	if !strings.HasPrefix(loc, g.srv.URL+"/auth?") {
		t.Fatalf("start went to %q", loc)
	}
	if b.cookies["sb_google_flow"] == "" {
		t.Fatal("no flow cookie")
	}
	code, state := g.authorize(loc, amara)
	rec := b.do(http.MethodPost, "/api/auth/google/callback", `{"code":"`+code+`","state":"`+state+`"}`, nil)
	expectStatus(t, rec, http.StatusCreated, `"displayName":"Amara Silva"`, `"email":"amara@example.com"`,
		`"providerId":"google"`, `"photoURL":"https://lh3.googleusercontent.com/a/amara"`, `"username":"amara"`,
		`"redirect":"/home"`, `"isNew":true`)
	if strings.Contains(rec.Body.String(), "at-") || strings.Contains(rec.Body.String(), "token") {
		t.Errorf("answer leaks a token: %s", rec.Body.String())
	}
	if !b.signedIn() || b.cookies["sb_google_flow"] != "" {
		t.Fatalf("session %v, flow cookie left %q", b.signedIn(), b.cookies["sb_google_flow"])
	}
	member := testutil.FindByUsername(t, app, "amara")
	if !member.Verified() || len(googleLinks(t, app, amara.Sub)) != 1 {
		t.Fatalf("member not verified or not linked: %v", member.PublicExport())
	}
	if rec := b.do(http.MethodGet, "/api/user", "", nil); rec.Code != 200 || !strings.Contains(rec.Body.String(), member.Id) {
		t.Fatalf("session does not work: %d %s", rec.Code, rec.Body.String())
	}

	// a second sign-in of the same Google account finds the same member
	other := b.sibling("192.0.2.2")
	code, state = g.authorize(start(t, other, "/profile"), amara)
	rec = other.do(http.MethodPost, "/api/auth/google/callback", `{"code":"`+code+`","state":"`+state+`"}`, nil)
	expectStatus(t, rec, http.StatusOK, `"id":"`+member.Id+`"`, `"redirect":"/profile"`, `"isNew":false`)
	if countUsers(t, app) != 1 || len(googleLinks(t, app, amara.Sub)) != 1 {
		t.Fatal("second sign-in created a member or a link")
	}
}

func TestGoogleRedirectFlowRefusals(t *testing.T) {
	t.Parallel()
	g := newFakeGoogle(t)
	cases := []struct {
		name   string
		run    func(t *testing.T, app *tests.TestApp, b *browser) (int, string)
		status int
		want   string
	}{
		{"wrong verifier (code issued to another flow's challenge)", func(t *testing.T, _ *tests.TestApp, b *browser) (int, string) {
			first := start(t, b, "/home")
			second := start(t, b, "/home") // the browser's cookie now belongs to the second flow
			code, _ := g.authorize(first, amara)
			_, state := g.authorize(second, amara)
			_, body, status := callback(b, code, state)
			return status, body
		}, 401, "Authentication failed. Please try again."},
		{"unknown state", func(t *testing.T, _ *tests.TestApp, b *browser) (int, string) {
			code, _ := g.authorize(start(t, b, "/home"), amara)
			_, body, status := callback(b, code, "made-up-state")
			return status, body
		}, 401, `"code":"invalid_credential"`},
		{"missing state", func(t *testing.T, _ *tests.TestApp, b *browser) (int, string) {
			code, _ := g.authorize(start(t, b, "/home"), amara)
			_, body, status := callback(b, code, "")
			return status, body
		}, 400, "Missing required information from Google sign-in."},
		{"replayed state", func(t *testing.T, _ *tests.TestApp, b *browser) (int, string) {
			code, state := g.authorize(start(t, b, "/home"), amara)
			binding := b.cookies["sb_google_flow"]
			if _, body, status := callback(b, code, state); status != 201 {
				t.Fatalf("first use failed: %d %s", status, body)
			}
			delete(b.cookies, "sb_session")
			b.cookies["sb_google_flow"] = binding // the same browser, everything replayed
			_, body, status := callback(b, code, state)
			return status, body
		}, 401, "Authentication failed. Please try again."},
		{"another browser's callback (login CSRF) does not burn the flow", func(t *testing.T, app *tests.TestApp, b *browser) (int, string) {
			code, state := g.authorize(start(t, b, "/home"), amara)
			attacker := b.sibling("198.51.100.9")
			_, body, status := callback(attacker, code, state)
			if status != 401 || attacker.signedIn() {
				t.Fatalf("foreign browser got %d %s", status, body)
			}
			if _, body, status := callback(b, code, state); status != 201 {
				t.Fatalf("the starting browser could not finish: %d %s", status, body)
			}
			return status, body
		}, 401, "invalid_credential"},
		{"Google refuses the client secret", func(t *testing.T, app *tests.TestApp, b *browser) (int, string) {
			users, _ := app.FindCollectionByNameOrId("users")
			users.OAuth2.Providers[0].ClientSecret = "wrong-secret"
			if err := app.Save(users); err != nil {
				t.Fatal(err)
			}
			code, state := g.authorize(start(t, b, "/home"), amara)
			_, body, status := callback(b, code, state)
			return status, body
		}, 503, "The identity provider API key is not valid. Please contact the administrator."},
		{"Google account without a verified e-mail", func(t *testing.T, _ *tests.TestApp, b *browser) (int, string) {
			u := amara
			u.Verified = false
			code, state := g.authorize(start(t, b, "/home"), u)
			_, body, status := callback(b, code, state)
			return status, body
		}, 400, `"code":"email_not_verified"`},
		{"malformed body", func(t *testing.T, _ *tests.TestApp, b *browser) (int, string) {
			r := b.do(http.MethodPost, "/api/auth/google/callback", `{"code":`, nil)
			return r.Code, r.Body.String()
		}, 400, "Missing required information from Google sign-in."},
		{"cross-site post", func(t *testing.T, _ *tests.TestApp, b *browser) (int, string) {
			code, state := g.authorize(start(t, b, "/home"), amara)
			r := b.do(http.MethodPost, "/api/auth/google/callback", `{"code":"`+code+`","state":"`+state+`"}`,
				map[string]string{"Origin": "https://evil.example"})
			return r.Code, r.Body.String()
		}, 403, "Cross-origin request rejected."},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			app := testutil.NewApp(t, g.config())
			b := newBrowser(t, app)
			status, body := tc.run(t, app, b)
			if status != tc.status || !strings.Contains(body, tc.want) {
				t.Fatalf("got %d %s, want %d with %q", status, body, tc.status, tc.want)
			}
			if tc.status != 201 && tc.name != "another browser's callback (login CSRF) does not burn the flow" &&
				tc.name != "replayed state" {
				if countUsers(t, app) != 0 || b.signedIn() {
					t.Fatal("a refused sign-in created a member or a session")
				}
			}
			if tc.name == "replayed state" && countUsers(t, app) != 1 {
				t.Fatal("replay created a member")
			}
		})
	}
}

func TestGoogleStartRedirects(t *testing.T) {
	t.Parallel()
	g := newFakeGoogle(t)
	app := testutil.NewApp(t, g.config())
	b := newBrowser(t, app)

	for _, hostile := range []string{"//evil.example/x", "https://evil.example", "/\\evil.example", "javascript:alert(1)"} {
		code, state := g.authorize(start(t, b, hostile), amara)
		_, body, status := callback(b, code, state)
		if status/100 != 2 || !strings.Contains(body, `"redirect":"/home"`) {
			t.Fatalf("redirect %q: %d %s", hostile, status, body)
		}
	}

	other := httpGetWithHost(t, b, "/api/auth/google/start", "elsewhere.example")
	if other.Code != 303 || other.Header().Get("Location") != "/auth?manual=true&googleError=unauthorized-domain" {
		t.Fatalf("foreign host: %d %q", other.Code, other.Header().Get("Location"))
	}

	unconfigured := newBrowser(t, testutil.NewApp(t, nil))
	rec := unconfigured.do(http.MethodGet, "/api/auth/google/start", "", nil)
	if rec.Code != 303 || rec.Header().Get("Location") != "/auth?manual=true&googleError=configuration-not-found" {
		t.Fatalf("unconfigured start: %d %q", rec.Code, rec.Header().Get("Location"))
	}
	rec = unconfigured.do(http.MethodPost, "/api/auth/google/callback", `{"code":"c","state":"s"}`, nil)
	expectStatus(t, rec, 503, "Authentication not properly configured. Please use the manual sign-in option below.")
}
