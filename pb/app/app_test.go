package app_test

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/app"
	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

const closedRoute = "The requested API route does not exist."

func seed(t testing.TB, a core.App) {
	dan := testutil.CreateMember(t, a, "dan", testutil.MemberOpts{Email: "dan@example.com"})
	priya := testutil.CreateMember(t, a, "priya", testutil.MemberOpts{})
	testutil.CreateListing(t, a, "sponsorships", dan, testutil.ListingOpts{Title: "Dan's offer"})
	testutil.CreateListing(t, a, "sponsorships", priya, testutil.ListingOpts{Title: "Hidden one", Reviewed: true, RejectionReason: "spam"})
}

// PocketBase's own collection API must not become a side door: it answers
// members and visitors as if it did not exist, and changes nothing.
func TestCollectionAPIIsLockedDown(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, seed)
	type sc struct {
		name, method, who, body string
		url                     func(t testing.TB, a core.App) string
		status                  int
		want, notWant           []string
		check                   func(t testing.TB, a *tests.TestApp)
	}
	dan := func(t testing.TB, a core.App) *core.Record { return testutil.FindByUsername(t, a, "dan") }
	unchangedDan := func(t testing.TB, a *tests.TestApp) {
		d := dan(t, a)
		if d.GetBool("isAdmin") || d.GetBool("isVerified") || d.GetString("subscriptionStatus") != "" {
			t.Errorf("privileged fields changed: %v", d.PublicExport())
		}
	}
	for _, c := range []sc{
		{"member PATCHes isAdmin/isVerified/subscription on own record", http.MethodPatch, "dan",
			`{"isAdmin":true,"isVerified":true,"subscriptionStatus":"active","subscriptionExpiry":"2099-01-01 00:00:00.000Z"}`,
			func(t testing.TB, a core.App) string { return "/api/collections/users/records/" + dan(t, a).Id },
			404, []string{closedRoute}, nil, unchangedDan},
		{"member creates an account through the collection API", http.MethodPost, "",
			`{"username":"sneaky","displayName":"S","password":"secret1","passwordConfirm":"secret1","isAdmin":true}`,
			func(testing.TB, core.App) string { return "/api/collections/users/records" },
			404, []string{closedRoute}, nil,
			func(t testing.TB, a *tests.TestApp) {
				if _, err := a.FindFirstRecordByData("users", "username", "sneaky"); err == nil {
					t.Error("account created through the collection API")
				}
			}},
		{"password sign-in through the collection API is off", http.MethodPost, "",
			`{"identity":"dan","password":"` + testutil.Password + `"}`,
			func(testing.TB, core.App) string { return "/api/collections/users/auth-with-password" },
			404, []string{closedRoute}, []string{"token"}, nil},
		{"member lists users", http.MethodGet, "priya", "",
			func(testing.TB, core.App) string { return "/api/collections/users/records" },
			404, []string{closedRoute}, []string{"dan@example.com", `"username":"dan"`}, nil},
		{"member writes a listing through the collection API", http.MethodPost, "dan",
			`{"title":"Direct","description":"D","amount":5,"categories":["Arts"],"user":"x","approved":true}`,
			func(testing.TB, core.App) string { return "/api/collections/sponsorships/records" },
			404, []string{closedRoute}, nil,
			func(t testing.TB, a *tests.TestApp) {
				if n, _ := a.CountRecords("sponsorships"); n != 2 {
					t.Errorf("listing written directly: %d rows", n)
				}
			}},
		{"member PATCHes another member's listing through the collection API", http.MethodPatch, "priya",
			`{"title":"Mine","approved":true}`,
			func(t testing.TB, a core.App) string {
				r, _ := a.FindFirstRecordByData("sponsorships", "title", "Dan's offer")
				return "/api/collections/sponsorships/records/" + r.Id
			},
			404, []string{closedRoute}, nil,
			func(t testing.TB, a *tests.TestApp) {
				if _, err := a.FindFirstRecordByData("sponsorships", "title", "Dan's offer"); err != nil {
					t.Error("listing changed")
				}
			}},
		{"members read no listings through the collection API", http.MethodGet, "dan", "",
			func(testing.TB, core.App) string { return "/api/collections/sponsorships/records" },
			404, []string{closedRoute}, []string{"Dan's offer", "Hidden one"}, nil},
		{"visitors read no listings through the collection API", http.MethodGet, "", "",
			func(testing.TB, core.App) string { return "/api/collections/sponsorships/records" },
			404, []string{closedRoute}, []string{"Dan's offer"}, nil},
		{"the cookie cannot be traded for a readable token (auth-refresh)", http.MethodPost, "dan", "",
			func(testing.TB, core.App) string { return "/api/collections/users/auth-refresh" },
			404, []string{closedRoute}, []string{`"token":`, "dan@example.com"}, nil},
		{"batch API is off", http.MethodPost, "dan", `{"requests":[]}`,
			func(testing.TB, core.App) string { return "/api/batch" },
			404, []string{closedRoute}, nil, nil},
	} {
		c := c
		testutil.Prepared(factory, tests.ApiScenario{
			Name: c.name, Method: c.method, Body: strings.NewReader(c.body),
			ExpectedStatus: c.status, ExpectedEvents: testutil.NoWrites(), ExpectedContent: c.want, NotExpectedContent: c.notWant,
			AfterTestFunc: func(t testing.TB, a *tests.TestApp, _ *http.Response) {
				if c.check != nil {
					c.check(t, a)
				}
			},
		}, func(t testing.TB, a core.App, s *tests.ApiScenario) {
			s.URL = c.url(t, a)
			if c.who != "" {
				s.Headers = testutil.Cookie(t, testutil.FindByUsername(t, a, c.who))
			}
		}).Test(t)
	}
}

