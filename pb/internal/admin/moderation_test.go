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

	a := j.Do(t, testutil.Call{Name: "boss reads /api/admin/moderation", Who: "boss", Method: http.MethodGet, URL: "/api/admin/moderation", Status: 200, Want: []string{"{"}})
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

	a = j.Do(t, testutil.Call{Name: "boss reads /api/admin/moderation?kind=sponsorship-requests", Who: "boss", Method: http.MethodGet, URL: "/api/admin/moderation?kind=sponsorship-requests", Status: 200, Want: []string{"{"}})
	if got, total := titles(t, a); len(got) != 1 || got[0] != "Priya pending request" || total != 1 {
		t.Errorf("kind filter: %v %d", got, total)
	}
	// paging crosses from the reported part into the pending part
	a = j.Do(t, testutil.Call{Name: "boss reads /api/admin/moderation?perPage=2&page=2", Who: "boss", Method: http.MethodGet, URL: "/api/admin/moderation?perPage=2&page=2", Status: 200, Want: []string{"{"}})
	if got, total := titles(t, a); len(got) != 1 || got[0] != "Dan pending offer" || total != 3 ||
		a.Header.Get("X-Has-More") != "false" || a.Header.Get("X-Page") != "2" {
		t.Errorf("page 2: %v %d %v", got, total, a.Header)
	}
	a = j.Do(t, testutil.Call{Name: "boss reads /api/admin/moderation?perPage=2&page=1", Who: "boss", Method: http.MethodGet, URL: "/api/admin/moderation?perPage=2&page=1", Status: 200, Want: []string{"{"}})
	if got, _ := titles(t, a); strings.Join(got, "|") != "Dan approved offer|Priya pending request" ||
		a.Header.Get("X-Has-More") != "true" {
		t.Errorf("page 1: %v %v", got, a.Header)
	}

	testutil.RunCalls(t, factory, []testutil.Call{
		{Name: "unknown kind", Method: http.MethodGet, Who: "boss", URL: "/api/admin/moderation?kind=things",
			Status: 400, Want: []string{"Kind must be sponsorships or sponsorship-requests"}},
		{Name: "bad paging", Method: http.MethodGet, Who: "boss", URL: "/api/admin/moderation?page=0&perPage=500",
			Status: 400, Want: []string{"Page must be a whole number from 1 to 10000", "perPage must be a whole number from 1 to 100"}},
	})
}

func approvePath(table, segment, title, action string) func(testing.TB, core.App) string {
	return func(t testing.TB, app core.App) string {
		return "/api/admin/listings/" + segment + "/" + listingID(t, app, table, title) + "/" + action
	}
}

func logged(action, details string) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, app *tests.TestApp, res *http.Response) {
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
func toldOfRejection(poster, reason string) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, app *tests.TestApp, res *http.Response) {
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

func noRejectionNotice(t testing.TB, app *tests.TestApp, _ *http.Response) {
	if n, _ := app.CountRecords("notifications", dbx.HashExp{"type": "listing_rejected"}); n != 0 {
		t.Errorf("%d rejection notices after an approval", n)
	}
}

func flags(table, title string, reviewed, approved bool, reason string) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, app *tests.TestApp, res *http.Response) {
		r, err := app.FindFirstRecordByData(table, "title", title)
		if err != nil {
			t.Fatal(err)
		}
		if r.GetBool("reviewed") != reviewed || r.GetBool("approved") != approved || r.GetString("rejectionReason") != reason {
			t.Errorf("%s: reviewed=%v approved=%v reason=%q", title, r.GetBool("reviewed"), r.GetBool("approved"), r.GetString("rejectionReason"))
		}
	}
}

func openReports(n int) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, app *tests.TestApp, res *http.Response) {
		got, err := app.CountRecords("reports", dbx.HashExp{"resolved": false})
		if err != nil || int(got) != n {
			t.Errorf("open reports: %d, want %d (%v)", got, n, err)
		}
	}
}

