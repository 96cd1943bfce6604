package sponsoring_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

func TestShortlist(t *testing.T) {
	t.Parallel()
	star := func(name, who string, status int, want []string) testutil.Call {
		return testutil.Call{Name: name, Who: who, Method: http.MethodPost, URLOf: applicationURL("amy", "shortlist"),
			Body: `{"shortlisted":true}`, Status: status, Want: want}
	}
	starred := func(username string, want bool) func(testing.TB, *tests.TestApp, *http.Response) {
		return func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			if got := applicationTo(t, app, username).GetBool("shortlisted"); got != want {
				t.Errorf("%s's application starred: %v, want %v", username, got, want)
			}
		}
	}
	unstar := testutil.Call{Name: "the poster unstars", Who: "dan", Method: http.MethodPost, URLOf: applicationURL("priya", "shortlist"),
		Body: `{"shortlisted":false}`, Status: 200, Want: []string{`"shortlisted":false`, `"username":"priya"`},
		// the application alone changes: no message, no notification
		Events: testutil.Writes(0, 1, 0), After: starred("priya", false)}
	starDeclined := testutil.Call{Name: "a decided application may be starred; its decision stays", Who: "dan",
		Method: http.MethodPost, URLOf: applicationURL("zed", "shortlist"), Body: `{"shortlisted":true}`, Status: 200,
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
		{Name: "the star must be said", Who: "dan", Method: http.MethodPost, URLOf: applicationURL("amy", "shortlist"), Body: `{}`, Status: 400,
			Want: []string{"Shortlisted must be true or false."}},
		{Name: "the star is a bool", Who: "dan", Method: http.MethodPost, URLOf: applicationURL("amy", "shortlist"), Body: `{"shortlisted":"yes"}`,
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
