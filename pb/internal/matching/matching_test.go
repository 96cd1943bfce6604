package matching_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/queue"
	"sponsorbridge/pb/internal/testutil"
)

const (
	offers   = "sponsorships"
	requests = "sponsorship_requests"
)

func inDays(d int) string {
	return time.Now().AddDate(0, 0, d).UTC().Format("2006-01-02") + " 00:00:00.000Z"
}

func listing(t testing.TB, app core.App, table string, owner *core.Record, o testutil.ListingOpts, eventDate string) *core.Record {
	r := testutil.CreateListing(t, app, table, owner, o)
	if eventDate != "" {
		r = testutil.Find(t, app, table, r.Id)
		r.Set("eventDate", eventDate)
		if err := app.Save(r); err != nil {
			t.Fatal(err)
		}
	}
	return r
}

// seed: ann offers 300 for Education in Pune; bob and ann post requests
// around it, only two of which match.
func seed(t testing.TB, app core.App) {
	ann := testutil.CreateMember(t, app, "ann", testutil.MemberOpts{Email: "ann@example.com"})
	bob := testutil.CreateMember(t, app, "bob", testutil.MemberOpts{Email: "bob@example.com"})
	testutil.CreateMember(t, app, "cat", testutil.MemberOpts{})
	vera := testutil.CreateMember(t, app, "vera", testutil.MemberOpts{Verified: true})
	testutil.CreateMember(t, app, "root", testutil.MemberOpts{Admin: true})
	edu := []string{"Education"}
	listing(t, app, offers, ann, testutil.ListingOpts{Title: "Ann funds schools", Amount: 300, Location: "Pune", Categories: edu}, "")
	listing(t, app, offers, ann, testutil.ListingOpts{Title: "Ann's closed offer", Amount: 900, Location: "Pune", Categories: edu, Status: "closed"}, "")
	listing(t, app, offers, ann, testutil.ListingOpts{Title: "Ann's rejected offer", Amount: 300, Categories: edu,
		Reviewed: true, RejectionReason: "No"}, "")
	day := inDays(30)
	for _, r := range []struct {
		owner    *core.Record
		o        testutil.ListingOpts
		date     string
		matching bool
	}{
		{bob, testutil.ListingOpts{Title: "Pune school library", Amount: 400, Location: "pune east", Categories: []string{"Education", "Community"}}, day, true},
		{bob, testutil.ListingOpts{Title: "Anywhere reading club", Amount: 200, Categories: edu}, day, true},
		{bob, testutil.ListingOpts{Title: "Too big campus", Amount: 1000, Location: "Pune", Categories: edu}, day, false},
		{bob, testutil.ListingOpts{Title: "Other category band", Amount: 100, Location: "Pune", Categories: []string{"Arts"}}, day, false},
		{bob, testutil.ListingOpts{Title: "Mumbai tuition", Amount: 200, Location: "Mumbai", Categories: edu}, day, false},
		{bob, testutil.ListingOpts{Title: "Already sponsored desks", Amount: 200, Location: "Pune", Categories: edu, Status: "sponsored"}, day, false},
		{bob, testutil.ListingOpts{Title: "Last month's fair", Amount: 200, Location: "Pune", Categories: edu}, inDays(-3), false},
		{bob, testutil.ListingOpts{Title: "Hidden rejected lab", Amount: 200, Location: "Pune", Categories: edu, Reviewed: true, RejectionReason: "No"}, day, false},
		{ann, testutil.ListingOpts{Title: "Ann's own request", Amount: 200, Location: "Pune", Categories: edu}, day, false},
		{vera, testutil.ListingOpts{Title: "Verified Vera's class", Amount: 250, Location: "Pune", Categories: edu}, day, true},
	} {
		listing(t, app, requests, r.owner, r.o, r.date)
	}
}

func idOf(t testing.TB, app core.App, table, title string) string {
	r, err := app.FindFirstRecordByData(table, "title", title)
	if err != nil {
		t.Fatal(err)
	}
	return r.Id
}

