package sponsoring_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// seedReview: dan's offer "Science fair" (Education and Arts, in Pune,
// criteria asking an audience of 200) has four applications, oldest
// first: amy's (Pune, Education, audience 100, reliable with 5 completed
// deals), priya's (Pune, Education and Arts, audience 300, starred,
// answering the offer's question),
// zed's (Delhi, Technology, audience 1,000, declined) and wes's
// (withdrawn); moe is a member who never applied; boss an administrator.
func seedReview(t testing.TB, app core.App) {
	seed(t, app)
	dan := testutil.FindByUsername(t, app, "dan")
	offer := testutil.CreateListing(t, app, "sponsorships", dan, testutil.ListingOpts{Title: "Science fair", Amount: 500,
		Location: "Pune", Categories: []string{"Education", "Arts"}})
	offer.Set("criteria", map[string]any{"minAudience": 200})
	offer.Set("questions", []map[string]any{{"id": "q1", "label": "How many students attend?", "kind": "number", "required": true}})
	save(t, app, offer)
	testutil.CreateMember(t, app, "moe", testutil.MemberOpts{})
	amy := eventsOf(t, app, "amy", "Pune", []string{"Education"}, 100)
	amy.Set("isReliable", true)
	amy.Set("dealsCompleted", 5)
	save(t, app, amy)
	priya := eventsOf(t, app, "priya", "pune", []string{"Education", "Arts"}, 300)
	priya.Set("nextEventDate", "2027-04-12 00:00:00.000Z")
	save(t, app, priya)
	eventsOf(t, app, "zed", "Delhi", []string{"Technology"}, 1000)
	testutil.CreateMember(t, app, "wes", testutil.MemberOpts{})
	base := time.Now().Add(-time.Hour)
	for i, a := range []struct{ who, status string }{{"amy", "pending"}, {"priya", "pending"}, {"zed", "declined"}, {"wes", "withdrawn"}} {
		r := createApplication(t, app, offer, testutil.FindByUsername(t, app, a.who), a.status)
		created, _ := types.ParseDateTime(base.Add(time.Duration(i) * time.Minute))
		r.SetRaw("created", created)
		r.Set("shortlisted", a.who == "priya")
		r.Set("message", "Hello from "+a.who)
		if a.who == "priya" {
			r.Set("answers", []map[string]any{{"questionId": "q1", "label": "How many students attend?", "kind": "number", "value": 120}})
		}
		save(t, app, r)
	}
}

// eventsOf sets (creating the member when needed) what username's profile
// says of their events.
func eventsOf(t testing.TB, app core.App, username, location string, categories []string, audience int) *core.Record {
	t.Helper()
	u, err := app.FindFirstRecordByData("users", "username", username)
	if err != nil {
		u = testutil.CreateMember(t, app, username, testutil.MemberOpts{Email: username + "@example.com"})
	}
	u.Set("eventLocation", location)
	u.Set("eventCategories", categories)
	u.Set("audience", audience)
	save(t, app, u)
	return u
}

func save(t testing.TB, app core.App, r *core.Record) {
	t.Helper()
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
}

func scienceFair(t testing.TB, app core.App) string {
	return listing(t, app, "sponsorships", "Science fair").Id
}

func reviewURL(query string) func(testing.TB, core.App) string {
	return func(t testing.TB, app core.App) string {
		return "/api/sponsorships/" + scienceFair(t, app) + "/applications" + query
	}
}

func TestReviewApplications(t *testing.T) {
	t.Parallel()
	get := func(name, who, query string, status int, want, notWant []string) testutil.Call {
		return testutil.Call{Name: name, Who: who, Method: http.MethodGet, URLOf: reviewURL(query), Status: status,
			Want: want, NotWant: notWant}
	}
	notFound := []string{"Listing not found."}
	testutil.RunCalls(t, apptest.Factory(nil, seedReview), []testutil.Call{
		get("a visitor is asked to sign in", "", "", 401, nil, nil),
		get("a member who never applied learns nothing", "moe", "", 404, notFound, []string{"Hello"}),
		get("an applicant does not read the others", "priya", "", 404, notFound, []string{"Hello"}),
		get("an administrator does not read a poster's applications", "boss", "", 404, notFound, []string{"Hello"}),
		get("the poster reads every application but the withdrawn, with the profile, the fit and the star", "dan", "", 200,
			[]string{`"username":"amy"`, `"username":"priya"`, `"username":"zed"`, `"shortlisted":true`,
				`"applicantProfile":{"eventLocation":"pune","eventCategories":["Education","Arts"],"nextEventDate":"2027-04-12","audience":300,"reliable":false,"completedDeals":0,"rating":0,"reviewCount":0}`,
				`"match":{"score":212,"reasons":["shares Education and Arts","in pune","audience 300"]}`,
				`"match":{"score":111,"reasons":["shares Education","in Pune","audience 100"]}`,
				`"match":{"score":2,"reasons":["audience 1,000"]}`,
				`"reliable":true,"completedDeals":5`, `"eligibility":[]`,
				// amy's audience is below the minimum set since she applied
				`"eligibility":[{"code":"audience","message":"This sponsor asks for an audience of at least 200."}]`,
				`"answers":[{"questionId":"q1","label":"How many students attend?","kind":"number","value":120}]`, `"answers":[]`},
			[]string{`"username":"wes"`}),
		get("the poster filters by status", "dan", "?status=withdrawn", 200, []string{`"username":"wes"`, `"status":"withdrawn"`},
			[]string{`"username":"amy"`, `"username":"priya"`, `"username":"zed"`}),
		get("the poster reads the starred only", "dan", "?shortlisted=true", 200, []string{`"username":"priya"`},
			[]string{`"username":"amy"`, `"username":"zed"`, `"username":"wes"`}),
		get("starred or not", "dan", "?shortlisted=false&status=pending", 200, []string{`"username":"priya"`, `"username":"amy"`}, nil),
		get("a bad sort is refused", "dan", "?sort=rating", 400, []string{"Sort must be newest, match, reliability or audience."}, nil),
		get("a bad status is refused", "dan", "?status=won", 400, []string{"Status must be pending, accepted, declined or withdrawn."}, nil),
		get("a bad star filter is refused", "dan", "?shortlisted=maybe", 400, []string{"Shortlisted must be true or false."}, nil),
		get("a bad page is refused", "dan", "?page=0", 400, []string{"Page must be a whole number from 1 to 10000"}, nil),
		get("the poster reads the answer's pages", "dan", "?page=2", 200, []string{`[]`}, []string{"Hello"}),
	})
}

