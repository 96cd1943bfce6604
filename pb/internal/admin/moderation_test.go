package admin_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

type queueItem struct {
	Kind    string `json:"kind"`
	Listing struct {
		Title string `json:"title"`
	} `json:"listing"`
	Reports struct {
		Count int `json:"count"`
	} `json:"reports"`
}

// titles are the queue page's listings and the queue's total (X-Total-Count).
func titles(t testing.TB, a testutil.Answer) ([]string, int) {
	var items []queueItem
	a.Decode(t, &items)
	var out []string
	for _, it := range items {
		out = append(out, it.Listing.Title)
	}
	total, err := strconv.Atoi(a.Header.Get("X-Total-Count"))
	if err != nil {
		t.Fatalf("X-Total-Count %q", a.Header.Get("X-Total-Count"))
	}
	return out, total
}

// The queue: reported listings first (even approved ones, with their
// reports), then listings not yet reviewed, newest first; reviewed ones
// without open reports are gone from it.
func TestModerationQueue(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	j := testutil.NewJourney(t, app)

	a := get(t, j, app, "boss", "/api/admin/moderation", 200)
	got, total := titles(t, a)
	want := []string{"Dan approved offer", "Priya pending request", "Dan pending offer"}
	if strings.Join(got, "|") != strings.Join(want, "|") || total != 3 {
		t.Fatalf("queue: %v (total %d), want %v\n%s", got, total, want, a.Body)
	}
	for _, s := range []string{`"count":1`, `"reason":"Looks like a scam"`, `"username":"zed"`, `"kind":"sponsorship-requests"`} {
		if !strings.Contains(a.Body, s) {
			t.Errorf("queue lacks %s", s)
		}
	}

	a = get(t, j, app, "boss", "/api/admin/moderation?kind=sponsorship-requests", 200)
	if got, total := titles(t, a); len(got) != 1 || got[0] != "Priya pending request" || total != 1 {
		t.Errorf("kind filter: %v %d", got, total)
	}
	// paging crosses from the reported part into the pending part
	a = get(t, j, app, "boss", "/api/admin/moderation?perPage=2&page=2", 200)
	if got, total := titles(t, a); len(got) != 1 || got[0] != "Dan pending offer" || total != 3 ||
		a.Header.Get("X-Has-More") != "false" || a.Header.Get("X-Page") != "2" {
		t.Errorf("page 2: %v %d %v", got, total, a.Header)
	}
	a = get(t, j, app, "boss", "/api/admin/moderation?perPage=2&page=1", 200)
	if got, _ := titles(t, a); strings.Join(got, "|") != "Dan approved offer|Priya pending request" ||
		a.Header.Get("X-Has-More") != "true" {
		t.Errorf("page 1: %v %v", got, a.Header)
	}

	run(t, factory, []tc{
		{name: "unknown kind", method: http.MethodGet, who: "boss", url: path("/api/admin/moderation?kind=things"),
			status: 400, want: []string{"Kind must be sponsorships or sponsorship-requests"}},
		{name: "bad paging", method: http.MethodGet, who: "boss", url: path("/api/admin/moderation?page=0&perPage=500"),
			status: 400, want: []string{"Page must be a whole number from 1 to 10000", "perPage must be a whole number from 1 to 100"}},
	})
}

func approvePath(table, segment, title, action string) func(testing.TB, core.App) string {
	return func(t testing.TB, app core.App) string {
		return "/api/admin/listings/" + segment + "/" + listingID(t, app, table, title) + "/" + action
	}
}

func logged(action, details string) func(testing.TB, *tests.TestApp) {
	return func(t testing.TB, app *tests.TestApp) {
		rows, err := app.FindAllRecords("moderation_log")
		if err != nil || len(rows) != 1 {
			t.Fatalf("expected one log row, got %d (%v)", len(rows), err)
		}
		r := rows[0]
		if r.GetString("action") != action || r.GetString("actorName") != "boss" ||
			r.GetString("actor") != memberID(t, app, "boss") || !strings.Contains(r.GetString("details"), details) {
			t.Errorf("log row: %v", r.PublicExport())
		}
	}
}

// toldOfRejection checks the poster got one notification naming the reason
// (and linking the listing's page), and nobody else did.
func toldOfRejection(poster, reason string) func(testing.TB, *tests.TestApp) {
	return func(t testing.TB, app *tests.TestApp) {
		rows, err := app.FindAllRecords("notifications", dbx.HashExp{"type": "listing_rejected"})
		if err != nil || len(rows) != 1 {
			t.Fatalf("expected one rejection notice, got %d (%v)", len(rows), err)
		}
		r := rows[0]
		if r.GetString("user") != memberID(t, app, poster) || !strings.Contains(r.GetString("body"), reason) ||
			!strings.HasPrefix(r.GetString("link"), "/listings/") {
			t.Errorf("rejection notice: %v", r.PublicExport())
		}
	}
}