func on(table, title, as string) func(testing.TB, core.App, *tests.ApiScenario) {
	return func(t testing.TB, app core.App, s *tests.ApiScenario) {
		if as != "" {
			testutil.As(as)(t, app, s)
		}
		s.URL = strings.Replace(s.URL, "{id}", idOf(t, app, table, title), 1)
	}
}

var notMatching = []string{"Too big campus", "Other category band", "Mumbai tuition", "Already sponsored desks",
	"Last month's fair", "Hidden rejected lab", "Ann's own request"}

func TestMatchesRoute(t *testing.T) {
	t.Parallel()
	f := apptest.Factory(nil, seed)
	for _, s := range []*tests.ApiScenario{
		testutil.Prepared(f, tests.ApiScenario{Name: "visitor", Method: http.MethodGet, URL: "/api/sponsorships/{id}/matches",
			ExpectedStatus: 401, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`"status":401`}}, on(offers, "Ann funds schools", "")),
		testutil.Prepared(f, tests.ApiScenario{Name: "an offer's matches, best first, with why", Method: http.MethodGet,
			URL: "/api/sponsorships/{id}/matches", ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(),
			ExpectedContent: []string{
				`"title":"Anywhere reading club"`, `"reasons":["Education","amount fits","any location"],"why":"Education · amount fits · any location"`,
				`"title":"Pune school library"`, `"why":"Education · covers 75% of the amount · pune east"`,
			},
			NotExpectedContent: notMatching,
		}, on(offers, "Ann funds schools", "ann")),
		testutil.Prepared(f, tests.ApiScenario{Name: "verified posters only", Method: http.MethodGet,
			URL: "/api/sponsorships/{id}/matches?verified=true", ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(),
			ExpectedContent:    []string{`"title":"Verified Vera's class"`, `"isVerified":true`},
			NotExpectedContent: append([]string{"Anywhere reading club", "Pune school library", `"isVerified":false`}, notMatching...)},
			on(offers, "Ann funds schools", "cat")),
		testutil.Prepared(f, tests.ApiScenario{Name: "verified other than true or false", Method: http.MethodGet,
			URL: "/api/sponsorships/{id}/matches?verified=yes", ExpectedStatus: 400, ExpectedEvents: testutil.NoWrites(),
			ExpectedContent: []string{"verified must be true or false"}}, on(offers, "Ann funds schools", "cat")),
		testutil.Prepared(f, tests.ApiScenario{Name: "another member sees the same matches", Method: http.MethodGet,
			URL: "/api/sponsorships/{id}/matches", ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(),
			ExpectedContent: []string{`"Anywhere reading club"`, `"Pune school library"`}, NotExpectedContent: notMatching},
			on(offers, "Ann funds schools", "cat")),
		testutil.Prepared(f, tests.ApiScenario{Name: "a request's matches", Method: http.MethodGet,
			URL: "/api/sponsorship-requests/{id}/matches", ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(),
			ExpectedContent:    []string{`"title":"Ann funds schools"`, `"why":"Education · covers 75% of the amount · Pune"`},
			NotExpectedContent: []string{"Ann's rejected offer", "Ann's closed offer"}}, on(requests, "Pune school library", "bob")),
		testutil.Prepared(f, tests.ApiScenario{Name: "a request whose event passed has none", Method: http.MethodGet,
			URL: "/api/sponsorship-requests/{id}/matches", ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`[]`}},
			on(requests, "Last month's fair", "bob")),
		testutil.Prepared(f, tests.ApiScenario{Name: "a rejected listing is not found by others", Method: http.MethodGet,
			URL: "/api/sponsorships/{id}/matches", ExpectedStatus: 404, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{"Listing not found."}},
			on(offers, "Ann's rejected offer", "cat")),
		testutil.Prepared(f, tests.ApiScenario{Name: "its poster may ask (it matches nothing while hidden)", Method: http.MethodGet,
			URL: "/api/sponsorships/{id}/matches", ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`[]`}},
			on(offers, "Ann's rejected offer", "ann")),
		testutil.Prepared(f, tests.ApiScenario{Name: "so may an administrator", Method: http.MethodGet,
			URL: "/api/sponsorships/{id}/matches", ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`[]`}},
			on(offers, "Ann's rejected offer", "root")),
		testutil.Prepared(f, tests.ApiScenario{Name: "unknown listing", Method: http.MethodGet,
			URL: "/api/sponsorship-requests/nope/matches", ExpectedStatus: 404, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{"Listing not found."}},
			testutil.As("cat")),
		testutil.Prepared(f, tests.ApiScenario{Name: "an offer id on the requests route", Method: http.MethodGet,
			URL: "/api/sponsorship-requests/{id}/matches", ExpectedStatus: 404, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{"Listing not found."}},
			on(offers, "Ann funds schools", "cat")),
	} {
		s.Test(t)
	}
}