func TestApproveAndReject(t *testing.T) {
	t.Parallel()
	nothing := expectRows("moderation_log", 0)
	testutil.RunCalls(t, factory, []testutil.Call{
		{Name: "approve a request", Events: testutil.Writes(1, 1, 0), Method: http.MethodPost, Who: "boss",
			URLOf:  approvePath("sponsorship_requests", "sponsorship-requests", "Priya pending request", "approve"),
			Status: 200, Want: []string{`"reviewed":true`, `"approved":true`, `"title":"Priya pending request"`},
			After: all(flags("sponsorship_requests", "Priya pending request", true, true, ""), logged("approve_listing", ""), noRejectionNotice)},
		{Name: "reject with a reason", Events: testutil.WritesAmidMail(2, 1), Method: http.MethodPost, Who: "boss", Body: `{"reason":"  Not a real offer "}`,
			URLOf:  approvePath("sponsorships", "sponsorships", "Dan pending offer", "reject"),
			Status: 200, Want: []string{`"reviewed":true`, `"approved":false`, `"rejectionReason":"Not a real offer"`},
			After: all(flags("sponsorships", "Dan pending offer", true, false, "Not a real offer"), logged("reject_listing", "Not a real offer"),
				toldOfRejection("dan", "Not a real offer"))},
		{Name: "approving a rejected listing clears the reason (and tells its poster)", Events: testutil.WritesAmidMail(2, 1), Method: http.MethodPost, Who: "boss",
			URLOf:  approvePath("sponsorships", "sponsorships", "Priya rejected offer", "approve"),
			Status: 200, Want: []string{`"approved":true`},
			After: flags("sponsorships", "Priya rejected offer", true, true, "")},
		{Name: "approving a reported listing resolves its reports", Events: testutil.Writes(1, 2, 0), Method: http.MethodPost, Who: "boss",
			URLOf:  approvePath("sponsorships", "sponsorships", "Dan approved offer", "approve"),
			Status: 200, After: all(openReports(0), logged("approve_listing", "1 open report(s) resolved")), Want: []string{`"id":`}},
		{Name: "rejecting a reported listing resolves its reports", Events: testutil.WritesAmidMail(2, 2), Method: http.MethodPost, Who: "boss",
			Body: `{"reason":"Scam"}`, URLOf: approvePath("sponsorships", "sponsorships", "Dan approved offer", "reject"),
			Status: 200, After: all(openReports(0), flags("sponsorships", "Dan approved offer", true, false, "Scam")), Want: []string{`"id":`}},
		{Name: "reject without a reason", Method: http.MethodPost, Who: "boss", Body: `{"reason":"   "}`,
			URLOf:  approvePath("sponsorships", "sponsorships", "Dan pending offer", "reject"),
			Status: 400, Want: []string{`"reason":{"code":"validation_required","message":"A reason is required to reject a listing"}`},
			After: all(nothing, flags("sponsorships", "Dan pending offer", false, false, ""))},
		{Name: "reject with an empty body", Method: http.MethodPost, Who: "boss",
			URLOf:  approvePath("sponsorships", "sponsorships", "Dan pending offer", "reject"),
			Status: 400, Want: []string{"A reason is required to reject a listing"}, After: nothing},
		{Name: "reason too long", Method: http.MethodPost, Who: "boss", Body: `{"reason":"` + strings.Repeat("r", 501) + `"}`,
			URLOf:  approvePath("sponsorships", "sponsorships", "Dan pending offer", "reject"),
			Status: 400, Want: []string{"Reason must be at most 500 characters"},
			After: all(nothing, flags("sponsorships", "Dan pending offer", false, false, ""))},
		{Name: "malformed JSON", Method: http.MethodPost, Who: "boss", Body: `{"reason":`,
			URLOf:  approvePath("sponsorships", "sponsorships", "Dan pending offer", "reject"),
			Status: 400, Want: []string{"The request body is not valid JSON."}, After: nothing},
		{Name: "wrong JSON type", Method: http.MethodPost, Who: "boss", Body: `{"reason":42}`,
			URLOf:  approvePath("sponsorships", "sponsorships", "Dan pending offer", "reject"),
			Status: 400, After: nothing},
		{Name: "oversized body", Method: http.MethodPost, Who: "boss", Body: `{"reason":"` + strings.Repeat("r", 40<<10) + `"}`,
			URLOf:  approvePath("sponsorships", "sponsorships", "Dan pending offer", "reject"),
			Status: 413, After: nothing},
		{Name: "unknown listing", Method: http.MethodPost, Who: "boss", URL: "/api/admin/listings/sponsorships/nope/approve",
			Status: 404, Want: []string{"Listing not found."}, After: nothing},
		{Name: "id of the other kind", Method: http.MethodPost, Who: "boss",
			URLOf:  approvePath("sponsorships", "sponsorship-requests", "Dan pending offer", "approve"),
			Status: 404, After: nothing},
		{Name: "unknown kind", Method: http.MethodPost, Who: "boss",
			URLOf:  approvePath("sponsorships", "offers", "Dan pending offer", "approve"),
			Status: 404, After: nothing},
		{Name: "a member cannot reject", Method: http.MethodPost, Who: "priya", Body: `{"reason":"mine is better"}`,
			URLOf:  approvePath("sponsorships", "sponsorships", "Dan pending offer", "reject"),
			Status: 403, After: all(nothing, flags("sponsorships", "Dan pending offer", false, false, ""))},
		{Name: "the collection API does not let a member approve", Method: http.MethodPatch, Who: "dan", Body: `{"approved":true,"reviewed":true}`,
			URLOf: func(t testing.TB, app core.App) string {
				return "/api/collections/sponsorships/records/" + listingID(t, app, "sponsorships", "Dan pending offer")
			},
			Status: 404, After: flags("sponsorships", "Dan pending offer", false, false, "")},
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

	j.Do(t, testutil.Call{Name: "zed reads /api/sponsorship-requests", Who: "zed", Method: http.MethodGet, URL: "/api/sponsorship-requests", Status: 200, Want: []string{"Priya pending request"}})
	j.Do(t, testutil.Call{Name: "boss posts /api/admin/listings/sponsorship-requests/" + reqID + "/reject", Who: "boss", Method: http.MethodPost, URL: "/api/admin/listings/sponsorship-requests/" + reqID + "/reject", Body: `{"reason":"Please add the event venue"}`, Status: 200, Events: testutil.WritesAmidMail(2, 1), Want: []string{"{"}})
	j.Do(t, testutil.Call{Name: "boss posts /api/admin/listings/sponsorships/" + offerID + "/approve", Who: "boss", Method: http.MethodPost, URL: "/api/admin/listings/sponsorships/" + offerID + "/approve", Status: 200, Events: testutil.Writes(1, 1, 0), Want: []string{"{"}})

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
		j.Do(t, testutil.Call{Name: c.who + " reads " + c.path, Who: c.who, Method: http.MethodGet, URL: c.path,
			Status: c.status, Want: c.want, NotWant: c.notWant})
	}
	// a member cannot report what they cannot see
	j.Do(t, testutil.Call{Name: "zed posts /api/sponsorship-requests/" + reqID + "/report", Who: "zed", Method: http.MethodPost, URL: "/api/sponsorship-requests/" + reqID + "/report", Body: `{"reason":"spam"}`, Status: 404, Events: testutil.NoWrites()})
	if n := count(t, app, "moderation_log"); n != 2 {
		t.Errorf("moderation_log rows: %d", n)
	}
}
