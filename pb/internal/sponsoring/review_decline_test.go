package sponsoring_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// applicationURL is the route action of username's application to the
// scenario's offer (decline, shortlist, ...).
func applicationURL(username, action string) func(testing.TB, core.App) string {
	return func(t testing.TB, app core.App) string {
		return "/api/applications/" + applicationTo(t, app, username).Id + "/" + action
	}
}

func TestDeclineWithAReason(t *testing.T) {
	t.Parallel()
	decline := func(name, body string, status int, want []string) testutil.Call {
		return testutil.Call{Name: name, Who: "dan", Method: http.MethodPost, URLOf: applicationURL("amy", "decline"), Body: body,
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
		{Name: "the applicant cannot decline with a reason", Who: "amy", Method: http.MethodPost, URLOf: applicationURL("amy", "decline"),
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
	if status, body := testutil.DoRead(t, srv, http.MethodPost, applicationURL("priya", "decline")(t, app), `{"reason":"dates","note":"April is full."}`, dan); status != 200 {
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