func TestMatchesAreRankedBestFirst(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	j := testutil.NewJourney(t, app)
	body := j.Step(t, tests.ApiScenario{Name: "an offer's matches", Method: http.MethodGet,
		URL:     "/api/sponsorships/" + idOf(t, app, offers, "Ann funds schools") + "/matches",
		Headers: testutil.Cookie(t, testutil.FindByUsername(t, app, "cat")), ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(),
		ExpectedContent: []string{"Verified Vera's class", "Anywhere reading club", "Pune school library"}}).Body
	// Vera's (Pune, fits) above the reading club (fits, any place) above the library (75%)
	first, second, third := strings.Index(body, "Verified Vera's class"), strings.Index(body, "Anywhere reading club"), strings.Index(body, "Pune school library")
	if first < 0 || second < 0 || third < 0 || first > second || second > third {
		t.Fatalf("want the full fit first: %s", body)
	}
}

// A new visible listing tells the posters of the listings it matches, once
// each, in the app and by one batched e-mail; never its own poster.
func TestANewListingTellsTheMatchedPosters(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	dee := testutil.CreateMember(t, app, "dee", testutil.MemberOpts{Subscribed: true})
	j := testutil.NewJourney(t, app)
	release := testutil.HoldListingJobs(t, app) // the announcements wait: the step counts the post's own writes
	j.Step(t, tests.ApiScenario{Name: "dee posts an offer", Method: http.MethodPost, URL: "/api/sponsorships",
		Body:    strings.NewReader(`{"title":"Dee backs education","description":"Money for classrooms","amount":"500","location":"Pune","categories":["Education"]}`),
		Headers: testutil.Cookie(t, dee), ExpectedStatus: 201, ExpectedContent: []string{`"title":"Dee backs education"`},
		ExpectedEvents: testutil.Writes(1, 0, 0)}) // the offer alone: the notices come after the answer
	release()
	queue.Of(app).Wait()
	var notes []*core.Record
	if err := app.RecordQuery(notify.Collection).AndWhere(dbx.HashExp{"type": notify.TypeMatch}).All(&notes); err != nil {
		t.Fatal(err)
	}
	bob, ann := testutil.FindByUsername(t, app, "bob"), testutil.FindByUsername(t, app, "ann")
	if len(notes) != 3 {
		t.Fatalf("%d match notifications, want one each for bob, vera and ann", len(notes))
	}
	for _, n := range notes {
		switch n.GetString("user") {
		case bob.Id:
			if !strings.HasPrefix(n.GetString("title"), "A new offer matches your request “") || n.GetString("body") != "Dee backs education" ||
				!strings.HasPrefix(n.GetString("link"), "/listings/sponsorships/") {
				t.Fatalf("bob's note: %v", n.PublicExport())
			}
		case ann.Id, testutil.FindByUsername(t, app, "vera").Id: // their requests match Dee's offer too
		default:
			t.Fatalf("unexpected receiver %s", n.GetString("user"))
		}
	}
}