func noRejectionNotice(t testing.TB, app *tests.TestApp) {
	if n, _ := app.CountRecords("notifications", dbx.HashExp{"type": "listing_rejected"}); n != 0 {
		t.Errorf("%d rejection notices after an approval", n)
	}
}

func flags(table, title string, reviewed, approved bool, reason string) func(testing.TB, *tests.TestApp) {
	return func(t testing.TB, app *tests.TestApp) {
		r, err := app.FindFirstRecordByData(table, "title", title)
		if err != nil {
			t.Fatal(err)
		}
		if r.GetBool("reviewed") != reviewed || r.GetBool("approved") != approved || r.GetString("rejectionReason") != reason {
			t.Errorf("%s: reviewed=%v approved=%v reason=%q", title, r.GetBool("reviewed"), r.GetBool("approved"), r.GetString("rejectionReason"))
		}
	}
}

func openReports(n int) func(testing.TB, *tests.TestApp) {
	return func(t testing.TB, app *tests.TestApp) {
		got, err := app.CountRecords("reports", dbx.HashExp{"resolved": false})
		if err != nil || int(got) != n {
			t.Errorf("open reports: %d, want %d (%v)", got, n, err)
		}
	}
}

func TestApproveAndReject(t *testing.T) {
	t.Parallel()
	nothing := expectRows("moderation_log", 0)
	run(t, factory, []tc{
		{name: "approve a request", events: testutil.Writes(1, 1, 0), method: http.MethodPost, who: "boss",
			url:    approvePath("sponsorship_requests", "sponsorship-requests", "Priya pending request", "approve"),
			status: 200, want: []string{`"reviewed":true`, `"approved":true`, `"title":"Priya pending request"`},
			after: all(flags("sponsorship_requests", "Priya pending request", true, true, ""), logged("approve_listing", ""), noRejectionNotice)},
		{name: "reject with a reason", events: testutil.WritesAmidMail(2, 1), method: http.MethodPost, who: "boss", body: `{"reason":"  Not a real offer "}`,
			url:    approvePath("sponsorships", "sponsorships", "Dan pending offer", "reject"),
			status: 200, want: []string{`"reviewed":true`, `"approved":false`, `"rejectionReason":"Not a real offer"`},
			after: all(flags("sponsorships", "Dan pending offer", true, false, "Not a real offer"), logged("reject_listing", "Not a real offer"),
				toldOfRejection("dan", "Not a real offer"))},
		{name: "approving a rejected listing clears the reason (and tells its poster)", events: testutil.WritesAmidMail(2, 1), method: http.MethodPost, who: "boss",
			url:    approvePath("sponsorships", "sponsorships", "Priya rejected offer", "approve"),
			status: 200, want: []string{`"approved":true`},
			after: flags("sponsorships", "Priya rejected offer", true, true, "")},
		{name: "approving a reported listing resolves its reports", events: testutil.Writes(1, 2, 0), method: http.MethodPost, who: "boss",
			url:    approvePath("sponsorships", "sponsorships", "Dan approved offer", "approve"),
			status: 200, after: all(openReports(0), logged("approve_listing", "1 open report(s) resolved"))},
		{name: "rejecting a reported listing resolves its reports", events: testutil.WritesAmidMail(2, 2), method: http.MethodPost, who: "boss",
			body: `{"reason":"Scam"}`, url: approvePath("sponsorships", "sponsorships", "Dan approved offer", "reject"),
			status: 200, after: all(openReports(0), flags("sponsorships", "Dan approved offer", true, false, "Scam"))},
		{name: "reject without a reason", method: http.MethodPost, who: "boss", body: `{"reason":"   "}`,
			url:    approvePath("sponsorships", "sponsorships", "Dan pending offer", "reject"),
			status: 400, want: []string{`"reason":{"code":"validation_required","message":"A reason is required to reject a listing"}`},
			after: all(nothing, flags("sponsorships", "Dan pending offer", false, false, ""))},
		{name: "reject with an empty body", method: http.MethodPost, who: "boss",
			url:    approvePath("sponsorships", "sponsorships", "Dan pending offer", "reject"),
			status: 400, want: []string{"A reason is required to reject a listing"}, after: nothing},
		{name: "reason too long", method: http.MethodPost, who: "boss", body: `{"reason":"` + strings.Repeat("r", 501) + `"}`,
			url:    approvePath("sponsorships", "sponsorships", "Dan pending offer", "reject"),
			status: 400, want: []string{"Reason must be at most 500 characters"},
			after: all(nothing, flags("sponsorships", "Dan pending offer", false, false, ""))},
		{name: "malformed JSON", method: http.MethodPost, who: "boss", body: `{"reason":`,
			url:    approvePath("sponsorships", "sponsorships", "Dan pending offer", "reject"),
			status: 400, want: []string{"The request body is not valid JSON."}, after: nothing},
		{name: "wrong JSON type", method: http.MethodPost, who: "boss", body: `{"reason":42}`,
			url:    approvePath("sponsorships", "sponsorships", "Dan pending offer", "reject"),
			status: 400, after: nothing},
		{name: "oversized body", method: http.MethodPost, who: "boss", body: `{"reason":"` + strings.Repeat("r", 40<<10) + `"}`,
			url:    approvePath("sponsorships", "sponsorships", "Dan pending offer", "reject"),
			status: 413, after: nothing},
		{name: "unknown listing", method: http.MethodPost, who: "boss", url: path("/api/admin/listings/sponsorships/nope/approve"),
			status: 404, want: []string{"Listing not found."}, after: nothing},
		{name: "id of the other kind", method: http.MethodPost, who: "boss",
			url:    approvePath("sponsorships", "sponsorship-requests", "Dan pending offer", "approve"),
			status: 404, after: nothing},
		{name: "unknown kind", method: http.MethodPost, who: "boss",
			url:    approvePath("sponsorships", "offers", "Dan pending offer", "approve"),
			status: 404, after: nothing},
		{name: "a member cannot reject", method: http.MethodPost, who: "priya", body: `{"reason":"mine is better"}`,
			url:    approvePath("sponsorships", "sponsorships", "Dan pending offer", "reject"),
			status: 403, after: all(nothing, flags("sponsorships", "Dan pending offer", false, false, ""))},
		{name: "the collection API does not let a member approve", method: http.MethodPatch, who: "dan", body: `{"approved":true,"reviewed":true}`,
			url: func(t testing.TB, app core.App) string {
				return "/api/collections/sponsorships/records/" + listingID(t, app, "sponsorships", "Dan pending offer")
			},
			status: 404, after: flags("sponsorships", "Dan pending offer", false, false, "")},
	})
}

