package sponsoring_test

import (
	"net/http"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// seedApplied adds priya's pending application and zed's declined one to dan's offer.
func seedApplied(t testing.TB, app core.App) {
	seed(t, app)
	offer := listing(t, app, "sponsorships", "Robotics kits")
	createApplication(t, app, offer, testutil.FindByUsername(t, app, "priya"), "pending")
	createApplication(t, app, offer, testutil.FindByUsername(t, app, "zed"), "declined")
}

func applicationOf(t testing.TB, app core.App, username string) *core.Record {
	t.Helper()
	r, err := app.FindFirstRecordByData("applications", "applicant", testutil.FindByUsername(t, app, username).Id)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestDecide(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, seedApplied)
	// Each case decides the named applicant's application (its id is known
	// once the app is seeded) and then checks the status it has.
	for _, c := range []struct {
		who, applicant, action, wantStatus string
		s                                  tests.ApiScenario
	}{
		{who: "", applicant: "priya", action: "accept", wantStatus: "pending", s: tests.ApiScenario{
			Name:           "visitor is refused",
			ExpectedStatus: 401, ExpectedContent: []string{`"status":401`},
			ExpectedEvents: map[string]int{"*": 0},
		}},
		{who: "priya", applicant: "priya", action: "accept", wantStatus: "pending", s: tests.ApiScenario{
			Name:           "the applicant cannot accept their own application",
			ExpectedStatus: 403, ExpectedContent: []string{"Only the poster of the sponsorship can accept or decline applications."},
			ExpectedEvents: testutil.NoWrites(),
		}},
		{who: "zed", applicant: "priya", action: "accept", wantStatus: "pending", s: tests.ApiScenario{
			Name:           "a stranger does not see it",
			ExpectedStatus: 404, ExpectedContent: []string{"Application not found."},
			ExpectedEvents: testutil.NoWrites(),
		}},
		{who: "boss", applicant: "priya", action: "decline", wantStatus: "pending", s: tests.ApiScenario{
			Name:           "administrators do not decide for posters",
			ExpectedStatus: 404, ExpectedContent: []string{"Application not found."},
			ExpectedEvents: testutil.NoWrites(),
		}},
		{who: "dan", applicant: "zed", action: "accept", wantStatus: "declined", s: tests.ApiScenario{
			Name:           "a decided application cannot be decided again",
			ExpectedStatus: 409, ExpectedContent: []string{"This application has already been declined."},
			ExpectedEvents: testutil.NoWrites(),
		}},
		{who: "dan", applicant: "priya", action: "decline", wantStatus: "declined", s: tests.ApiScenario{
			Name:           "the poster declines",
			ExpectedStatus: 200, ExpectedContent: []string{`"status":"declined"`, `"decidedAt":"20`},
			ExpectedEvents: declined,
		}},
	} {
		var id string
		c.s.Method = http.MethodPost
		c.s.AfterTestFunc = func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			if got := testutil.Find(t, app, "applications", id).GetString("status"); got != c.wantStatus {
				t.Errorf("status is %q, want %q", got, c.wantStatus)
			}
		}
		testutil.Prepared(factory, c.s, func(t testing.TB, app core.App, s *tests.ApiScenario) {
			id = applicationOf(t, app, c.applicant).Id
			s.URL = "/api/applications/" + id + "/" + c.action
			if c.who != "" {
				testutil.As(c.who)(t, app, s)
			}
		}).Test(t)
	}

	var id string
	testutil.Prepared(factory, tests.ApiScenario{
		Name: "the poster accepts: the applicant is told in Messages and by notification", Method: http.MethodPost,
		ExpectedStatus: 200, ExpectedContent: []string{`"status":"accepted"`, `"title":"Robotics kits"`},
		ExpectedEvents: accepted,
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			priya := testutil.FindByUsername(t, app, "priya")
			if n := count(t, app, "notifications", dbx.HashExp{"user": priya.Id, "type": "application_accepted"}); n != 1 {
				t.Errorf("applicant has %d acceptance notifications", n)
			}
			if n := count(t, app, "messages", dbx.HashExp{"contextId": id, "kind": "system"}); n != 1 {
				t.Errorf("expected a system message about the decision, found %d", n)
			}
			waitForMail(t, app, 1)
		},
	}, func(t testing.TB, app core.App, s *tests.ApiScenario) {
		id = applicationOf(t, app, "priya").Id
		s.URL = "/api/applications/" + id + "/accept"
		testutil.As("dan")(t, app, s)
	}).Test(t)
}

// declined / accepted: deciding updates the application, opens the
// conversation with a system note (which updates it) and notifies the
// applicant, who is also e-mailed in the background (see writesAmidMail).
var (
	declined = writesAmidMail(3, 2)
	accepted = writesAmidMail(5, 2) // and the deal it opens, with its history
)

func TestListApplications(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, seedApplied)
	for _, c := range []struct {
		name, who, query string
		status           int
		want, notWant    []string
	}{
		{"visitor is refused", "", "?role=sent", 401, []string{`"status":401`}, nil},
		{"role is required", "priya", "", 400, []string{"Role must be sent or received."}, nil},
		{"the applicant sees their own application and its status", "priya", "?role=sent", 200,
			[]string{`"status":"pending"`, `"title":"Robotics kits"`, `"username":"priya"`}, []string{`"username":"zed"`}},
		{"the poster sees every incoming application", "dan", "?role=received", 200,
			[]string{`"username":"priya"`, `"username":"zed"`, `"status":"declined"`}, nil},
		{"the poster filters by status", "dan", "?role=received&status=declined", 200,
			[]string{`"username":"zed"`}, []string{`"username":"priya"`}},
		{"a bad status filter is refused", "dan", "?role=received&status=won", 400,
			[]string{"Status must be pending, accepted, declined or withdrawn."}, nil},
		{"the poster filters the withdrawn", "dan", "?role=received&status=withdrawn", 200, []string{`[]`}, []string{"Robotics"}},
		{"others see none of it", "boss", "?role=received", 200, []string{`[]`}, []string{"Robotics"}},
		{"a bad page is refused", "dan", "?role=received&page=0", 400, []string{"Page must be a whole number from 1 to 10000"}, nil},
	} {
		s := tests.ApiScenario{Name: c.name, Method: http.MethodGet, URL: "/api/applications" + c.query,
			ExpectedStatus: c.status, ExpectedContent: c.want, NotExpectedContent: c.notWant,
			ExpectedEvents: map[string]int{"*": 0}} // a read: no hook event at all
		var prepare func(testing.TB, core.App, *tests.ApiScenario)
		if c.who != "" {
			prepare = testutil.As(c.who)
		}
		testutil.Prepared(factory, s, prepare).Test(t)
	}
}
