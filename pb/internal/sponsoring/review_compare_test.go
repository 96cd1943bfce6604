package sponsoring_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

func compareURL(usernames ...string) func(testing.TB, core.App) string {
	return func(t testing.TB, app core.App) string {
		var ids []string
		for _, u := range usernames {
			if u == "other" { // an application of another offer
				ids = append(ids, otherApplication(t, app).Id)
				continue
			}
			ids = append(ids, applicationTo(t, app, u).Id)
		}
		return "/api/sponsorships/" + scienceFair(t, app) + "/applications/compare?ids=" + strings.Join(ids, ",")
	}
}

// seedCompare: seedReview, zed's application starred too, an application
// of priya's to dan's other offer (starred), and four reviews of priya
// (the oldest to be left out), one of zed's, one of priya's hidden.
func seedCompare(t testing.TB, app core.App) {
	seedReview(t, app)
	zed := applicationTo(t, app, "zed")
	zed.Set("shortlisted", true)
	save(t, app, zed)
	other := createApplication(t, app, listing(t, app, "sponsorships", "Robotics kits"), testutil.FindByUsername(t, app, "priya"), "pending")
	other.Set("shortlisted", true)
	save(t, app, other)
	base := time.Now().Add(-48 * time.Hour)
	for i, r := range []struct {
		author, subject, body string
		hidden                bool
	}{
		{"amy", "priya", "Oldest review", false}, {"zed", "priya", "Second review", false},
		{"moe", "priya", "Third review", false}, {"wes", "priya", "Hidden review", true},
		{"dan", "priya", "Latest review", false}, {"priya", "zed", "Zed was great", false},
	} {
		addReview(t, app, r.author, r.subject, r.body, r.hidden, base.Add(time.Duration(i)*time.Hour))
	}
}

// addReview saves a shown review (hidden when asked) by author of subject,
// visible from at, with its own deal.
func addReview(t testing.TB, app core.App, author, subject, body string, hidden bool, at time.Time) {
	t.Helper()
	a, s := testutil.FindByUsername(t, app, author), testutil.FindByUsername(t, app, subject)
	dealsC, err := app.FindCollectionByNameOrId("deals")
	if err != nil {
		t.Fatal(err)
	}
	d := core.NewRecord(dealsC)
	d.Load(map[string]any{"listingKind": "sponsorships", "listingId": scienceFair(t, app), "sponsor": a.Id,
		"recipient": s.Id, "amount": 50, "status": "completed"})
	save(t, app, d)
	reviews, err := app.FindCollectionByNameOrId("reviews")
	if err != nil {
		t.Fatal(err)
	}
	visible, _ := types.ParseDateTime(at)
	r := core.NewRecord(reviews)
	r.Load(map[string]any{"deal": d.Id, "author": a.Id, "subject": s.Id, "rating": 4, "body": body,
		"visibleAt": visible, "hidden": hidden, "counted": !hidden})
	save(t, app, r)
}

func TestCompare(t *testing.T) {
	t.Parallel()
	get := func(name, who string, url func(testing.TB, core.App) string, status int, want, notWant []string) testutil.Call {
		return testutil.Call{Name: name, Who: who, Method: http.MethodGet, URLOf: url, Status: status, Want: want, NotWant: notWant}
	}
	two := compareURL("zed", "priya")
	testutil.RunCalls(t, apptest.Factory(nil, seedCompare), []testutil.Call{
		get("a visitor is asked to sign in", "", two, 401, nil, nil),
		get("an applicant learns nothing", "priya", two, 404, []string{"Listing not found."}, []string{"review"}),
		get("a member learns nothing", "moe", two, 404, []string{"Listing not found."}, []string{"review"}),
		get("an administrator does not compare for posters", "boss", two, 404, []string{"Listing not found."}, nil),
		get("one is not a comparison", "dan", compareURL("priya"), 400, []string{"Compare 2 to 4 applications."}, nil),
		get("an id twice counts once", "dan", compareURL("priya", "priya"), 400, []string{"Compare 2 to 4 applications."}, nil),
		get("five are too many", "dan", compareURL("priya", "zed", "amy", "wes", "other"), 400, []string{"Compare 2 to 4 applications."}, nil),
		get("none", "dan", func(t testing.TB, app core.App) string {
			return "/api/sponsorships/" + scienceFair(t, app) + "/applications/compare"
		}, 400, []string{"Compare 2 to 4 applications."}, nil),
		get("an application of another offer is not found", "dan", compareURL("priya", "other"), 404, []string{"Application not found."}, nil),
		get("an unknown application is not found", "dan", func(t testing.TB, app core.App) string {
			return compareURL("priya")(t, app) + ",nosuchapplicat"
		}, 404, []string{"Application not found."}, nil),
		get("only starred applications are compared", "dan", compareURL("priya", "amy"), 400,
			[]string{"Only shortlisted applications can be compared."}, nil),
		get("the poster compares starred applications in the order asked, with the questions and the latest reviews", "dan", two, 200,
			[]string{`{"questions":[{"id":"q1","label":"How many students attend?","kind":"number","required":true}],"applications":[`,
				`"reviews":[{"rating":4,"comment":"Zed was great"`,
				`"reviews":[{"rating":4,"comment":"Latest review","createdAt":"20`,
				`"comment":"Third review"`, `"comment":"Second review"`, `"author":{"id":"`, `"match":{"score":212`},
			[]string{"Oldest review", "Hidden review"}),
	})
}

// TestCompareKeepsTheOrderAsked: the applications come in the order of
// ids, each with its own applicant's reviews, newest first.
func TestCompareKeepsTheOrderAsked(t *testing.T) {
	t.Parallel()
	app := apptest.Factory(nil, seedCompare)(t)
	defer app.Cleanup()
	srv := testutil.Serve(t, app)
	dan := testutil.Cookie(t, testutil.FindByUsername(t, app, "dan"))
	for _, order := range [][]string{{"zed", "priya"}, {"priya", "zed"}} {
		status, body := testutil.DoRead(t, srv, http.MethodGet, compareURL(order...)(t, app), "", dan)
		if status != 200 {
			t.Fatalf("%v: %d %s", order, status, body)
		}
		if got := usernamesIn(body, "applicant"); !equal(got, order) {
			t.Errorf("asked %v, answered %v", order, got)
		}
		latest := strings.Index(body, "Latest review")
		if third, second := strings.Index(body, "Third review"), strings.Index(body, "Second review"); latest >= third || third >= second {
			t.Errorf("priya's reviews are not newest first: %s", body)
		}
	}
}