// TestReviewSorts: each sort puts the applications in its order, ties
// newest first.
func TestReviewSorts(t *testing.T) {
	t.Parallel()
	app := apptest.Factory(nil, seedReview)(t)
	defer app.Cleanup()
	srv := testutil.Serve(t, app)
	dan := testutil.Cookie(t, testutil.FindByUsername(t, app, "dan"))
	for sort, want := range map[string][]string{
		"":            {"zed", "priya", "amy"},
		"newest":      {"zed", "priya", "amy"},
		"match":       {"priya", "amy", "zed"},
		"reliability": {"amy", "zed", "priya"},
		"audience":    {"zed", "priya", "amy"},
	} {
		status, body := testutil.DoRead(t, srv, http.MethodGet, "/api/sponsorships/"+scienceFair(t, app)+"/applications?sort="+sort, "", dan)
		if status != 200 {
			t.Fatalf("sort %q: %d %s", sort, status, body)
		}
		if got := usernamesIn(body, "applicant"); !equal(got, want) {
			t.Errorf("sort %q: %v, want %v", sort, got, want)
		}
	}
}

// usernamesIn are the usernames of the members under key ("applicant")
// in a JSON answer, in order.
func usernamesIn(body, key string) []string {
	var out []string
	for _, part := range strings.Split(body, `"`+key+`":{`)[1:] {
		_, rest, _ := strings.Cut(part, `"username":"`)
		name, _, _ := strings.Cut(rest, `"`)
		out = append(out, name)
	}
	return out
}

func equal(a, b []string) bool { return strings.Join(a, ",") == strings.Join(b, ",") }

// applicationTo is username's application to the Science fair.
func applicationTo(t testing.TB, app core.App, username string) *core.Record {
	t.Helper()
	r, err := app.FindFirstRecordByFilter("applications", "sponsorship = {:s} && applicant = {:a}",
		dbx.Params{"s": scienceFair(t, app), "a": testutil.FindByUsername(t, app, username).Id})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// otherApplication is priya's application to dan's other offer.
func otherApplication(t testing.TB, app core.App) *core.Record {
	t.Helper()
	r, err := app.FindFirstRecordByFilter("applications", "sponsorship = {:s} && applicant = {:a}",
		dbx.Params{"s": listing(t, app, "sponsorships", "Robotics kits").Id, "a": testutil.FindByUsername(t, app, "priya").Id})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestTheViewFollowsApplyAndWithdraw: an application sent through the
// route, with its answer, reaches the poster's view at once (newest
// first); withdrawn, it leaves the default view for the withdrawn filter.
func TestTheViewFollowsApplyAndWithdraw(t *testing.T) {
	t.Parallel()
	app := apptest.Factory(nil, seedReview)(t)
	defer app.Cleanup()
	srv := testutil.Serve(t, app)
	dan := testutil.Cookie(t, testutil.FindByUsername(t, app, "dan"))
	moe := testutil.Cookie(t, eventsOf(t, app, "moe", "Pune", []string{"Arts"}, 250))
	offer := scienceFair(t, app)
	status, body := testutil.DoRead(t, srv, http.MethodPost, "/api/sponsorships/"+offer+"/apply",
		`{"message":"Our fair","answers":{"q1":"90"}}`, moe)
	if status != 201 {
		t.Fatalf("applying: %d %s", status, body)
	}
	_, view := testutil.DoRead(t, srv, http.MethodGet, "/api/sponsorships/"+offer+"/applications", "", dan)
	if got := usernamesIn(view, "applicant"); !equal(got, []string{"moe", "zed", "priya", "amy"}) ||
		!strings.Contains(view, `"answers":[{"questionId":"q1","label":"How many students attend?","kind":"number","value":90}]`) ||
		!strings.Contains(view, `"reasons":["shares Arts","in Pune","audience 250"]`) {
		t.Fatalf("the view after applying: %v %s", got, view)
	}
	id := applicationTo(t, app, "moe").Id
	if status, body := testutil.DoRead(t, srv, http.MethodPost, "/api/applications/"+id+"/withdraw", "", moe); status != 200 {
		t.Fatalf("withdrawing: %d %s", status, body)
	}
	if _, view := testutil.DoRead(t, srv, http.MethodGet, "/api/sponsorships/"+offer+"/applications", "", dan); strings.Contains(view, id) {
		t.Errorf("the default view lists the withdrawn application: %s", view)
	}
	if _, view := testutil.DoRead(t, srv, http.MethodGet, "/api/sponsorships/"+offer+"/applications?status=withdrawn", "", dan); !strings.Contains(view, `"id":"`+id+`"`) {
		t.Errorf("the withdrawn filter lacks it: %s", view)
	}
}
