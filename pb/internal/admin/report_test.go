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

func reportsBy(username string, n int) func(testing.TB, *tests.TestApp) {
	return func(t testing.TB, app *tests.TestApp) {
		got, err := app.CountRecords("reports", dbx.HashExp{"reporter": memberID(t, app, username)})
		if err != nil || int(got) != n {
			t.Errorf("reports by %s: %d, want %d (%v)", username, got, n, err)
		}
	}
}

func TestReportListing(t *testing.T) {
	t.Parallel()
	none := reportsBy("priya", 0)
	run(t, factory, []tc{
		{name: "a member reports a request", events: testutil.Writes(1, 0, 0), method: http.MethodPost, who: "dan", body: `{"reason":" Asks for bank details "}`,
			url: reportPath("sponsorship_requests", "Priya pending request"), status: 201,
			want: []string{`"reason":"Asks for bank details"`, `"kind":"sponsorship-requests"`},
			after: func(t testing.TB, app *tests.TestApp) {
				r, err := app.FindFirstRecordByData("reports", "reason", "Asks for bank details")
				if err != nil || r.GetString("reporter") != memberID(t, app, "dan") || r.GetString("listingKind") != "sponsorship_requests" || r.GetBool("resolved") {
					t.Errorf("report not stored as expected: %v %v", err, r)
				}
				flags("sponsorship_requests", "Priya pending request", false, false, "")(t, app)
			}},
		{name: "once per member and listing", method: http.MethodPost, who: "zed", body: `{"reason":"Still a scam"}`,
			url: reportPath("sponsorships", "Dan approved offer"), status: 409,
			want: []string{"You have already reported this listing."}, after: reportsBy("zed", 1)},
		{name: "not your own listing", method: http.MethodPost, who: "priya", body: `{"reason":"oops"}`,
			url: reportPath("sponsorship_requests", "Priya pending request"), status: 403,
			want: []string{"You cannot report your own listing."}, after: none},
		{name: "not a listing you cannot see", method: http.MethodPost, who: "dan", body: `{"reason":"x"}`,
			url: reportPath("sponsorships", "Priya rejected offer"), status: 404,
			want: []string{"Listing not found."}, after: reportsBy("dan", 0)},
		{name: "unknown listing", method: http.MethodPost, who: "dan", body: `{"reason":"x"}`,
			url: path("/api/sponsorships/nope/report"), status: 404, after: reportsBy("dan", 0)},
		{name: "reason is required", method: http.MethodPost, who: "priya", body: `{"reason":"  "}`,
			url: reportPath("sponsorships", "Dan pending offer"), status: 400,
			want: []string{`"reason":{"code":"validation_required","message":"Please tell us why you are reporting this listing"}`}, after: none},
		{name: "reason at most 500 characters", method: http.MethodPost, who: "priya", body: `{"reason":"` + strings.Repeat("x", 501) + `"}`,
			url: reportPath("sponsorships", "Dan pending offer"), status: 400,
			want: []string{"Reason must be at most 500 characters"}, after: none},
		{name: "malformed JSON", method: http.MethodPost, who: "priya", body: `{"reason"`,
			url: reportPath("sponsorships", "Dan pending offer"), status: 400,
			want: []string{"The request body is not valid JSON."}, after: none},
		{name: "wrong type", method: http.MethodPost, who: "priya", body: `{"reason":["a"]}`,
			url: reportPath("sponsorships", "Dan pending offer"), status: 400, after: none},
		{name: "oversized body", method: http.MethodPost, who: "priya", body: `{"reason":"` + strings.Repeat("x", 40<<10) + `"}`,
			url: reportPath("sponsorships", "Dan pending offer"), status: 413, after: none},
		{name: "visitors cannot report", method: http.MethodPost, body: `{"reason":"x"}`,
			url: reportPath("sponsorships", "Dan pending offer"), status: 401, after: expectRows("reports", 1)},
		{name: "hostile text is stored as text", events: testutil.Writes(1, 0, 0), method: http.MethodPost, who: "priya", body: `{"reason":"<script>alert(1)</script>' OR 1=1 --"}`,
			url: reportPath("sponsorships", "Dan pending offer"), status: 201, after: reportsBy("priya", 1)},
		{name: "members never read reports through the collection API", method: http.MethodGet, who: "dan",
			url: path("/api/collections/reports/records"), status: 404, notWant: []string{"Looks like a scam"}},
		{name: "members cannot write reports through the collection API", method: http.MethodPost, who: "dan",
			body: `{"reason":"direct","listingKind":"sponsorships","listingId":"x","reporter":"x"}`,
			url:  path("/api/collections/reports/records"), status: 404, after: expectRows("reports", 1)},
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

	post(t, j, app, "boss", "/api/admin/listings/sponsorships/"+id+"/approve", "", 200, testutil.Writes(1, 2, 0))
	if got, _ := titles(t, get(t, j, app, "boss", "/api/admin/moderation", 200, "[")); slices.Contains(got, "Dan approved offer") {
		t.Fatalf("approved listing still queued: %v", got)
	}
	post(t, j, app, "priya", "/api/sponsorships/"+id+"/report", `{"reason":"Offer was withdrawn offline"}`, 201, testutil.Writes(1, 0, 0))
	a := get(t, j, app, "boss", "/api/admin/moderation", 200, "Offer was withdrawn offline")
	if got, _ := titles(t, a); len(got) == 0 || got[0] != "Dan approved offer" {
		t.Fatalf("reported listing not on top: %v", got)
	}
	post(t, j, app, "priya", "/api/sponsorships/"+id+"/report", `{"reason":"again"}`, 409, testutil.NoWrites())
	// the listing itself stays visible: a report alone hides nothing
	get(t, j, app, "zed", "/api/sponsorships/"+id, 200, `"title":"Dan approved offer"`)
}
