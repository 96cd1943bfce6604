package admin_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

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

func expectRows(table string, n int) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, app *tests.TestApp, res *http.Response) {
		if got := count(t, app, table); got != n {
			t.Errorf("%s: expected %d rows, found %d", table, n, got)
		}
	}
}

func all(checks ...func(testing.TB, *tests.TestApp, *http.Response)) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, app *tests.TestApp, res *http.Response) {
		for _, c := range checks {
			c(t, app, res)
		}
	}
}
