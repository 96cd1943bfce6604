package sponsoring_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

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

func shortlistOf(username string) func(testing.TB, core.App) string {
	return func(t testing.TB, app core.App) string {
		return "/api/applications/" + applicationTo(t, app, username).Id + "/shortlist"
	}
}

func TestShortlist(t *testing.T) {
	t.Parallel()
	star := func(name, who string, status int, want []string) testutil.Call {
		return testutil.Call{Name: name, Who: who, Method: http.MethodPost, URLOf: shortlistOf("amy"),
			Body: `{"shortlisted":true}`, Status: status, Want: want}
	}
	starred := func(username string, want bool) func(testing.TB, *tests.TestApp, *http.Response) {
		return func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			if got := applicationTo(t, app, username).GetBool("shortlisted"); got != want {
				t.Errorf("%s's application starred: %v, want %v", username, got, want)
			}
		}
	}
	unstar := testutil.Call{Name: "the poster unstars", Who: "dan", Method: http.MethodPost, URLOf: shortlistOf("priya"),
		Body: `{"shortlisted":false}`, Status: 200, Want: []string{`"shortlisted":false`, `"username":"priya"`},
		// the application alone changes: no message, no notification
		Events: testutil.Writes(0, 1, 0), After: starred("priya", false)}
	starDeclined := testutil.Call{Name: "a decided application may be starred; its decision stays", Who: "dan",
		Method: http.MethodPost, URLOf: shortlistOf("zed"), Body: `{"shortlisted":true}`, Status: 200,
		Want: []string{`"shortlisted":true`, `"status":"declined"`}, Events: testutil.Writes(0, 1, 0), After: starred("zed", true)}
	starIt := star("the poster stars an application", "dan", 200,
		[]string{`"shortlisted":true`, `"username":"amy"`, `"match":{"score":111`, `"applicantProfile":{`})
	starIt.Events, starIt.After = testutil.Writes(0, 1, 0), starred("amy", true)
	testutil.RunCalls(t, apptest.Factory(nil, seedReview), []testutil.Call{
		star("a visitor is asked to sign in", "", 401, nil),
		star("the applicant is refused", "amy", 403, []string{"Only the poster of the sponsorship can shortlist applications."}),
		star("another applicant learns nothing", "priya", 404, []string{"Application not found."}),
		star("a member learns nothing", "moe", 404, []string{"Application not found."}),
		star("an administrator does not star for posters", "boss", 404, []string{"Application not found."}),
		{Name: "the star must be said", Who: "dan", Method: http.MethodPost, URLOf: shortlistOf("amy"), Body: `{}`, Status: 400,
			Want: []string{"Shortlisted must be true or false."}},
		{Name: "the star is a bool", Who: "dan", Method: http.MethodPost, URLOf: shortlistOf("amy"), Body: `{"shortlisted":"yes"}`,
			Status: 400, Want: []string{"The request body is not valid JSON."}},
		{Name: "an unknown application", Who: "dan", Method: http.MethodPost, URL: "/api/applications/nosuchapplicat/shortlist",
			Body: `{"shortlisted":true}`, Status: 404, Want: []string{"Application not found."}},
		starIt, unstar, starDeclined,
	})
}

// TestTheApplicantNeverLearnsOfTheStar: starred, an application reads the
// same to its applicant in every answer they read (their applications,
// their conversation, their notifications), which never name the star,
// and nothing tells them.
func TestTheApplicantNeverLearnsOfTheStar(t *testing.T) {
	t.Parallel()
	app := apptest.Factory(nil, seedReview)(t)
	defer app.Cleanup()
	srv := testutil.Serve(t, app)
	dan := testutil.Cookie(t, testutil.FindByUsername(t, app, "dan"))
	amy := testutil.Cookie(t, testutil.FindByUsername(t, app, "amy"))
	id := applicationTo(t, app, "amy").Id
	reads := []string{"/api/applications?role=sent", "/api/notifications", "/api/conversations"}
	before := map[string]string{}
	for _, url := range reads {
		_, before[url] = testutil.DoRead(t, srv, http.MethodGet, url, "", amy)
	}
	notes := count(t, app, "notifications", dbx.HashExp{"user": testutil.FindByUsername(t, app, "amy").Id})
	if status, body := testutil.DoRead(t, srv, http.MethodPost, "/api/applications/"+id+"/shortlist", `{"shortlisted":true}`, dan); status != 200 {
		t.Fatalf("starring: %d %s", status, body)
	}
	for _, url := range reads {
		status, body := testutil.DoRead(t, srv, http.MethodGet, url, "", amy)
		if status != 200 || strings.Contains(body, "shortlist") {
			t.Errorf("%s names the star to the applicant: %d %s", url, status, body)
		}
		if body != before[url] {
			t.Errorf("%s changed for the applicant when the poster starred:\n%s\n%s", url, before[url], body)
		}
	}
	if status, body := testutil.DoRead(t, srv, http.MethodGet, "/api/applications?role=sent", "", amy); !strings.Contains(body, `"id":"`+id+`"`) {
		t.Errorf("the applicant's list lacks the application: %d %s", status, body)
	}
	if n := count(t, app, "notifications", dbx.HashExp{"user": testutil.FindByUsername(t, app, "amy").Id}); n != notes {
		t.Errorf("the applicant has %d notifications, %d before the star", n, notes)
	}
	// the poster reads it starred in the same list the applicant reads theirs
	if _, body := testutil.DoRead(t, srv, http.MethodGet, "/api/applications?role=received", "", dan); strings.Contains(body, "shortlist") {
		t.Errorf("GET /api/applications names the star: %s", body)
	}
}

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
		if third, second := strings.Index(body, "Third review"), strings.Index(body, "Second review"); !(latest < third && third < second) {
			t.Errorf("priya's reviews are not newest first: %s", body)
		}
	}
}

