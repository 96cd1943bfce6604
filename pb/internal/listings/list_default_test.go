package listings_test

import (
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// seedDefault: pia's listings in every state a list can meet. "Old fair"
// is past and the start's run of the event job closes it (stored closed);
// "Fair that just passed" is written after the start (lateFair), stored
// open as between two runs of the ten-minute job.
func seedDefault(t testing.TB, app core.App) {
	pia := testutil.CreateMember(t, app, "pia", testutil.MemberOpts{})
	testutil.CreateMember(t, app, "sam", testutil.MemberOpts{})
	const S, R = "sponsorships", "sponsorship_requests"
	testutil.CreateListing(t, app, S, pia, testutil.ListingOpts{Title: "Open offer"})
	testutil.CreateListing(t, app, S, pia, testutil.ListingOpts{Title: "Closed offer", Status: "closed"})
	legacy := testutil.CreateListing(t, app, S, pia, testutil.ListingOpts{Title: "Legacy offer"})
	// an offer from before offers had a status
	if _, err := app.DB().NewQuery("UPDATE sponsorships SET status = '' WHERE id = {:id}").Bind(map[string]any{"id": legacy.Id}).Execute(); err != nil {
		t.Fatal(err)
	}
	withEvent(t, app, pia, "Future fair", "open", dayFromNow(7))
	testutil.CreateListing(t, app, R, pia, testutil.ListingOpts{Title: "Undated drive"})
	withEvent(t, app, pia, "Sponsored kits", "sponsored", dayFromNow(7))
	withEvent(t, app, pia, "Withdrawn walk", "closed", dayFromNow(7))
	withEvent(t, app, pia, "Old fair", "open", dayFromNow(-5))
}

func lateFair(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) {
	withEvent(t, app, testutil.FindByUsername(t, app, "pia"), "Fair that just passed", "open", dayFromNow(-2))
}

// The list routes answer what can still be backed unless asked for more:
// open offers (and offers from before offers had a status), open requests
// whose event has not passed — also one the job has not closed yet.
func TestListsDefaultToWhatCanStillBeBacked(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, seedDefault)
	for _, tc := range []struct {
		name, url     string
		status        int
		want, notWant []string
		headers       map[string]string
	}{
		{"offers: open ones by default", "/api/sponsorships", 200,
			[]string{`"title":"Open offer"`, `"title":"Legacy offer"`, `"status":"open"`},
			[]string{"Closed offer", "closedReason"}, map[string]string{"X-Total-Count": "2"}},
		{"offers: status=all adds closed ones, saying why", "/api/sponsorships?status=all", 200,
			[]string{`"title":"Closed offer","description":"A description.","amount":100,"status":"closed","closedReason":"poster"`, "Open offer", "Legacy offer"},
			nil, map[string]string{"X-Total-Count": "3"}},
		{"requests: open and event not past by default", "/api/sponsorship-requests", 200,
			[]string{`"title":"Future fair"`, `"title":"Undated drive"`},
			[]string{"Sponsored kits", "Withdrawn walk", "Old fair", "Fair that just passed", "closedReason"},
			map[string]string{"X-Total-Count": "2"}},
		{"requests: status=open is the same", "/api/sponsorship-requests?status=open", 200,
			[]string{"Future fair", "Undated drive"}, []string{"Fair that just passed", "Old fair"}, map[string]string{"X-Total-Count": "2"}},
		{"requests: status=all lists every one with its reason", "/api/sponsorship-requests?status=all", 200,
			[]string{`"title":"Fair that just passed"`, `"title":"Old fair"`, `"title":"Sponsored kits"`, `"title":"Withdrawn walk"`,
				`"status":"sponsored","closedReason":"sponsored"`, `"status":"closed","closedReason":"poster"`,
				`"status":"closed","closedReason":"event_passed"`},
			nil, map[string]string{"X-Total-Count": "6"}},
		{"requests: status=closed tells the poster's close from the passed event", "/api/sponsorship-requests?status=closed", 200,
			[]string{"Withdrawn walk", "Old fair", "Fair that just passed", `"closedReason":"poster"`, `"closedReason":"event_passed"`},
			[]string{"Future fair", "Sponsored kits"}, map[string]string{"X-Total-Count": "3"}},
		{"the amount orders default to open too", "/api/sponsorship-requests?sort=amount_desc", 200,
			[]string{"Future fair", "Undated drive"}, []string{"Withdrawn walk", "Fair that just passed"}, map[string]string{"X-Total-Count": "2"}},
		{"an unknown status is a 400", "/api/sponsorship-requests?status=every", 400,
			[]string{`"status":{"code":"validation_invalid_status","message":"Status must be open, sponsored, closed or all"}`}, nil, nil},
		{"an offer is still never sponsored", "/api/sponsorships?status=sponsored", 400,
			[]string{"An Open Sponsorship is open or closed"}, nil, nil},
	} {
		testutil.Prepared(factory, tests.ApiScenario{
			Name: tc.name, Method: http.MethodGet, URL: tc.url, ExpectedStatus: tc.status,
			ExpectedContent: tc.want, NotExpectedContent: tc.notWant, ExpectedEvents: map[string]int{"*": 0},
			BeforeTestFunc: lateFair, AfterTestFunc: expectHeaders(tc.headers),
		}, testutil.As("sam")).Test(t)
	}
}

