package builtin_test

import (
	"net/http"
	"net/url"
	"sort"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/builtin"
	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/testutil"
)

const closed = "The requested API route does not exist."

// seed: dan offers a sponsorship; priya applied to it with a private note;
// zed applied too. Each has an e-mail address.
func seed(t testing.TB, app core.App) {
	dan := testutil.CreateMember(t, app, "dan", testutil.MemberOpts{Email: "dan@example.com"})
	priya := testutil.CreateMember(t, app, "priya", testutil.MemberOpts{Email: "priya@example.com"})
	zed := testutil.CreateMember(t, app, "zed", testutil.MemberOpts{Email: "zed@example.com"})
	offer := testutil.CreateListing(t, app, "sponsorships", dan, testutil.ListingOpts{Title: "Robotics kits"})
	for who, note := range map[*core.Record]string{priya: "abc private note of priya", zed: "zzz"} {
		c, _ := app.FindCollectionByNameOrId("applications")
		a := core.NewRecord(c)
		a.Set("sponsorship", offer.Id)
		a.Set("applicant", who.Id)
		a.Set("poster", dan.Id)
		a.Set("message", note)
		a.Set("status", "pending")
		if err := app.Save(a); err != nil {
			t.Fatal(err)
		}
	}
}

// concrete fills a pattern's path parameters.
func concrete(pattern, collection string) (method, path string) {
	method, path, _ = strings.Cut(pattern, " ")
	r := strings.NewReplacer("{collection}", collection, "{id}", "x1", "{recordId}", "x1",
		"{filename}", "a.png", "{key}", "k.zip")
	return method, r.Replace(path)
}

// Every built-in route that is not public answers members and visitors as
// if it did not exist. (One server for the whole sweep: ~100 requests.)
func TestClosedBuiltinRoutes(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	srv := testutil.Serve(t, app)
	member := testutil.Cookie(t, testutil.FindByUsername(t, app, "dan"))
	patterns := make([]string, 0, len(builtin.Routes))
	for p, access := range builtin.Routes {
		if access != builtin.Public {
			patterns = append(patterns, p)
		}
	}
	sort.Strings(patterns)
	for _, p := range patterns {
		method, path := concrete(p, "users")
		for who, headers := range map[string]map[string]string{"visitor": {"Origin": ""}, "member": member} {
			status, body := testutil.DoRead(t, srv, method, path, `{}`, headers)
			if status != 404 || !strings.Contains(body, closed) {
				t.Errorf("%s as %s: %d %s", p, who, status, body)
			}
		}
	}
}

// Superusers keep the dashboard: its sign-in routes answer anyone for the
// _superusers collection, and a superuser's token opens the rest.
func TestSuperusersKeepTheDashboard(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, seed)
	for _, c := range []struct {
		name, method, url, body string
		asSuperuser             bool
		status                  int
		want                    string
		events                  map[string]int
	}{
		{"superuser sign-in methods", http.MethodGet, "/api/collections/_superusers/auth-methods", "", false, 200, `"password"`,
			map[string]int{"*": 0}},
		// MFA (migration 1764400000): the password is the first proof, the mailed code the second
		{"superuser password sign-in", http.MethodPost, "/api/collections/_superusers/auth-with-password",
			`{"identity":"root@example.com","password":"root-pass-123"}`, false, 401, `"mfaId"`,
			testutil.Writes(1, 0, 0, map[string]int{"OnRecordAuthRequest": 1, "OnRecordAuthWithPasswordRequest": 1})}, // the MFA record
		{"superuser lists collections", http.MethodGet, "/api/collections", "", true, 200, `"name":"sponsorships"`,
			map[string]int{"*": 0, "OnCollectionsListRequest": 1}},
		{"superuser lists members", http.MethodGet, "/api/collections/users/records", "", true, 200, `"username":"dan"`,
			map[string]int{"*": 0, "OnRecordsListRequest": 1, "OnRecordEnrich": 3}},
		{"superuser refreshes the token", http.MethodPost, "/api/collections/_superusers/auth-refresh", "", true, 200, `"token"`,
			map[string]int{"*": 0, "OnRecordAuthRefreshRequest": 1, "OnRecordAuthRequest": 1, "OnRecordEnrich": 1}},
	} {
		testutil.Prepared(factory, tests.ApiScenario{
			Name: c.name, Method: c.method, URL: c.url, Body: strings.NewReader(c.body),
			ExpectedStatus: c.status, ExpectedEvents: c.events, ExpectedContent: []string{c.want},
		}, func(t testing.TB, app core.App, s *tests.ApiScenario) {
			h := testutil.SuperuserHeaders(t, app)
			if c.asSuperuser {
				s.Headers = h
			}
		}).Test(t)
	}
}

// PocketBase's request-verification and request-email-change let a member
// make the server mail any address: closed, and nothing is sent.
func TestMembersCannotMakePocketBaseSendMail(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, seed)
	for _, c := range []struct{ route, body string }{
		{"request-verification", `{"email":"victim@example.org"}`},
		{"request-email-change", `{"newEmail":"victim@example.org"}`},
		{"request-password-reset", `{"email":"dan@example.com"}`},
		{"request-otp", `{"email":"dan@example.com"}`},
	} {
		testutil.Prepared(factory, tests.ApiScenario{
			Name: c.route, Method: http.MethodPost, URL: "/api/collections/users/" + c.route, Body: strings.NewReader(c.body),
			ExpectedStatus: 404, ExpectedContent: []string{closed},
			// PocketBase mails in the background once its request event has
			// run: no request event (and no mail event), nothing is ever sent.
			ExpectedEvents: map[string]int{"*": 0},
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				if mails, _ := mailbox.Read(mailbox.Dir(app), ""); len(mails) != 0 || app.TestMailer.TotalSend() != 0 {
					t.Errorf("%d mails were sent", len(mails)+app.TestMailer.TotalSend())
				}
			},
		}, testutil.As("dan")).Test(t)
	}
}

// A member who applied to an offer cannot read other applicants' notes by
// filtering listings on the back-relation, character by character: the
// records API does not answer members at all.
func TestNoFilterOracleThroughBackRelations(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, seed)
	for _, c := range []struct{ collection, filter string }{
		{"sponsorships", "applications_via_sponsorship.message ~ 'abc%'"},
		{"sponsorships", "applications_via_sponsorship.status = 'accepted'"},
		{"users", "applications_via_applicant.message ~ 'abc%'"},
		{"applications", "sponsorship.applications_via_sponsorship.message ~ 'abc%'"},
		{"conversations", "userA.applications_via_applicant.message ~ 'abc%'"},
	} {
		testutil.Prepared(factory, tests.ApiScenario{
			Name: c.collection + " filtered by " + c.filter, Method: http.MethodGet,
			URL:            "/api/collections/" + c.collection + "/records?filter=" + url.QueryEscape(c.filter),
			ExpectedStatus: 404, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{closed}, NotExpectedContent: []string{"Robotics kits", "priya", "totalItems"},
		}, testutil.As("zed")).Test(t)
	}
}