func TestSessionCookieGuardsCrossOrigin(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, seed)
	body := `{"title":"X"}`
	const rejected = "Cross-origin request rejected."
	for _, c := range []struct {
		name    string
		headers func(h map[string]string)
		status  int
		want    string
	}{
		{"foreign Origin with the cookie is refused", func(h map[string]string) { h["Origin"] = "https://evil.example" }, 403, rejected},
		{"no Origin and a foreign Referer is refused", func(h map[string]string) {
			delete(h, "Origin")
			h["Referer"] = "https://evil.example/page"
		}, 403, rejected},
		{"no Origin and no Referer is refused", func(h map[string]string) { delete(h, "Origin") }, 403, rejected},
		// passes the guard and reaches the route, where the rejected listing does not exist for dan
		{"same-origin Referer passes the guard", func(h map[string]string) {
			delete(h, "Origin")
			h["Referer"] = testutil.Origin + "/home"
		}, 404, "Listing not found."},
	} {
		c := c
		testutil.Prepared(factory, tests.ApiScenario{
			Name: c.name, Method: http.MethodPatch, Body: strings.NewReader(body),
			ExpectedStatus: c.status, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{c.want},
		}, func(t testing.TB, a core.App, s *tests.ApiScenario) {
			r, _ := a.FindFirstRecordByData("sponsorships", "title", "Hidden one")
			s.URL = "/api/sponsorships/" + r.Id
			s.Headers = testutil.Cookie(t, testutil.FindByUsername(t, a, "dan"))
			c.headers(s.Headers)
		}).Test(t)
	}
	testutil.Prepared(factory, tests.ApiScenario{
		Name: "a bearer token (no cookie) needs no Origin", Method: http.MethodGet, URL: "/api/user",
		ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`"username":"dan"`},
	}, func(t testing.TB, a core.App, s *tests.ApiScenario) {
		s.Headers = testutil.Bearer(t, testutil.FindByUsername(t, a, "dan"))
	}).Test(t)
}

func TestLoginBurstIsRateLimited(t *testing.T) {
	t.Parallel()
	cfg := testutil.Config()
	cfg.RateLimits = true
	a := apptest.NewApp(t, cfg)
	defer a.Cleanup()
	testutil.CreateMember(t, a, "dan", testutil.MemberOpts{})
	j := testutil.NewJourney(t, a)
	// The limit of POST /api/login (settings.go): ten a minute from one
	// address. Each guess names another account, so that no account's own
	// lock (five wrong passwords, pb/internal/limits) answers first.
	for i := range 11 {
		s := tests.ApiScenario{Name: fmt.Sprintf("guess %d", i+1), Method: http.MethodPost, URL: "/api/login",
			Body:    strings.NewReader(fmt.Sprintf(`{"username":"member%d","password":"wrong-guess"}`, i)),
			Headers: map[string]string{"Origin": testutil.Origin}, ExpectedStatus: 401, ExpectedEvents: testutil.NoWrites(),
			ExpectedContent: []string{`"status":401`}}
		if i == 10 {
			s.ExpectedStatus, s.ExpectedContent = 429, []string{`"status":429`}
			s.NotExpectedContent = []string{"for this account"}
		}
		j.Step(t, s)
	}
}

func TestAPINotFoundAndSPA(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!doctype html><title>SponsorBridge SPA</title>"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		method, url string
		status      int
		want        string
	}{
		{http.MethodGet, "/api/does-not-exist", 404, `"message":"The requested API route does not exist."`},
		{http.MethodPost, "/api/does/not/exist", 404, `"status":404`},
		{http.MethodGet, "/home", 200, "SponsorBridge SPA"},
		{http.MethodGet, "/profile?userId=abc", 200, "SponsorBridge SPA"},
		{http.MethodGet, "/policies/privacy-policy", 200, "SponsorBridge SPA"},
		{http.MethodGet, "/assets/missing-1234.js", 404, `"status":404`},
		{http.MethodGet, "/api/health", 200, "API is healthy"},
	} {
		(&tests.ApiScenario{Name: c.method + " " + c.url, Method: c.method, URL: c.url,
			ExpectedStatus: c.status, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{c.want}, TestAppFactory: spaApp(dir)}).Test(t)
	}
	(&tests.ApiScenario{Name: "the SPA is served with a content security policy", Method: http.MethodGet, URL: "/home",
		ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{"SponsorBridge SPA"}, TestAppFactory: spaApp(dir),
		AfterTestFunc: func(t testing.TB, _ *tests.TestApp, res *http.Response) {
			csp := res.Header.Get("Content-Security-Policy")
			for _, want := range []string{"default-src 'self'", "object-src 'none'", "script-src 'self' https://checkout.razorpay.com"} {
				if !strings.Contains(csp, want) {
					t.Errorf("CSP %q lacks %q", csp, want)
				}
			}
		}}).Test(t)
}

func spaApp(dir string) func(t testing.TB) *tests.TestApp {
	return func(t testing.TB) *tests.TestApp {
		return apptest.NewAppWith(t, testutil.Config(), app.Options{PublicDir: dir})
	}
}
