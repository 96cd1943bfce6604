package listings_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/queue"
	"sponsorbridge/pb/internal/testutil"
)

// BecameVisible decides alone whether a write made a listing newly
// visible: the three transitions, and every other write is none.
func TestBecameVisible(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	c, err := app.FindCollectionByNameOrId(listings.Requests.Table)
	if err != nil {
		t.Fatal(err)
	}
	rec := func(reviewed, approved bool) *core.Record {
		r := core.NewRecord(c)
		r.Set("reviewed", reviewed)
		r.Set("approved", approved)
		return r
	}
	pending, approved, rejected := rec(false, false), rec(true, true), rec(true, false)
	for _, c := range []struct {
		name          string
		before, after *core.Record
		want          listings.Transition
	}{
		{"posted, waiting for review", nil, pending, listings.Posted},
		{"posted approved (records API)", nil, approved, listings.Posted},
		{"posted rejected (records API)", nil, rejected, ""},
		{"a rejected listing approved", rejected, approved, listings.Approved},
		{"a rejection lifted by an edit", rejected, pending, listings.EditedIntoView},
		{"a visible listing edited", pending, pending, ""},
		{"a waiting listing approved", pending, approved, ""},
		{"a visible listing rejected", approved, rejected, ""},
		{"a rejected listing edited, still rejected", rejected, rejected, ""},
	} {
		how, ok := listings.BecameVisible(c.before, c.after)
		if how != c.want || ok != (c.want != "") {
			t.Errorf("%s: %q %v, want %q", c.name, how, ok, c.want)
		}
	}
}

// The three transitions reach both subscribers (saved-search alerts and
// match announcements) exactly once, whichever route makes them; edits
// that are no transition reach neither. Each scenario waits for the
// background queue before its checks (settleAfterRequest), so the events
// of the jobs' writes are counted too: the listing's, plus one
// notification for ann (her saved search) and one for oli (his offer
// matches), plus ann's first alert e-mail.
func TestEveryTransitionReachesBothSubscribersOnce(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, seedTransitions)
	const (
		alertAndMatch = 2 // ann's saved_search note, oli's match note
		mails         = 1 // ann's first alert goes at once (oli has no address)
	)
	withMail := map[string]int{"OnMailerSend": mails}
	for _, c := range []struct {
		name     string
		as       func(t testing.TB, app core.App) map[string]string
		method   string
		url      func(app core.App) string
		body     string
		status   int
		events   map[string]int
		notified int // 1: both subscribers ran once; 0: neither ran
	}{
		{"posted", member("sam"), http.MethodPost, func(core.App) string { return "/api/sponsorship-requests" },
			`{"title":"School library","description":"Shelves for a village school","requestedAmount":"400","location":"Pune",` +
				`"categories":["Education"],"eventDate":"` + time.Now().AddDate(0, 1, 0).Format("2006-01-02") + `"}`,
			201, testutil.Writes(1+alertAndMatch, 0, 0, withMail), 1},
		// the review writes the listing, an audit row and pat's "approved" note
		{"approved after review", member("root"), http.MethodPost,
			func(app core.App) string {
				return "/api/admin/listings/sponsorship-requests/" + listingID(app, "Rejected school") + "/approve"
			},
			"", 200, testutil.Writes(2+alertAndMatch, 1, 0, withMail), 1},
		{"edited back into view (a superuser lifts the rejection)", superuser, http.MethodPatch,
			func(app core.App) string {
				return "/api/collections/sponsorship_requests/records/" + listingID(app, "Rejected school")
			},
			`{"reviewed":false}`, 200,
			testutil.Writes(alertAndMatch, 1, 0, withMail, map[string]int{"OnRecordUpdateRequest": 1, "OnRecordEnrich": 1}), 1},
		{"an edit of a visible listing", member("pat"), http.MethodPatch,
			func(app core.App) string { return "/api/sponsorship-requests/" + listingID(app, "Visible school") },
			`{"title":"Visible school, new roof"}`, 200, testutil.Writes(0, 1, 0), 0},
		{"an edit of a rejected listing (it stays hidden)", member("pat"), http.MethodPatch,
			func(app core.App) string { return "/api/sponsorship-requests/" + listingID(app, "Rejected school") },
			`{"title":"Rejected school, honest now"}`, 200, testutil.Writes(0, 1, 0), 0},
		{"approving a listing that was never hidden", member("root"), http.MethodPost,
			func(app core.App) string {
				return "/api/admin/listings/sponsorship-requests/" + listingID(app, "Visible school") + "/approve"
			},
			"", 200, testutil.Writes(1, 1, 0), 0},
	} {
		testutil.Prepared(factory, tests.ApiScenario{
			Name: c.name, Method: c.method, Body: strings.NewReader(c.body),
			ExpectedStatus: c.status, ExpectedContent: []string{`"id"`}, ExpectedEvents: c.events,
			BeforeTestFunc: settleAfterRequest,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				st := queue.Of(app).Stats()
				for _, k := range []queue.Kind{queue.Alerts, queue.Matches} {
					s := st[k]
					if s.Done != uint64(c.notified) || s.Failed+s.RefusedFull+s.RefusedStopping != 0 {
						t.Errorf("%s jobs: %+v, want %d done", k, s, c.notified)
					}
				}
				if got := notes(t, app, "ann", notify.TypeSavedSearch); got != c.notified {
					t.Errorf("ann has %d alerts, want %d", got, c.notified)
				}
				if got := notes(t, app, "oli", notify.TypeMatch); got != c.notified {
					t.Errorf("oli has %d match notices, want %d", got, c.notified)
				}
			},
		}, func(t testing.TB, app core.App, s *tests.ApiScenario) {
			s.URL = c.url(app)
			s.Headers = c.as(t, app)
		}).Test(t)
	}
}

