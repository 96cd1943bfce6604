package signin_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/session"
	"sponsorbridge/pb/internal/testutil"
)

var amara = googleUser{Sub: "g-1001", Email: "amara@example.com", Name: "Amara Silva",
	Picture: "https://lh3.googleusercontent.com/a/amara", Verified: true}

// googleStart begins a Google sign-in, a step of j, and answers Google's
// authorization URL and the flow cookie binding the browser.
func googleStart(t *testing.T, j *testutil.Journey, redirect string) (location, flow string) {
	t.Helper()
	a := j.Do(t, testutil.Call{Name: "the start, back to " + redirect, Method: http.MethodGet, Headers: map[string]string{},
		URL: "/api/auth/google/start?redirect=" + url.QueryEscape(redirect), Status: http.StatusSeeOther, Events: testutil.NoWrites()})
	return a.Header.Get("Location"), a.Cookie("sb_google_flow")
}

// googleCallback is the callback scenario of a browser holding flow ("" for
// a browser without the cookie).
func googleCallback(name, code, state, flow string, status int, events map[string]int, content ...string) testutil.Call {
	h := map[string]string{"Origin": testutil.Origin}
	if flow != "" {
		h["Cookie"] = "sb_google_flow=" + flow
	}
	return testutil.Call{Name: name, Method: http.MethodPost, URL: "/api/auth/google/callback",
		Body: `{"code":"` + code + `","state":"` + state + `"}`, Headers: h,
		Status: status, Events: events, Want: content}
}

// flowCleared tells whether the answer clears the flow cookie.
func flowCleared(a testutil.Answer) bool {
	for _, c := range a.Header.Values("Set-Cookie") {
		if strings.HasPrefix(c, "sb_google_flow=;") && strings.Contains(c, "Max-Age=0") {
			return true
		}
	}
	return false
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
	app := apptest.NewApp(t, g.config())
	defer app.Cleanup()
	j := testutil.NewJourney(t, app)

	loc, flow := googleStart(t, j, "/home")
	if !strings.HasPrefix(loc, g.srv.URL+"/auth?") {
		t.Fatalf("start went to %q", loc)
	}
	if flow == "" {
		t.Fatal("no flow cookie")
	}
	code, state := g.authorize(loc, amara)
	s := googleCallback("the callback", code, state, flow, http.StatusCreated, testutil.Writes(2, 0, 0), // the account and its link
		`"displayName":"Amara Silva"`, `"email":"amara@example.com"`,
		`"providerId":"google"`, `"photoURL":"https://lh3.googleusercontent.com/a/amara"`, `"username":"amara"`,
		`"redirect":"/home"`, `"isNew":true`)
	s.NotWant = []string{"at-", "token"} // no token leaks
	a := j.Do(t, s)
	if !signedIn(a) || !flowCleared(a) {
		t.Fatalf("session %v, flow cookie cleared %v", signedIn(a), flowCleared(a))
	}
	member := testutil.FindByUsername(t, app, "amara")
	if !member.Verified() || len(googleLinks(t, app, amara.Sub)) != 1 {
		t.Fatalf("member not verified or not linked: %v", member.PublicExport())
	}
	j.Step(t, tests.ApiScenario{Name: "the session works", Method: http.MethodGet, URL: "/api/user",
		Headers:        map[string]string{"Cookie": session.CookieName + "=" + a.Cookie(session.CookieName)},
		ExpectedStatus: 200, ExpectedContent: []string{member.Id}, ExpectedEvents: testutil.NoWrites()})

	// a second sign-in of the same Google account (another browser) finds the same member
	loc, flow = googleStart(t, j, "/profile")
	code, state = g.authorize(loc, amara)
	j.Do(t, googleCallback("the second sign-in", code, state, flow, http.StatusOK, testutil.NoWrites(),
		`"id":"`+member.Id+`"`, `"redirect":"/profile"`, `"isNew":false`))
	if countUsers(t, app) != 1 || len(googleLinks(t, app, amara.Sub)) != 1 {
		t.Fatal("second sign-in created a member or a link")
	}
}