func declineURL(username string) func(testing.TB, core.App) string {
	return func(t testing.TB, app core.App) string {
		return "/api/applications/" + applicationTo(t, app, username).Id + "/decline"
	}
}

func TestDeclineWithAReason(t *testing.T) {
	t.Parallel()
	decline := func(name, body string, status int, want []string) testutil.Call {
		return testutil.Call{Name: name, Who: "dan", Method: http.MethodPost, URLOf: declineURL("amy"), Body: body,
			Status: status, Want: want}
	}
	fields := func(field, message string) []string {
		return []string{"Please check the highlighted fields.", `"` + field + `":{"code":"`, message}
	}
	withReason := decline("the poster declines with a reason and a note",
		`{"reason":"budget","note":"We funded our 2027 clubs already."}`, 200,
		[]string{`"status":"declined"`, `"declineReason":"budget"`, `"declineReasonText":"The budget is already committed"`,
			`"declineNote":"We funded our 2027 clubs already."`})
	want := "Member dan declined your application for “Science fair”: The budget is already committed. We funded our 2027 clubs already."
	withReason.Events = declined
	withReason.After = func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		id := applicationTo(t, app, "amy").Id
		msg, err := app.FindFirstRecordByData("messages", "contextId", id)
		if err != nil || msg.GetString("body") != want {
			t.Errorf("the conversation says %q, want %q", msg.GetString("body"), want)
		}
		note, err := app.FindFirstRecordByData("notifications", "subject", id)
		if err != nil || note.GetString("body") != want || note.GetString("type") != "application_declined" {
			t.Errorf("the notification says %q, want %q", note.GetString("body"), want)
		}
		mails := waitForMail(t, app, 1)
		if len(mails) == 1 && !strings.Contains(mails[0].Text, "The budget is already committed. We funded our 2027 clubs already.") {
			t.Errorf("the e-mail lacks the reason: %s", mails[0].Text)
		}
	}
	plain := decline("a decline without a body is as before", "", 200, []string{`"status":"declined"`, `"declineReason":""`,
		`"declineReasonText":""`, `"declineNote":""`})
	plain.Events = declined
	plain.After = func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		msg, err := app.FindFirstRecordByData("messages", "contextId", applicationTo(t, app, "amy").Id)
		if want := "Member dan declined your application for “Science fair”."; err != nil || msg.GetString("body") != want {
			t.Errorf("the conversation says %q, want %q", msg.GetString("body"), want)
		}
	}
	other := decline("another reason, the note says which", `{"reason":"other","note":"We only fund robotics."}`, 200,
		[]string{`"declineReason":"other"`, `"declineReasonText":"Another reason"`, `"declineNote":"We only fund robotics."`})
	other.Events = declined
	testutil.RunCalls(t, apptest.Factory(nil, seedReview), []testutil.Call{
		decline("an unknown reason is refused", `{"reason":"mood"}`, 400, fields("reason", "Choose a reason from the list")),
		decline("a note needs a reason", `{"note":"Sorry"}`, 400, fields("reason", "Choose a reason from the list")),
		decline("a long note is refused", `{"reason":"dates","note":"`+strings.Repeat("x", 501)+`"}`, 400,
			fields("note", "Note must be at most 500 characters")),
		{Name: "the applicant cannot decline with a reason", Who: "amy", Method: http.MethodPost, URLOf: declineURL("amy"),
			Body: `{"reason":"budget"}`, Status: 403, Want: []string{"Only the poster of the sponsorship can accept or decline applications."}},
		withReason, plain, other,
	})
}

// TestTheApplicantReadsTheReason: the applicant's own list says the
// decline's reason and note, the sentence as well as the key, beside
// their answers.
func TestTheApplicantReadsTheReason(t *testing.T) {
	t.Parallel()
	app := apptest.Factory(nil, seedReview)(t)
	defer app.Cleanup()
	srv := testutil.Serve(t, app)
	dan := testutil.Cookie(t, testutil.FindByUsername(t, app, "dan"))
	if status, body := testutil.DoRead(t, srv, http.MethodPost, declineURL("priya")(t, app), `{"reason":"dates","note":"April is full."}`, dan); status != 200 {
		t.Fatalf("declining: %d %s", status, body)
	}
	_, body := testutil.DoRead(t, srv, http.MethodGet, "/api/applications?role=sent", "", testutil.Cookie(t, testutil.FindByUsername(t, app, "priya")))
	for _, want := range []string{`"answers":[{"questionId":"q1","label":"How many students attend?","kind":"number","value":120}]`,
		`"status":"declined"`, `"declineReason":"dates"`, `"declineReasonText":"The dates do not work for this sponsor"`, `"declineNote":"April is full."`} {
		if !strings.Contains(body, want) {
			t.Errorf("the applicant's list lacks %s: %s", want, body)
		}
	}
	if strings.Contains(body, "shortlist") {
		t.Errorf("the applicant's list names the star: %s", body)
	}
}