// After a decision the member-facing routes follow the one visibility rule: a rejected
// listing is gone for other members, its poster still sees it with the
// reason, and an approved one shows as approved.
func TestDecisionsReachThePublicRoutes(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	j := testutil.NewJourney(t, app)
	reqID := listingID(t, app, "sponsorship_requests", "Priya pending request")
	offerID := listingID(t, app, "sponsorships", "Dan pending offer")

	get(t, j, app, "zed", "/api/sponsorship-requests", 200, "Priya pending request")
	post(t, j, app, "boss", "/api/admin/listings/sponsorship-requests/"+reqID+"/reject", `{"reason":"Please add the event venue"}`,
		200, testutil.WritesAmidMail(2, 1))
	post(t, j, app, "boss", "/api/admin/listings/sponsorships/"+offerID+"/approve", "", 200, testutil.Writes(1, 1, 0))

	checks := []struct {
		who, path string
		status    int
		want      []string
		notWant   []string
	}{
		{"zed", "/api/sponsorship-requests", 200, []string{"["}, []string{"Priya pending request"}},
		{"zed", "/api/sponsorship-requests/" + reqID, 404, []string{"Listing not found."}, []string{"venue"}},
		{"dan", "/api/sponsorship-requests?userId=" + memberID(t, app, "priya"), 200, []string{"["}, []string{"Priya pending request"}},
		{"priya", "/api/sponsorship-requests?userId=" + memberID(t, app, "priya"), 200,
			[]string{"Priya pending request", `"rejectionReason":"Please add the event venue"`}, nil},
		{"priya", "/api/sponsorship-requests/" + reqID, 200, []string{`"rejectionReason":"Please add the event venue"`}, nil},
		{"boss", "/api/sponsorship-requests/" + reqID, 200, []string{`"rejectionReason":"Please add the event venue"`}, nil},
		{"zed", "/api/sponsorships", 200, []string{`"title":"Dan pending offer"`, `"approved":true`}, []string{"rejectionReason"}},
		{"zed", "/api/sponsorships/" + offerID, 200, []string{`"approved":true`, `"reviewed":true`}, nil},
	}
	for _, c := range checks {
		j.Step(t, tests.ApiScenario{Name: c.who + " reads " + c.path, Method: http.MethodGet, URL: c.path,
			Headers: headersOf(t, app, c.who), ExpectedStatus: c.status, ExpectedContent: wantBody(c.status, c.want),
			NotExpectedContent: c.notWant, ExpectedEvents: testutil.NoWrites()})
	}
	// a member cannot report what they cannot see
	post(t, j, app, "zed", "/api/sponsorship-requests/"+reqID+"/report", `{"reason":"spam"}`, 404, testutil.NoWrites())
	if n := count(t, app, "moderation_log"); n != 2 {
		t.Errorf("moderation_log rows: %d", n)
	}
}
