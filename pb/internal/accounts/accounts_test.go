package accounts_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/session"
	"sponsorbridge/pb/internal/testutil"
)

func seedMembers(t testing.TB, app core.App) {
	testutil.CreateMember(t, app, "priya", testutil.MemberOpts{Verified: true, Email: "priya@example.com", Subscribed: true})
	testutil.CreateMember(t, app, "boss", testutil.MemberOpts{Admin: true})
}

func json(s string) *strings.Reader { return strings.NewReader(s) }

func TestRegister(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, seedMembers)
	origin := map[string]string{"Origin": testutil.Origin}
	scenarios := []tests.ApiScenario{
		{
			Name:   "valid registration creates a member, sets the session cookie and answers the user",
			Method: http.MethodPost, URL: "/api/register", Headers: origin,
			Body:           json(`{"displayName":"Amara Silva","username":"amara","password":"secret1"}`),
			ExpectedStatus: 201,
			ExpectedContent: []string{`"username":"amara"`, `"displayName":"Amara Silva"`, `"isAdmin":false`,
				`"isVerified":false`, `"subscriptionActive":false`},
			NotExpectedContent: []string{"password", "tokenKey"},
			ExpectedEvents:     testutil.Writes(1, 0, 0),
			TestAppFactory:     factory,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				cookie := res.Header.Get("Set-Cookie")
				for _, want := range []string{"sb_session=", "HttpOnly", "SameSite=Lax", "Path=/"} {
					if !strings.Contains(cookie, want) {
						t.Errorf("cookie %q lacks %q", cookie, want)
					}
				}
				m := testutil.FindByUsername(t, app, "amara")
				if !m.ValidatePassword("secret1") {
					t.Error("password was not stored")
				}
			},
		},
		{
			Name:   "privileged fields in the body are ignored",
			Method: http.MethodPost, URL: "/api/register", Headers: origin,
			Body: json(`{"displayName":"Eve","username":"eve","password":"secret1","isAdmin":true,"isVerified":true,
				"subscriptionStatus":"active","subscriptionExpiry":"2099-01-01 00:00:00.000Z","subscriptionPlan":"biannual"}`),
			ExpectedStatus:  201,
			ExpectedContent: []string{`"isAdmin":false`, `"isVerified":false`, `"subscriptionStatus":""`, `"subscriptionActive":false`},
			ExpectedEvents:  testutil.Writes(1, 0, 0),
			TestAppFactory:  factory,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				m := testutil.FindByUsername(t, app, "eve")
				if m.GetBool("isAdmin") || m.GetBool("isVerified") || m.GetString("subscriptionStatus") != "" {
					t.Errorf("privileged fields were written: %v", m.PublicExport())
				}
			},
		},
		{
			Name:   "spec validation messages",
			Method: http.MethodPost, URL: "/api/register", Headers: origin,
			Body:           json(`{"displayName":"  ","username":"ab","password":"12345"}`),
			ExpectedStatus: 400,
			ExpectedContent: []string{`"message":"Display name is required"`, `"message":"Username must be at least 3 characters"`,
				`"message":"Password must be at least 6 characters"`},
			ExpectedEvents: testutil.NoWrites(),
			TestAppFactory: factory,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				noSession(t, res)
				expectMembers(2)(t, app, res)
			},
		},
		{
			Name:   "taken username (any letter case) is a clear 400",
			Method: http.MethodPost, URL: "/api/register", Headers: origin,
			Body:            json(`{"displayName":"P","username":"PRIYA","password":"secret1"}`),
			ExpectedStatus:  400,
			ExpectedContent: []string{`"message":"Username is already taken"`},
			ExpectedEvents:  testutil.NoWrites(),
			TestAppFactory:  factory,
			AfterTestFunc:   refused,
		},
		{
			Name:   "hostile username characters are refused",
			Method: http.MethodPost, URL: "/api/register", Headers: origin,
			Body:            json(`{"displayName":"X","username":"<script>","password":"secret1"}`),
			ExpectedStatus:  400,
			ExpectedContent: []string{`Username may only contain letters, numbers, dots, dashes and underscores`},
			ExpectedEvents:  testutil.NoWrites(),
			TestAppFactory:  factory,
			AfterTestFunc:   refused,
		},
		{
			Name:   "malformed JSON is a 400 with a message",
			Method: http.MethodPost, URL: "/api/register", Headers: origin,
			Body:            json(`{"displayName":`),
			ExpectedStatus:  400,
			ExpectedContent: []string{`"message":"The request body is not valid JSON."`},
			ExpectedEvents:  testutil.NoWrites(),
			TestAppFactory:  factory,
			AfterTestFunc:   refused,
		},
		{
			Name:   "oversized body is refused",
			Method: http.MethodPost, URL: "/api/register", Headers: origin,
			Body:            json(`{"displayName":"` + strings.Repeat("x", 40<<10) + `","username":"big","password":"secret1"}`),
			ExpectedStatus:  413,
			ExpectedContent: []string{`"status":413`},
			ExpectedEvents:  testutil.NoWrites(),
			TestAppFactory:  factory,
			AfterTestFunc:   refused,
		},
		{
			Name:   "overlong display name is refused",
			Method: http.MethodPost, URL: "/api/register", Headers: origin,
			Body:            json(`{"displayName":"` + strings.Repeat("x", 81) + `","username":"longname","password":"secret1"}`),
			ExpectedStatus:  400,
			ExpectedContent: []string{`Display name must be at most 80 characters`},
			ExpectedEvents:  testutil.NoWrites(),
			TestAppFactory:  factory,
			AfterTestFunc:   refused,
		},
	}
	for _, s := range scenarios {
		s.Test(t)
	}
}

