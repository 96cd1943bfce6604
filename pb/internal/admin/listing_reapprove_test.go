package admin_test

import (
	"net/http"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/queue"
	"sponsorbridge/pb/internal/savedsearch"
	"sponsorbridge/pb/internal/testutil"
)

// settle waits until every alert and match announcement is out.
func settle(app core.App) {
	queue.Of(app).Wait()
}

func notes(t testing.TB, app core.App, username, noteType string) int {
	n, err := app.CountRecords(notify.Collection, dbx.HashExp{"user": memberID(t, app, username), "type": noteType})
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

// A request is posted (alerting ann's saved search and telling cat, whose
// offer it matches), rejected, edited by its poster and approved again:
// the approval tells the poster, and alerts and tells nobody a second time.
func TestAnEditedListingApprovedAgain(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, func(t testing.TB, app core.App) {
		testutil.CreateMember(t, app, "boss", testutil.MemberOpts{Admin: true})
		testutil.CreateMember(t, app, "bob", testutil.MemberOpts{Subscribed: true, Email: "bob@example.com"})
		ann := testutil.CreateMember(t, app, "ann", testutil.MemberOpts{Email: "ann@example.com"})
		cat := testutil.CreateMember(t, app, "cat", testutil.MemberOpts{Subscribed: true, Email: "cat@example.com"})
		c, err := app.FindCollectionByNameOrId(savedsearch.Collection)
		if err != nil {
			t.Fatal(err)
		}
		s := core.NewRecord(c)
		s.Set("user", ann.Id)
		s.Set("name", "Schools")
		s.Set("kind", "requests")
		s.Set("query", `{"q":"school","categories":["Education"]}`)
		if err := app.Save(s); err != nil {
			t.Fatal(err)
		}
		testutil.CreateListing(t, app, "sponsorships", cat, testutil.ListingOpts{Title: "Cat's school fund", Categories: []string{"Education"}})
	})
	var id string
	var s *tests.ApiScenario
	s = &tests.ApiScenario{
		Name: "approving an edited listing tells its poster and nobody twice", Method: http.MethodPost,
		ExpectedStatus: 200, ExpectedContent: []string{`"approved":true`},
		// the listing, the log row and the poster's notice (the alerts
		// and match notices left out write nothing)
		ExpectedEvents: testutil.WritesAmidMail(2, 1),
		BeforeTestFunc: func(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) {
			// after the serve hooks: the index and the saved searches are loaded
			bob := testutil.FindByUsername(t, app, "bob")
			l := testutil.CreateListing(t, app, "sponsorship_requests", bob, testutil.ListingOpts{Title: "School garden",
				Description: "Seeds for a school garden", Categories: []string{"Education"}})
			id = l.Id
			settle(app)
			if notes(t, app, "ann", notify.TypeSavedSearch) != 1 || notes(t, app, "cat", notify.TypeMatch) != 1 {
				t.Fatalf("posting: ann %d alerts, cat %d matches", notes(t, app, "ann", notify.TypeSavedSearch), notes(t, app, "cat", notify.TypeMatch))
			}
			for _, step := range []map[string]any{
				{"reviewed": true, "approved": false, "rejectionReason": "Add a budget"},      // rejected
				{"rejectionReason": "", "description": "Seeds and tools for a school garden"}, // edited: back in the queue, hidden
			} {
				r := testutil.Find(t, app, "sponsorship_requests", id)
				for k, v := range step {
					r.Set(k, v)
				}
				if err := app.Save(r); err != nil {
					t.Fatal(err)
				}
			}
			settle(app)
			s.URL = "/api/admin/listings/sponsorship-requests/" + id + "/approve"
			s.Headers = testutil.Cookie(t, testutil.FindByUsername(t, app, "boss"))
		},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			settle(app)
			if n := notes(t, app, "ann", notify.TypeSavedSearch); n != 1 {
				t.Errorf("ann's search alerted %d times for one listing", n)
			}
			if n := notes(t, app, "cat", notify.TypeMatch); n != 1 {
				t.Errorf("cat was told %d times of one match", n)
			}
			var told []*core.Record
			err := app.RecordQuery(notify.Collection).AndWhere(dbx.HashExp{"type": notify.TypeListingApproved}).All(&told)
			if err != nil || len(told) != 1 || told[0].GetString("user") != memberID(t, app, "bob") ||
				told[0].GetString("title") != "“School garden” was approved" || told[0].GetString("link") != "/listings/requests/"+id {
				t.Errorf("the poster's notice: %d %v", len(told), err)
			}
		},
	}
	s.TestAppFactory = factory
	s.Test(t)
}