func bulkURL(t testing.TB, app core.App) string {
	return "/api/sponsorships/" + scienceFair(t, app) + "/applications/decline"
}

// idsOf is the JSON list of the Science fair applications of usernames
// ("other": priya's to another offer, "unknown": an id of nothing).
func idsOf(t testing.TB, app core.App, usernames ...string) string {
	var ids []string
	for _, u := range usernames {
		switch u {
		case "other":
			ids = append(ids, `"`+otherApplication(t, app).Id+`"`)
		case "unknown":
			ids = append(ids, `"nosuchapplicat"`)
		default:
			ids = append(ids, `"`+applicationTo(t, app, u).Id+`"`)
		}
	}
	return "[" + strings.Join(ids, ",") + "]"
}

func TestDeclineMany(t *testing.T) {
	t.Parallel()
	bulk := func(name, who string, usernames []string, rest string, status int, want []string) testutil.Call {
		return testutil.Call{Name: name, Who: who, Method: http.MethodPost, URLOf: bulkURL, Status: status, Want: want,
			Prepare: func(t testing.TB, app core.App, c *testutil.Call) {
				c.Body = `{"ids":` + idsOf(t, app, usernames...) + rest + `}`
			}}
	}
	pending := []string{"amy", "priya"}
	many := bulk("the poster declines many at once, skipping what is not theirs to decline",
		"dan", []string{"amy", "zed", "priya", "other", "unknown", "wes", "amy"}, `,"reason":"dates","note":"April is full."`, 200, nil)
	many.Prepare = func(t testing.TB, app core.App, c *testutil.Call) {
		c.Body = `{"ids":` + idsOf(t, app, "amy", "zed", "priya", "other", "unknown", "wes", "amy") + `,"reason":"dates","note":"April is full."}`
		c.Want = []string{
			`{"declined":["` + applicationTo(t, app, "amy").Id + `","` + applicationTo(t, app, "priya").Id + `"],"skipped":[`,
			`{"id":"` + applicationTo(t, app, "zed").Id + `","message":"This application has already been declined."}`,
			`{"id":"` + otherApplication(t, app).Id + `","message":"Application not found."}`,
			`{"id":"nosuchapplicat","message":"Application not found."}`,
			`{"id":"` + applicationTo(t, app, "wes").Id + `","message":"This application has already been withdrawn."}`,
		}
	}
	// two declines: each its application, its message (and conversation), its notification, the answer samples
	many.Events = testutil.WritesAmidMail(2*3, 2*2)
	many.After = func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		for _, u := range pending {
			a := applicationTo(t, app, u)
			if a.GetString("status") != "declined" || a.GetString("declineReason") != "dates" || a.GetString("declineNote") != "April is full." {
				t.Errorf("%s's application: %s %q %q", u, a.GetString("status"), a.GetString("declineReason"), a.GetString("declineNote"))
			}
			note, err := app.FindFirstRecordByData("notifications", "subject", a.Id)
			if want := "Member dan declined your application for “Science fair”: The dates do not work for this sponsor. April is full."; err != nil || note.GetString("body") != want {
				t.Errorf("%s's notification says %q, want %q", u, note.GetString("body"), want)
			}
		}
		if a := otherApplication(t, app); a.GetString("status") != "pending" {
			t.Errorf("the other offer's application turned %s", a.GetString("status"))
		}
		waitForMail(t, app, 2)
	}
	fifty := make([]string, 51)
	for i := range fifty {
		fifty[i] = fmt.Sprintf(`"id%012d"`, i)
	}
	testutil.RunCalls(t, apptest.Factory(nil, seedCompare), []testutil.Call{
		bulk("a visitor is asked to sign in", "", pending, "", 401, nil),
		bulk("an applicant learns nothing", "amy", pending, "", 404, []string{"Listing not found."}),
		bulk("a member learns nothing", "moe", pending, "", 404, []string{"Listing not found."}),
		bulk("an administrator does not decline for posters", "boss", pending, "", 404, []string{"Listing not found."}),
		bulk("none is refused", "dan", nil, "", 400, []string{"Choose 1 to 50 applications."}),
		{Name: "51 are refused", Who: "dan", Method: http.MethodPost, URLOf: bulkURL, Status: 400,
			Body: `{"ids":[` + strings.Join(fifty, ",") + `]}`, Want: []string{"Choose 1 to 50 applications."}},
		bulk("an unknown reason is refused", "dan", pending, `,"reason":"mood"`, 400, []string{"Choose a reason from the list"}),
		many,
	})
}
