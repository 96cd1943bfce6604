package listings_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/testutil"
)

func TestUpdate(t *testing.T) {
	t.Parallel()
	factory := testutil.Factory(nil, func(t testing.TB, app core.App) {
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
	patch := func(name, who, table, title, body string, status int, want []string,
		after func(t testing.TB, app *tests.TestApp, r *core.Record)) {
		path := "/api/sponsorships/"
		if table == "sponsorship_requests" {
			path = "/api/sponsorship-requests/"
		}
		var id string
		testutil.Prepared(factory, tests.ApiScenario{
			Name: name, Method: http.MethodPatch, Body: strings.NewReader(body),
			ExpectedStatus: status, ExpectedContent: want,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				if after != nil {
					after(t, app, testutil.Find(t, app, table, id))
				}
			},
		}, func(t testing.TB, app core.App, s *tests.ApiScenario) {
			id = byTitle(t, app, table, title).Id
			s.URL = path + id
			testutil.As(who)(t, app, s)
		}).Test(t)
	}

	patch("the poster edits; the edit goes back to moderation", "dan", "sponsorships", "Coding bootcamp seats",
		`{"title":"Bootcamp seats 2027","amount":"2000","approved":true,"userId":"x"}`, 200,
		[]string{`"title":"Bootcamp seats 2027"`, `"amount":2000`, `"reviewed":false`, `"approved":false`},
		func(t testing.TB, app *tests.TestApp, r *core.Record) {
			if r.GetString("user") != testutil.FindByUsername(t, app, "dan").Id || r.GetBool("reviewed") {
				t.Errorf("owner or flags changed wrongly: %v", r.PublicExport())
			}
		})
	patch("another member cannot edit", "priya", "sponsorships", "Market stall fees",
		`{"title":"Mine now"}`, 403, []string{"Only the poster can change this listing."},
		func(t testing.TB, _ *tests.TestApp, r *core.Record) {
			if r.GetString("title") != "Market stall fees" {
				t.Error("listing changed")
			}
		})
	patch("administrators do not edit members' listings", "boss", "sponsorships", "Market stall fees",
		`{"title":"Edited"}`, 403, []string{"Only the poster can change this listing."}, nil)
	patch("the poster closes a request", "priya", "sponsorship_requests", "Health camp",
		`{"status":"closed"}`, 200, []string{`"status":"closed"`},
		func(t testing.TB, _ *tests.TestApp, r *core.Record) {
			if r.GetString("status") != "closed" {
				t.Error("not closed")
			}
		})
	patch("members cannot mark a request sponsored", "priya", "sponsorship_requests", "Health camp",
		`{"status":"sponsored"}`, 400, []string{"Status can only be set to open or closed"}, nil)
	patch("a sponsored request keeps its status", "dan", "sponsorship_requests", "Football kits",
		`{"status":"open"}`, 400, []string{"A sponsored request cannot be reopened or closed."}, nil)
	patch("edits are validated", "dan", "sponsorships", "Market stall fees",
		`{"title":" ","amount":-3,"categories":[]}`, 400,
		[]string{"Title is required", "Amount must be greater than 0", "Select at least one category"},
		func(t testing.TB, _ *tests.TestApp, r *core.Record) {
			if r.GetString("title") != "Market stall fees" || r.GetInt("amount") != 250 {
				t.Error("invalid edit was half-written")
			}
		})
	patch("a rejected listing is invisible to others", "zed", "sponsorships", "Spam offer",
		`{"title":"x"}`, 404, []string{"Listing not found."}, nil)
}