func TestGoogleRedirectFlowRefusals(t *testing.T) {
	t.Parallel()
	g := newFakeGoogle(t)
	refused := testutil.NoWrites()
	cases := []struct {
		name string
		// run takes the case's steps; the last is checked by the case's
		// status and content
		run     func(t *testing.T, app *tests.TestApp, j *testutil.Journey, last func(code, state, flow string) testutil.Call) testutil.Answer
		status  int
		want    string
		members int // members after the case
	}{
		{"wrong verifier (code issued to another flow's challenge)", func(t *testing.T, _ *tests.TestApp, j *testutil.Journey, last func(string, string, string) testutil.Call) testutil.Answer {
			first, _ := googleStart(t, j, "/home")
			second, flow := googleStart(t, j, "/home") // the browser's cookie now belongs to the second flow
			code, _ := g.authorize(first, amara)
			_, state := g.authorize(second, amara)
			return j.Do(t, last(code, state, flow))
		}, 401, "Authentication failed. Please try again.", 0},
		{"unknown state", func(t *testing.T, _ *tests.TestApp, j *testutil.Journey, last func(string, string, string) testutil.Call) testutil.Answer {
			loc, flow := googleStart(t, j, "/home")
			code, _ := g.authorize(loc, amara)
			return j.Do(t, last(code, "made-up-state", flow))
		}, 401, `"code":"invalid_credential"`, 0},
		{"missing state", func(t *testing.T, _ *tests.TestApp, j *testutil.Journey, last func(string, string, string) testutil.Call) testutil.Answer {
			loc, flow := googleStart(t, j, "/home")
			code, _ := g.authorize(loc, amara)
			return j.Do(t, last(code, "", flow))
		}, 400, "Missing required information from Google sign-in.", 0},
		{"replayed state", func(t *testing.T, _ *tests.TestApp, j *testutil.Journey, last func(string, string, string) testutil.Call) testutil.Answer {
			loc, flow := googleStart(t, j, "/home")
			code, state := g.authorize(loc, amara)
			j.Do(t, googleCallback("the first use", code, state, flow, 201, testutil.Writes(2, 0, 0), `"isNew":true`))
			return j.Do(t, last(code, state, flow)) // the same browser, everything replayed
		}, 401, "Authentication failed. Please try again.", 1},
		{"another browser's callback (login CSRF) does not burn the flow", func(t *testing.T, _ *tests.TestApp, j *testutil.Journey, last func(string, string, string) testutil.Call) testutil.Answer {
			loc, flow := googleStart(t, j, "/home")
			code, state := g.authorize(loc, amara)
			a := j.Do(t, last(code, state, "")) // the attacker's browser has no flow cookie
			j.Do(t, googleCallback("the starting browser finishes", code, state, flow, 201, testutil.Writes(2, 0, 0), `"isNew":true`))
			return a
		}, 401, "invalid_credential", 1},
		{"Google refuses the client secret", func(t *testing.T, app *tests.TestApp, j *testutil.Journey, last func(string, string, string) testutil.Call) testutil.Answer {
			users, _ := app.FindCollectionByNameOrId("users")
			users.OAuth2.Providers[0].ClientSecret = "wrong-secret"
			if err := app.Save(users); err != nil {
				t.Fatal(err)
			}
			loc, flow := googleStart(t, j, "/home")
			code, state := g.authorize(loc, amara)
			return j.Do(t, last(code, state, flow))
		}, 503, "The identity provider API key is not valid. Please contact the administrator.", 0},
		{"Google account without a verified e-mail", func(t *testing.T, _ *tests.TestApp, j *testutil.Journey, last func(string, string, string) testutil.Call) testutil.Answer {
			u := amara
			u.Verified = false
			loc, flow := googleStart(t, j, "/home")
			code, state := g.authorize(loc, u)
			return j.Do(t, last(code, state, flow))
		}, 400, `"code":"email_not_verified"`, 0},
		{"malformed body", func(t *testing.T, _ *tests.TestApp, j *testutil.Journey, last func(string, string, string) testutil.Call) testutil.Answer {
			s := last("", "", "")
			s.Body = `{"code":`
			return j.Do(t, s)
		}, 400, "Missing required information from Google sign-in.", 0},
		{"cross-site post", func(t *testing.T, _ *tests.TestApp, j *testutil.Journey, last func(string, string, string) testutil.Call) testutil.Answer {
			loc, flow := googleStart(t, j, "/home")
			code, state := g.authorize(loc, amara)
			s := last(code, state, flow)
			s.Headers["Origin"] = "https://evil.example"
			return j.Do(t, s)
		}, 403, "Cross-origin request rejected.", 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			app := apptest.NewApp(t, g.config())
			defer app.Cleanup()
			a := tc.run(t, app, testutil.NewJourney(t, app), func(code, state, flow string) testutil.Call {
				return googleCallback("the refused callback", code, state, flow, tc.status, refused, tc.want)
			})
			if signedIn(a) {
				t.Fatal("a refused sign-in set a session")
			}
			if n := countUsers(t, app); n != tc.members {
				t.Fatalf("%d members after the case, want %d", n, tc.members)
			}
		})
	}
}

func TestGoogleStartRedirects(t *testing.T) {
	t.Parallel()
	g := newFakeGoogle(t)
	app := apptest.NewApp(t, g.config())
	defer app.Cleanup()
	j := testutil.NewJourney(t, app)

	for i, hostile := range []string{"//evil.example/x", "https://evil.example", "/\\evil.example", "javascript:alert(1)"} {
		loc, flow := googleStart(t, j, hostile)
		code, state := g.authorize(loc, amara)
		status, events := http.StatusOK, testutil.NoWrites()
		if i == 0 {
			status, events = http.StatusCreated, testutil.Writes(2, 0, 0) // the account and its link
		}
		j.Do(t, googleCallback("back from a start to "+hostile, code, state, flow, status, events, `"redirect":"/home"`))
	}

	j.Step(t, tests.ApiScenario{Name: "a start on a foreign host", Method: http.MethodGet, URL: "/api/auth/google/start",
		Headers: map[string]string{"Host": "elsewhere.example"}, ExpectedStatus: 303, ExpectedEvents: testutil.NoWrites(),
		AfterTestFunc: func(t testing.TB, _ *tests.TestApp, res *http.Response) {
			if got := res.Header.Get("Location"); got != "/auth?manual=true&googleError=unauthorized-domain" {
				t.Errorf("foreign host went to %q", got)
			}
		}})

	unconfigured := apptest.NewApp(t, nil)
	defer unconfigured.Cleanup()
	u := testutil.NewJourney(t, unconfigured)
	u.Step(t, tests.ApiScenario{Name: "an unconfigured start", Method: http.MethodGet, URL: "/api/auth/google/start",
		ExpectedStatus: 303, ExpectedEvents: testutil.NoWrites(),
		AfterTestFunc: func(t testing.TB, _ *tests.TestApp, res *http.Response) {
			if got := res.Header.Get("Location"); got != "/auth?manual=true&googleError=configuration-not-found" {
				t.Errorf("unconfigured start went to %q", got)
			}
		}})
	u.Do(t, googleCallback("an unconfigured callback", "c", "s", "", 503, testutil.NoWrites(),
		"Authentication not properly configured. Please use the manual sign-in option below."))
}
