package listings_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

func TestUpdate(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, func(t testing.TB, app core.App) {
		seedBrowse(t, app)
		testutil.CreateMember(t, app, "zed", testutil.MemberOpts{})
	})
	byTitle := func(t testing.TB, app core.App, table, title string) *core.Record {
		r, err := app.FindFirstRecordByData(table, "title", title)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	// Each case names the listing it edits by title: the scenario's URL is
	// made once the app is seeded; check reads the listing afterwards.
	for _, c := range []struct {
		who, table, title string
		s                 tests.ApiScenario
		check             func(t testing.TB, app *tests.TestApp, r *core.Record)
	}{
		{who: "dan", table: "sponsorships", title: "Coding bootcamp seats",
			s: tests.ApiScenario{
				Name:            "the poster edits; the edit goes back to moderation",
				Body:            strings.NewReader(`{"title":"Bootcamp seats 2027","amount":"2000","approved":true,"userId":"x"}`),
				ExpectedStatus:  200,
				ExpectedContent: []string{`"title":"Bootcamp seats 2027"`, `"amount":2000`, `"reviewed":false`, `"approved":false`},
				ExpectedEvents:  testutil.Writes(0, 1, 0),
			},
			check: func(t testing.TB, app *tests.TestApp, r *core.Record) {
				if r.GetString("user") != testutil.FindByUsername(t, app, "dan").Id || r.GetBool("reviewed") {
					t.Errorf("owner or flags changed wrongly: %v", r.PublicExport())
				}
			}},
		{who: "priya", table: "sponsorships", title: "Market stall fees",
			s: tests.ApiScenario{
				Name:            "another member cannot edit",
				Body:            strings.NewReader(`{"title":"Mine now"}`),
				ExpectedStatus:  403,
				ExpectedContent: []string{"Only the poster can change this listing."},
				ExpectedEvents:  noWrites,
			},
			check: func(t testing.TB, _ *tests.TestApp, r *core.Record) {
				if r.GetString("title") != "Market stall fees" {
					t.Error("listing changed")
				}
			}},
		{who: "boss", table: "sponsorships", title: "Market stall fees",
			s: tests.ApiScenario{
				Name:            "administrators do not edit members' listings",
				Body:            strings.NewReader(`{"title":"Edited"}`),
				ExpectedStatus:  403,
				ExpectedContent: []string{"Only the poster can change this listing."},
				ExpectedEvents:  noWrites,
			}},
		{who: "priya", table: "sponsorship_requests", title: "Health camp",
			s: tests.ApiScenario{
				Name:            "the poster closes a request",
				Body:            strings.NewReader(`{"status":"closed"}`),
				ExpectedStatus:  200,
				ExpectedContent: []string{`"status":"closed"`},
				ExpectedEvents:  testutil.Writes(0, 1, 0),
			},
			check: func(t testing.TB, _ *tests.TestApp, r *core.Record) {
				if r.GetString("status") != "closed" {
					t.Error("not closed")
				}
			}},
		{who: "priya", table: "sponsorship_requests", title: "Health camp",
			s: tests.ApiScenario{
				Name:            "members cannot mark a request sponsored",
				Body:            strings.NewReader(`{"status":"sponsored"}`),
				ExpectedStatus:  400,
				ExpectedContent: []string{"Status can only be set to open or closed"},
				ExpectedEvents:  noWrites,
			}},
		{who: "dan", table: "sponsorship_requests", title: "Football kits",
			s: tests.ApiScenario{
				Name:            "a sponsored request keeps its status",
				Body:            strings.NewReader(`{"status":"open"}`),
				ExpectedStatus:  400,
				ExpectedContent: []string{"A sponsored request cannot be reopened or closed."},
				ExpectedEvents:  noWrites,
			}},
		{who: "dan", table: "sponsorships", title: "Market stall fees",
			s: tests.ApiScenario{
				Name:            "edits are validated",
				Body:            strings.NewReader(`{"title":" ","amount":-3,"categories":[]}`),
				ExpectedStatus:  400,
				ExpectedContent: []string{"Title is required", "Amount must be greater than 0", "Select at least one category"},
				ExpectedEvents:  noWrites,
			},
			check: func(t testing.TB, _ *tests.TestApp, r *core.Record) {
				if r.GetString("title") != "Market stall fees" || r.GetInt("amount") != 250 {
					t.Error("invalid edit was half-written")
				}
			}},
		{who: "zed", table: "sponsorships", title: "Spam offer",
			s: tests.ApiScenario{
				Name:            "a rejected listing is invisible to others",
				Body:            strings.NewReader(`{"title":"x"}`),
				ExpectedStatus:  404,
				ExpectedContent: []string{"Listing not found."},
				ExpectedEvents:  noWrites,
			}},
	} {
		path := "/api/sponsorships/"
		if c.table == "sponsorship_requests" {
			path = "/api/sponsorship-requests/"
		}
		var id string
		c.s.Method = http.MethodPatch
		if c.check != nil {
			c.s.AfterTestFunc = func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				c.check(t, app, testutil.Find(t, app, c.table, id))
			}
		}
		testutil.Prepared(factory, c.s, func(t testing.TB, app core.App, s *tests.ApiScenario) {
			id = byTitle(t, app, c.table, c.title).Id
			s.URL = path + id
			testutil.As(c.who)(t, app, s)
		}).Test(t)
	}
}
