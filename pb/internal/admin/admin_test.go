package admin_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/queue"
	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// seed: boss administrates; dan and priya post; zed only browses. Two
// listings await review, one is approved and reported by zed, one rejected.
func seed(t testing.TB, app core.App) {
	testutil.CreateMember(t, app, "boss", testutil.MemberOpts{Admin: true, Email: "boss@example.com"})
	dan := testutil.CreateMember(t, app, "dan", testutil.MemberOpts{Subscribed: true, Email: "dan@example.com"})
	priya := testutil.CreateMember(t, app, "priya", testutil.MemberOpts{Verified: true, Email: "priya@example.com"})
	zed := testutil.CreateMember(t, app, "zed", testutil.MemberOpts{Email: "zed@example.com"})
	priya.Set("socialMedia", []map[string]any{
		{"platform": "twitter", "username": "priya_s", "verified": false, "verificationDate": ""},
		{"platform": "instagram", "username": "priya.art", "verified": true, "verificationDate": "2026-01-01T00:00:00Z"},
	})
	if err := app.Save(priya); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	testutil.CreateListing(t, app, "sponsorships", dan, testutil.ListingOpts{Title: "Dan pending offer", Created: now.Add(-3 * time.Hour)})
	testutil.CreateListing(t, app, "sponsorship_requests", priya, testutil.ListingOpts{Title: "Priya pending request", Created: now.Add(-2 * time.Hour)})
	approved := testutil.CreateListing(t, app, "sponsorships", dan, testutil.ListingOpts{Title: "Dan approved offer",
		Reviewed: true, Approved: true, Created: now.Add(-48 * time.Hour)})
	testutil.CreateListing(t, app, "sponsorships", priya, testutil.ListingOpts{Title: "Priya rejected offer",
		Reviewed: true, RejectionReason: "Duplicate listing", Created: now.Add(-72 * time.Hour)})
	report(t, app, zed, "sponsorships", approved.Id, "Looks like a scam")
}

var factory = apptest.Factory(nil, seed)

func report(t testing.TB, app core.App, reporter *core.Record, table, id, reason string) {
	c, err := app.FindCollectionByNameOrId("reports")
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewRecord(c)
	r.Set("reporter", reporter.Id)
	r.Set("listingKind", table)
	r.Set("listingId", id)
	r.Set("reason", reason)
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
}

func listingID(t testing.TB, app core.App, table, title string) string {
	r, err := app.FindFirstRecordByData(table, "title", title)
	if err != nil {
		t.Fatalf("%s %q: %v", table, title, err)
	}
	return r.Id
}

func memberID(t testing.TB, app core.App, username string) string {
	return testutil.FindByUsername(t, app, username).Id
}