// seedTransitions: pat and sam post requests; ann saved a search for schools;
// oli's offer matches school requests in Pune; root administers. A
// visible request and a rejected one of pat's are there already (seeding
// them alerts nobody: the saved searches and the index load at serve).
func seedTransitions(t testing.TB, app core.App) {
	pat := testutil.CreateMember(t, app, "pat", testutil.MemberOpts{Subscribed: true})
	testutil.CreateMember(t, app, "sam", testutil.MemberOpts{Subscribed: true}) // has not posted today
	ann := testutil.CreateMember(t, app, "ann", testutil.MemberOpts{Email: "ann@example.com"})
	oli := testutil.CreateMember(t, app, "oli", testutil.MemberOpts{})
	testutil.CreateMember(t, app, "root", testutil.MemberOpts{Admin: true})
	saved, err := app.FindCollectionByNameOrId("saved_searches")
	if err != nil {
		t.Fatal(err)
	}
	s := core.NewRecord(saved)
	s.Set("user", ann.Id)
	s.Set("name", "Schools")
	s.Set("kind", "requests")
	s.Set("query", `{"q":"school"}`)
	if err := app.Save(s); err != nil {
		t.Fatal(err)
	}
	testutil.CreateListing(t, app, listings.Sponsorships.Table, oli, testutil.ListingOpts{Title: "Books for schools",
		Amount: 500, Location: "Pune", Categories: []string{"Education"}})
	school := testutil.ListingOpts{Title: "Visible school", Description: "A school in Pune", Amount: 400, Location: "Pune",
		Categories: []string{"Education"}}
	testutil.CreateListing(t, app, listings.Requests.Table, pat, school)
	school.Title, school.Reviewed, school.RejectionReason = "Rejected school", true, "Too vague"
	testutil.CreateListing(t, app, listings.Requests.Table, pat, school)
}

// settleAfterRequest makes every request of the scenario wait for the
// background queue before it answers: the scenario's checks then see what
// the jobs did, without sleeping.
func settleAfterRequest(_ testing.TB, app *tests.TestApp, e *core.ServeEvent) {
	e.Router.BindFunc(func(re *core.RequestEvent) error {
		err := re.Next()
		queue.Of(re.App).Wait()
		return err
	})
}

func member(username string) func(t testing.TB, app core.App) map[string]string {
	return func(t testing.TB, app core.App) map[string]string {
		return testutil.Cookie(t, testutil.FindByUsername(t, app, username))
	}
}

func superuser(t testing.TB, app core.App) map[string]string {
	c, err := app.FindCollectionByNameOrId(core.CollectionNameSuperusers)
	if err != nil {
		t.Fatal(err)
	}
	su := core.NewRecord(c)
	su.SetEmail("root@example.com")
	su.SetPassword("root-pass-123")
	if err := app.Save(su); err != nil {
		t.Fatal(err)
	}
	tok, err := su.NewAuthToken()
	if err != nil {
		t.Fatal(err)
	}
	return map[string]string{"Authorization": tok}
}

func listingID(app core.App, title string) string {
	r, err := app.FindFirstRecordByData(listings.Requests.Table, "title", title)
	if err != nil {
		return "missing"
	}
	return r.Id
}

func notes(t testing.TB, app core.App, username, noteType string) int {
	n, err := app.CountRecords(notify.Collection, dbx.HashExp{"user": testutil.FindByUsername(t, app, username).Id, "type": noteType})
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}