// refused: a registration that stores no member and starts no session.
func refused(t testing.TB, app *tests.TestApp, res *http.Response) {
	noSession(t, res)
	expectMembers(2)(t, app, res)
}

// noSession fails when the answer sets a session cookie.
func noSession(t testing.TB, res *http.Response) {
	t.Helper()
	for _, c := range res.Cookies() {
		if c.Name == session.CookieName && c.Value != "" {
			t.Errorf("the answer sets a session cookie: %q", res.Header.Values("Set-Cookie"))
		}
	}
}

func expectMembers(n int) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		total, err := app.CountRecords("users")
		if err != nil {
			t.Fatal(err)
		}
		if int(total) != n {
			t.Errorf("expected %d members, found %d", n, total)
		}
	}
}

func TestLogin(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, seedMembers)
	origin := map[string]string{"Origin": testutil.Origin}
	scenarios := []tests.ApiScenario{
		{
			Name:   "right password signs in (username in any case)",
			Method: http.MethodPost, URL: "/api/login", Headers: origin,
			Body:               json(`{"username":"Priya","password":"` + testutil.Password + `"}`),
			ExpectedStatus:     200,
			ExpectedEvents:     map[string]int{"*": 0},
			ExpectedContent:    []string{`"username":"priya"`, `"email":"priya@example.com"`, `"subscriptionActive":true`},
			NotExpectedContent: []string{"tokenKey", `"password"`, `"token"`},
			TestAppFactory:     factory,
			AfterTestFunc: func(t testing.TB, _ *tests.TestApp, res *http.Response) {
				if !strings.Contains(strings.Join(res.Header.Values("Set-Cookie"), "\n"), "sb_session=ey") {
					t.Errorf("no session cookie: %q", res.Header.Values("Set-Cookie"))
				}
			},
		},
		{
			Name:   "wrong password is a 401 with a message",
			Method: http.MethodPost, URL: "/api/login", Headers: origin,
			Body:               json(`{"username":"priya","password":"wrong-password"}`),
			ExpectedStatus:     401,
			ExpectedContent:    []string{`"message":"Invalid username or password."`},
			NotExpectedContent: []string{"priya@example.com"},
			ExpectedEvents:     testutil.NoWrites(),
			TestAppFactory:     factory,
			AfterTestFunc:      func(t testing.TB, _ *tests.TestApp, res *http.Response) { noSession(t, res) },
		},
		{
			Name:   "unknown member gets the same 401",
			Method: http.MethodPost, URL: "/api/login", Headers: origin,
			Body:            json(`{"username":"nobody","password":"wrong-password"}`),
			ExpectedStatus:  401,
			ExpectedContent: []string{`"message":"Invalid username or password."`},
			ExpectedEvents:  testutil.NoWrites(),
			TestAppFactory:  factory,
			AfterTestFunc:   func(t testing.TB, _ *tests.TestApp, res *http.Response) { noSession(t, res) },
		},
		{
			// before, a 16 KB name was looked up and kept by the sign-in lock for an hour
			Name:   "a username longer than any account's is refused before anything else",
			Method: http.MethodPost, URL: "/api/login", Headers: origin,
			Body:            json(`{"username":"` + strings.Repeat("x", 16<<10-64) + `","password":"wrong-password"}`),
			ExpectedStatus:  400,
			ExpectedContent: []string{`"message":"Username must be at most 32 characters"`},
			ExpectedEvents:  map[string]int{"*": 0},
			TestAppFactory:  factory,
			AfterTestFunc:   func(t testing.TB, _ *tests.TestApp, res *http.Response) { noSession(t, res) },
		},
		{
			Name:   "an unknown username of the longest length is an ordinary 401",
			Method: http.MethodPost, URL: "/api/login", Headers: origin,
			Body:            json(`{"username":"` + strings.Repeat("x", 32) + `","password":"wrong-password"}`),
			ExpectedStatus:  401,
			ExpectedContent: []string{`"message":"Invalid username or password."`},
			ExpectedEvents:  testutil.NoWrites(),
			TestAppFactory:  factory,
		},
		{
			Name:   "missing fields use the spec's messages",
			Method: http.MethodPost, URL: "/api/login", Headers: origin,
			Body:            json(`{}`),
			ExpectedStatus:  400,
			ExpectedEvents:  testutil.NoWrites(),
			ExpectedContent: []string{`"message":"Username is required"`, `"message":"Password is required"`},
			TestAppFactory:  factory,
		},
		{
			Name:   "wrong types are a 400",
			Method: http.MethodPost, URL: "/api/login", Headers: origin,
			Body:            json(`{"username":["priya"],"password":5}`),
			ExpectedStatus:  400,
			ExpectedEvents:  testutil.NoWrites(),
			ExpectedContent: []string{`"status":400`},
			TestAppFactory:  factory,
		},
	}
	for _, s := range scenarios {
		s.Test(t)
	}
}

