package demo_test

import (
	"net/http"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/kits"
	"sponsorbridge/pb/internal/reports"
	"sponsorbridge/pb/internal/testutil"
)

func demoConfig() *config.Config {
	c := testutil.Config()
	c.DemoMode = true
	c.DemoPassword = "demo-pass-123"
	return c
}

func TestDemoModeSeedsAndAnnounces(t *testing.T) {
	(&tests.ApiScenario{
		Name: "demo mode: app-config offers the demo credentials", Method: http.MethodGet, URL: "/api/app-config",
		ExpectedStatus: 200,
		// the read changes nothing; the seed's matches are announced in the
		// background meanwhile (notifications created)
		ExpectedEvents: map[string]int{"OnModelUpdate": 0, "OnModelDelete": 0, "OnRecordUpdate": 0, "OnRecordDelete": 0},
		ExpectedContent: []string{`"demo":true`, `"demoCredentials":{"username":"admin","password":"demo-pass-123"}`,
			`"mode":"sandbox"`, `"id":"quarterly"`, `"price":900`, `"Environment"`},
		TestAppFactory: apptest.Factory(demoConfig(), nil),
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			admin := testutil.FindByUsername(t, app, "admin")
			if !admin.GetBool("isAdmin") || !admin.ValidatePassword("demo-pass-123") || admin.GetString("subscriptionStatus") != "active" {
				t.Errorf("demo admin not seeded right: %v", admin.PublicExport())
			}
			for _, table := range []string{"sponsorships", "sponsorship_requests"} {
				if n, _ := app.CountRecords(table); n < 5 {
					t.Errorf("%s: only %d demo listings", table, n)
				}
			}
			// The demo never contradicts itself: a sponsored request has its
			// commitment, from a sponsor who is not its poster.
			sponsored, _ := app.FindAllRecords("sponsorship_requests", dbx.HashExp{"status": "sponsored"})
			if len(sponsored) == 0 {
				t.Error("no sponsored demo request")
			}
			for _, r := range sponsored {
				c, err := app.FindFirstRecordByData("commitments", "request", r.Id)
				if err != nil || c.GetString("sponsor") == "" || c.GetString("sponsor") == r.GetString("user") ||
					c.GetInt("amount") != r.GetInt("requestedAmount") {
					t.Errorf("sponsored %q has no proper commitment (%v)", r.GetString("title"), err)
					continue
				}
				// ... and the deal the pledge opened, between the sponsor and the poster
				d, err := app.FindFirstRecordByData("deals", "commitment", c.Id)
				if err != nil || d.GetString("sponsor") != c.GetString("sponsor") || d.GetString("recipient") != r.GetString("user") ||
					d.GetInt("amount") != c.GetInt("amount") || d.GetString("listingId") != r.Id || d.GetString("status") != "negotiating" {
					t.Errorf("sponsored %q has no proper deal (%v)", r.GetString("title"), err)
				}
			}
			// A sponsorship carried to its end: Priya's report published and
			// her kit public, their figures measured from the deal.
			priya := testutil.FindByUsername(t, app, "priya")
			kit, err := kits.Public(app, "", "priya")
			if err != nil || !kit.Published || kit.Measured.Deals.Value != 1 || len(kit.PastSponsors) != 1 {
				t.Errorf("demo kit: %+v (%v)", kit, err)
			}
			deal, err := app.FindFirstRecordByData("deals", "recipient", priya.Id)
			if err != nil || deal.GetString("status") != deals.StatusCompleted {
				t.Fatalf("demo's completed deal: %v", err)
			}
			report, err := reports.Read(app, deal.Id, priya)
			if err != nil || report.Status != "published" || report.LinkTotals.UniqueVisitors != 16 || report.LinkTotals.Visits != 16 || report.OnTimeShare == nil || *report.OnTimeShare != 50 {
				t.Errorf("demo report: %+v (%v)", report, err)
			}
		},
	}).Test(t)
}

func TestWithoutDemoModeNoKnownPassword(t *testing.T) {
	(&tests.ApiScenario{
		Name: "no demo: no credentials, no accounts", Method: http.MethodGet, URL: "/api/app-config",
		ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`"demo":false`}, NotExpectedContent: []string{"demoCredentials", "admin"},
		TestAppFactory: apptest.Factory(nil, nil),
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			if n, _ := app.CountRecords("users"); n != 0 {
				t.Errorf("a start without demo mode created %d accounts", n)
			}
		},
	}).Test(t)
}