func count(t testing.TB, app core.App, table string) int {
	n, err := app.CountRecords(table)
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

func expectRows(table string, n int) func(testing.TB, *tests.TestApp) {
	return func(t testing.TB, app *tests.TestApp) {
		if got := count(t, app, table); got != n {
			t.Errorf("%s: expected %d rows, found %d", table, n, got)
		}
	}
}

func all(checks ...func(testing.TB, *tests.TestApp)) func(testing.TB, *tests.TestApp) {
	return func(t testing.TB, app *tests.TestApp) {
		for _, c := range checks {
			c(t, app)
		}
	}
}

// tc is one scenario: who ("" for a visitor) calls method url with body.
type tc struct {
	name, method, who string
	url               func(t testing.TB, app core.App) string
	body              string
	status            int
	want, notWant     []string
	// events are the hook events the request must fire (ExpectedEvents);
	// when nil, a read (GET) or a refusal (4xx) must write nothing. An
	// administrator's action writes its target and one audit entry.
	events map[string]int
	// headers are answer headers the request must carry (a list's paging).
	headers map[string]string
	after   func(t testing.TB, app *tests.TestApp)
}

func path(p string) func(testing.TB, core.App) string {
	return func(testing.TB, core.App) string { return p }
}

// run runs each case that changes things on its own app; the cases that
// only read (a GET or a refusal, checked to write nothing) share one.
func run(t *testing.T, f func(testing.TB) *tests.TestApp, cases []tc) {
	t.Helper()
	var reads, changes []tc
	for _, c := range cases {
		if c.events == nil && (c.method == http.MethodGet || c.status >= 400) {
			reads = append(reads, c)
		} else {
			changes = append(changes, c)
		}
	}
	if len(reads) > 1 {
		runOnOneApp(t, f, reads)
	} else {
		changes = append(reads, changes...)
	}
	for _, c := range changes {
		testutil.Prepared(f, scenarioOf(c), func(t testing.TB, app core.App, s *tests.ApiScenario) {
			s.URL, s.Headers = c.url(t, app), requestHeaders(t, app, c.who)
		}).Test(t)
	}
}

// runOnOneApp runs cases one after another on one app (testutil.Reads):
// for calls that change nothing (reads, refusals), whose every step checks
// that nothing changed.
func runOnOneApp(t *testing.T, f func(testing.TB) *tests.TestApp, cases []tc) {
	t.Helper()
	byName := make(map[string]tc, len(cases))
	scenarios := make([]tests.ApiScenario, 0, len(cases))
	for _, c := range cases {
		byName[c.name] = c
		scenarios = append(scenarios, scenarioOf(c))
	}
	testutil.Reads(t, f, scenarios, func(t testing.TB, app core.App, s *tests.ApiScenario) {
		c := byName[s.Name]
		s.URL, s.Headers = c.url(t, app), requestHeaders(t, app, c.who)
	})
}

// scenarioOf is a case's scenario but for its URL and headers, which need
// the app.
func scenarioOf(c tc) tests.ApiScenario {
	if len(c.want) == 0 { // every answer has a body: say what it must hold
		c.want = []string{`"id":`}
		if c.status >= 400 {
			c.want = []string{fmt.Sprintf(`"status":%d`, c.status)}
		}
	}
	if c.events == nil && (c.method == http.MethodGet || c.status >= 400) {
		c.events = testutil.NoWrites()
	}
	return tests.ApiScenario{
		Name: c.name, Method: c.method, Body: strings.NewReader(c.body),
		ExpectedStatus: c.status, ExpectedContent: c.want, NotExpectedContent: c.notWant, ExpectedEvents: c.events,
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
			for k, v := range c.headers {
				if got := res.Header.Get(k); got != v {
					t.Errorf("header %s %q, want %q", k, got, v)
				}
			}
			if c.after != nil {
				c.after(t, app)
			}
		},
	}
}

// requestHeaders are a request's headers as who ("" for a visitor).
func requestHeaders(t testing.TB, app core.App, who string) map[string]string {
	if who == "" {
		return map[string]string{"Origin": testutil.Origin}
	}
	return testutil.Cookie(t, testutil.FindByUsername(t, app, who))
}

// get is a journey's read as who ("" for a visitor): it must answer
// status and write nothing.
func get(t *testing.T, j *testutil.Journey, app core.App, who, url string, status int, want ...string) testutil.Answer {
	t.Helper()
	return j.Step(t, tests.ApiScenario{Name: who + " reads " + url, Method: http.MethodGet, URL: url,
		Headers: headersOf(t, app, who), ExpectedStatus: status, ExpectedContent: wantBody(status, want),
		ExpectedEvents: testutil.NoWrites()})
}

// post is a journey's write as who: it must answer status and fire
// events. The work it left to the background (mail) is done before the
// next step counts its own events.
func post(t *testing.T, j *testutil.Journey, app core.App, who, url, body string, status int, events map[string]int,
	want ...string) testutil.Answer {
	t.Helper()
	a := j.Step(t, tests.ApiScenario{Name: who + " posts " + url, Method: http.MethodPost, URL: url,
		Body: strings.NewReader(body), Headers: headersOf(t, app, who), ExpectedStatus: status,
		ExpectedContent: wantBody(status, want), ExpectedEvents: events})
	queue.Of(app).Wait()
	return a
}

// wantBody is what an answer must hold when a step names nothing: every
// answer has a body, and a refusal says its status.
func wantBody(status int, want []string) []string {
	if len(want) > 0 {
		return want
	}
	if status >= 400 {
		return []string{fmt.Sprintf(`"status":%d`, status)}
	}
	return []string{"{"}
}

// headersOf are the headers of who's browser request ("" for a visitor).
func headersOf(t testing.TB, app core.App, who string) map[string]string {
	if who == "" {
		return map[string]string{"Origin": testutil.Origin}
	}
	return testutil.Cookie(t, testutil.FindByUsername(t, app, who))
}
