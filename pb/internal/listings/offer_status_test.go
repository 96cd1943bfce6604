package listings_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// An Open Sponsorship has the lifecycle of a request: its poster closes it
// (it takes no applications: 409) and reopens it.
func TestAnOfferClosesAndReopens(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	dan := testutil.CreateMember(t, app, "dan", testutil.MemberOpts{})
	zed := testutil.CreateMember(t, app, "zed", testutil.MemberOpts{})
	offer := testutil.CreateListing(t, app, "sponsorships", dan, testutil.ListingOpts{Title: "Kits for clubs"})
	j := testutil.NewJourney(t, app)
	owner, other := testutil.Cookie(t, dan), testutil.Cookie(t, zed)
	one := "/api/sponsorships/" + offer.Id
	step := func(name string, who map[string]string, method, path, body string, status int, events map[string]int, has string) {
		t.Helper()
		j.Step(t, tests.ApiScenario{Name: name, Method: method, URL: path, Body: strings.NewReader(body), Headers: who,
			ExpectedStatus: status, ExpectedEvents: events, ExpectedContent: []string{has}})
	}
	step("open to others", other, http.MethodGet, one, "", 200, testutil.NoWrites(), `"status":"open"`)
	step("only the poster closes", other, http.MethodPatch, one, `{"status":"closed"}`, 403, testutil.NoWrites(), "Only the poster can change this listing.")
	step("an offer is never sponsored", owner, http.MethodPatch, one, `{"status":"sponsored"}`, 400, testutil.NoWrites(),
		"Status can only be set to open or closed")
	step("the poster closes", owner, http.MethodPatch, one, `{"status":"closed"}`, 200, testutil.Writes(0, 1, 0), `"status":"closed"`)
	step("a closed offer takes no applications", other, http.MethodPost, one+"/apply", `{"message":"Please"}`, 409, testutil.NoWrites(),
		"This sponsorship is closed and no longer takes applications.")
	step("the open list leaves it out", other, http.MethodGet, "/api/sponsorships?status=open", "", 200, testutil.NoWrites(), "[]")
	step("the closed list has it", other, http.MethodGet, "/api/sponsorships?status=closed", "", 200, testutil.NoWrites(), `"title":"Kits for clubs"`)
	// closing is not an edit of the content: no new review
	if r := testutil.Find(t, app, "sponsorships", offer.Id); r.GetBool("reviewed") != offer.GetBool("reviewed") {
		t.Fatal("closing sent the offer back to moderation")
	}
	step("the poster reopens", owner, http.MethodPatch, one, `{"status":"open"}`, 200, testutil.Writes(0, 1, 0), `"status":"open"`)
	step("a reopened offer takes applications", other, http.MethodPost, one+"/apply", `{"message":"Please"}`, 201,
		// what an application writes (pb/internal/sponsoring, "applied")
		testutil.WritesAmidMail(5, 2), `"status":"pending"`)
}