func TestCurrentUserAndProfiles(t *testing.T) {
	t.Parallel()
	var priya, boss *core.Record
	factory := apptest.Factory(nil, func(t testing.TB, app core.App) {
		seedMembers(t, app)
		priya = testutil.FindByUsername(t, app, "priya")
		boss = testutil.FindByUsername(t, app, "boss")
	})
	scenarios := []tests.ApiScenario{
		{
			Name: "visitor: GET /api/user is 401", Method: http.MethodGet, URL: "/api/user",
			ExpectedStatus: 401, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`"status":401`}, TestAppFactory: factory,
		},
		{
			Name: "garbage cookie is a visitor", Method: http.MethodGet, URL: "/api/user",
			Headers:        map[string]string{"Cookie": "sb_session=not-a-token"},
			ExpectedStatus: 401, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`"status":401`}, TestAppFactory: factory,
		},
		{
			Name: "visitor: GET /api/session is 200 with no user (no console error)", Method: http.MethodGet, URL: "/api/session",
			ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`{"user":null}`}, TestAppFactory: factory,
		},
		{
			Name: "garbage cookie: the session says nobody", Method: http.MethodGet, URL: "/api/session",
			Headers:        map[string]string{"Cookie": "sb_session=not-a-token"},
			ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`{"user":null}`}, TestAppFactory: factory,
		},
		{
			Name: "visitor: profiles need a session", Method: http.MethodGet, URL: "/api/users/anything",
			ExpectedStatus: 401, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`"status":401`}, TestAppFactory: factory,
		},
	}
	for _, s := range scenarios {
		s.Test(t)
	}

	// Scenarios that need the seeded ids build their URL inside the factory;
	// url names the seeded member whose id completes it, if any.
	profileOf := map[string]func() *core.Record{"priya": func() *core.Record { return priya }, "boss": func() *core.Record { return boss }}
	for _, c := range []struct {
		who, url, profile string
		s                 tests.ApiScenario
	}{
		{who: "priya", url: "/api/user", s: tests.ApiScenario{
			Name:               "member reads own record",
			ExpectedStatus:     200,
			ExpectedContent:    []string{`"username":"priya"`, `"email":"priya@example.com"`, `"hasProvenEmail":true`, `"subscriptionPlan":"monthly"`, `"isAdmin":false`},
			NotExpectedContent: []string{"tokenKey"},
		}},
		{who: "priya", url: "/api/session", s: tests.ApiScenario{
			Name:               "the session names the member",
			ExpectedStatus:     200,
			ExpectedContent:    []string{`{"user":{`, `"username":"priya"`, `"email":"priya@example.com"`},
			NotExpectedContent: []string{"tokenKey", `"user":null`},
		}},
		{who: "boss", url: "/api/user", s: tests.ApiScenario{
			Name:            "administrator sees isAdmin",
			ExpectedStatus:  200,
			ExpectedContent: []string{`"username":"boss"`, `"isAdmin":true`, `"hasProvenEmail":false`},
		}},
		{who: "boss", url: "/api/users/", profile: "priya", s: tests.ApiScenario{
			Name:               "member views another member's public profile",
			ExpectedStatus:     200,
			ExpectedContent:    []string{`"username":"priya"`, `"isVerified":true`, `"displayName":"Member priya"`},
			NotExpectedContent: []string{"priya@example.com", "subscription", "isAdmin", "tokenKey", "password", "providerId"},
		}},
		{who: "priya", url: "/api/users/doesnotexist123", s: tests.ApiScenario{
			Name:            "unknown profile is 404",
			ExpectedStatus:  404,
			ExpectedContent: []string{`"message":"Member not found."`},
		}},
		{who: "boss", url: "/api/users/", profile: "boss", s: tests.ApiScenario{
			Name:               "admin profile does not reveal admin status",
			ExpectedStatus:     200,
			ExpectedContent:    []string{`"username":"boss"`},
			NotExpectedContent: []string{"isAdmin"},
		}},
	} {
		c.s.Method = http.MethodGet
		c.s.ExpectedEvents = testutil.NoWrites() // reads (the session cookie is renewed, nothing is stored)
		testutil.Prepared(factory, c.s, func(t testing.TB, app core.App, s *tests.ApiScenario) {
			s.URL = c.url
			if c.profile != "" {
				s.URL += profileOf[c.profile]().Id
			}
			testutil.As(c.who)(t, app, s)
		}).Test(t)
	}
}

