package admin_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

func reportPath(table, title string) func(testing.TB, core.App) string {
	segment := "sponsorships"
	if table == "sponsorship_requests" {
		segment = "sponsorship-requests"
	}
	return func(t testing.TB, app core.App) string {
		return "/api/" + segment + "/" + listingID(t, app, table, title) + "/report"
	}
}

func reportsBy(username string, n int) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, app *tests.TestApp, res *http.Response) {
		got, err := app.CountRecords("reports", dbx.HashExp{"reporter": memberID(t, app, username)})
		if err != nil || int(got) != n {
			t.Errorf("reports by %s: %d, want %d (%v)", username, got, n, err)
		}
	}
}

func TestReportListing(t *testing.T) {
	t.Parallel()
	none := reportsBy("priya", 0)
	testutil.RunCalls(t, factory, []testutil.Call{
		{Name: "a member reports a request", Events: testutil.Writes(1, 0, 0), Method: http.MethodPost, Who: "dan", Body: `{"reason":" Asks for bank details "}`,
			URLOf: reportPath("sponsorship_requests", "Priya pending request"), Status: 201,
			Want: []string{`"reason":"Asks for bank details"`, `"kind":"sponsorship-requests"`},
			After: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				r, err := app.FindFirstRecordByData("reports", "reason", "Asks for bank details")
				if err != nil || r.GetString("reporter") != memberID(t, app, "dan") || r.GetString("listingKind") != "sponsorship_requests" || r.GetBool("resolved") {
					t.Errorf("report not stored as expected: %v %v", err, r)
				}
				flags("sponsorship_requests", "Priya pending request", false, false, "")(t, app, res)
			}},
		{Name: "once per member and listing", Method: http.MethodPost, Who: "zed", Body: `{"reason":"Still a scam"}`,
			URLOf: reportPath("sponsorships", "Dan approved offer"), Status: 409,
			Want: []string{"You have already reported this listing."}, After: reportsBy("zed", 1)},
		{Name: "not your own listing", Method: http.MethodPost, Who: "priya", Body: `{"reason":"oops"}`,
			URLOf: reportPath("sponsorship_requests", "Priya pending request"), Status: 403,
			Want: []string{"You cannot report your own listing."}, After: none},
		{Name: "not a listing you cannot see", Method: http.MethodPost, Who: "dan", Body: `{"reason":"x"}`,
			URLOf: reportPath("sponsorships", "Priya rejected offer"), Status: 404,
			Want: []string{"Listing not found."}, After: reportsBy("dan", 0)},
		{Name: "unknown listing", Method: http.MethodPost, Who: "dan", Body: `{"reason":"x"}`,
			URL: "/api/sponsorships/nope/report", Status: 404, After: reportsBy("dan", 0)},
		{Name: "reason is required", Method: http.MethodPost, Who: "priya", Body: `{"reason":"  "}`,
			URLOf: reportPath("sponsorships", "Dan pending offer"), Status: 400,
			Want: []string{`"reason":{"code":"validation_required","message":"Please tell us why you are reporting this listing"}`}, After: none},
		{Name: "reason at most 500 characters", Method: http.MethodPost, Who: "priya", Body: `{"reason":"` + strings.Repeat("x", 501) + `"}`,
			URLOf: reportPath("sponsorships", "Dan pending offer"), Status: 400,
			Want: []string{"Reason must be at most 500 characters"}, After: none},
		{Name: "malformed JSON", Method: http.MethodPost, Who: "priya", Body: `{"reason"`,
			URLOf: reportPath("sponsorships", "Dan pending offer"), Status: 400,
			Want: []string{"The request body is not valid JSON."}, After: none},
		{Name: "wrong type", Method: http.MethodPost, Who: "priya", Body: `{"reason":["a"]}`,
			URLOf: reportPath("sponsorships", "Dan pending offer"), Status: 400, After: none},
		{Name: "oversized body", Method: http.MethodPost, Who: "priya", Body: `{"reason":"` + strings.Repeat("x", 40<<10) + `"}`,
			URLOf: reportPath("sponsorships", "Dan pending offer"), Status: 413, After: none},
		{Name: "visitors cannot report", Method: http.MethodPost, Body: `{"reason":"x"}`,
			URLOf: reportPath("sponsorships", "Dan pending offer"), Status: 401, After: expectRows("reports", 1)},
		{Name: "hostile text is stored as text", Events: testutil.Writes(1, 0, 0), Method: http.MethodPost, Who: "priya", Body: `{"reason":"<script>alert(1)</script>' OR 1=1 --"}`,
			URLOf: reportPath("sponsorships", "Dan pending offer"), Status: 201, After: reportsBy("priya", 1), Want: []string{`"id":`}},
		{Name: "members never read reports through the collection API", Method: http.MethodGet, Who: "dan",
			URL: "/api/collections/reports/records", Status: 404, NotWant: []string{"Looks like a scam"}},
		{Name: "members cannot write reports through the collection API", Method: http.MethodPost, Who: "dan",
			Body: `{"reason":"direct","listingKind":"sponsorships","listingId":"x","reporter":"x"}`,
			URL:  "/api/collections/reports/records", Status: 404, After: expectRows("reports", 1)},
	})
}

// A report puts an approved listing back at the top of the queue, with
// the reason, until an administrator decides again.
func TestReportRequeuesAnApprovedListing(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	j := testutil.NewJourney(t, app)
	id := listingID(t, app, "sponsorships", "Dan approved offer")

	j.Do(t, testutil.Call{Name: "boss posts /api/admin/listings/sponsorships/" + id + "/approve", Who: "boss", Method: http.MethodPost, URL: "/api/admin/listings/sponsorships/" + id + "/approve", Status: 200, Events: testutil.Writes(1, 2, 0), Want: []string{"{"}})
	if got, _ := titles(t, j.Do(t, testutil.Call{Name: "boss reads /api/admin/moderation", Who: "boss", Method: http.MethodGet, URL: "/api/admin/moderation", Status: 200, Want: []string{"["}})); slices.Contains(got, "Dan approved offer") {
		t.Fatalf("approved listing still queued: %v", got)
	}
	j.Do(t, testutil.Call{Name: "priya posts /api/sponsorships/" + id + "/report", Who: "priya", Method: http.MethodPost, URL: "/api/sponsorships/" + id + "/report", Body: `{"reason":"Offer was withdrawn offline"}`, Status: 201, Events: testutil.Writes(1, 0, 0), Want: []string{"{"}})
	a := j.Do(t, testutil.Call{Name: "boss reads /api/admin/moderation", Who: "boss", Method: http.MethodGet, URL: "/api/admin/moderation", Status: 200, Want: []string{"Offer was withdrawn offline"}})
	if got, _ := titles(t, a); len(got) == 0 || got[0] != "Dan approved offer" {
		t.Fatalf("reported listing not on top: %v", got)
	}
	j.Do(t, testutil.Call{Name: "priya posts /api/sponsorships/" + id + "/report", Who: "priya", Method: http.MethodPost, URL: "/api/sponsorships/" + id + "/report", Body: `{"reason":"again"}`, Status: 409, Events: testutil.NoWrites()})
	// the listing itself stays visible: a report alone hides nothing
	j.Do(t, testutil.Call{Name: "zed reads /api/sponsorships/" + id, Who: "zed", Method: http.MethodGet, URL: "/api/sponsorships/" + id, Status: 200, Want: []string{`"title":"Dan approved offer"`}})
}