// A listing's page says why it is closed, also before the job has run.
func TestAListingSaysWhyItIsClosed(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, seedDefault)
	for _, tc := range []struct {
		title, want string
	}{
		{"Fair that just passed", `"status":"closed","closedReason":"event_passed"`},
		{"Old fair", `"status":"closed","closedReason":"event_passed"`},
		{"Withdrawn walk", `"status":"closed","closedReason":"poster"`},
		{"Sponsored kits", `"status":"sponsored","closedReason":"sponsored"`},
		{"Future fair", `"status":"open"`},
	} {
		s := &tests.ApiScenario{Name: tc.title + " says " + tc.want, Method: http.MethodGet, ExpectedStatus: 200,
			ExpectedContent: []string{tc.want}, ExpectedEvents: map[string]int{"*": 0}, TestAppFactory: factory}
		if tc.title == "Future fair" {
			s.NotExpectedContent = []string{"closedReason"}
		}
		// The late fair exists only from BeforeTestFunc on: the URL is set there.
		s.BeforeTestFunc = func(t testing.TB, app *tests.TestApp, e *core.ServeEvent) {
			lateFair(t, app, e)
			testutil.As("sam")(t, app, s)
			s.URL = "/api/sponsorship-requests/" + requestID(t, app, tc.title)
		}
		s.Test(t)
	}
}

// A member's list (a profile) defaults to open too; status=all shows all.
func TestAMembersListDefaultsToOpen(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, seedDefault)
	for _, tc := range []struct {
		name, query   string
		want, notWant []string
	}{
		{"by default", "", []string{"Future fair", "Undated drive"}, []string{"Withdrawn walk", "Sponsored kits", "Old fair"}},
		{"with status=all", "&status=all", []string{"Future fair", "Withdrawn walk", "Sponsored kits", "Old fair"}, nil},
	} {
		testutil.Prepared(factory, tests.ApiScenario{Name: "pia's requests " + tc.name, Method: http.MethodGet, ExpectedStatus: 200,
			ExpectedContent: tc.want, NotExpectedContent: tc.notWant, ExpectedEvents: map[string]int{"*": 0},
		}, func(t testing.TB, app core.App, s *tests.ApiScenario) {
			testutil.As("pia")(t, app, s)
			s.URL = "/api/sponsorship-requests?userId=" + testutil.FindByUsername(t, app, "pia").Id + tc.query
		}).Test(t)
	}
}