func TestSessionSlides(t *testing.T) {
	t.Parallel()
	testutil.Prepared(apptest.Factory(nil, seedMembers), tests.ApiScenario{
		Name: "loading the member renews the session cookie", Method: http.MethodGet, URL: "/api/user",
		ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`"username":"priya"`},
		AfterTestFunc: func(t testing.TB, _ *tests.TestApp, res *http.Response) {
			c := res.Header.Get("Set-Cookie")
			if !strings.Contains(c, "sb_session=ey") || !strings.Contains(c, "HttpOnly") {
				t.Errorf("session not renewed: %q", c)
			}
		},
	}, testutil.As("priya")).Test(t)
}

func TestLogout(t *testing.T) {
	t.Parallel()
	(&tests.ApiScenario{
		Name: "logout clears the cookie", Method: http.MethodPost, URL: "/api/logout",
		Headers:        map[string]string{"Origin": testutil.Origin},
		ExpectedStatus: 204, ExpectedEvents: map[string]int{"*": 0}, TestAppFactory: apptest.Factory(nil, nil),
		AfterTestFunc: func(t testing.TB, _ *tests.TestApp, res *http.Response) {
			c := res.Header.Get("Set-Cookie")
			if !strings.Contains(c, "sb_session=;") || !strings.Contains(c, "Max-Age=0") {
				t.Errorf("cookie not cleared: %q", c)
			}
		},
	}).Test(t)
}
