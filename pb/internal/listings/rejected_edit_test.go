package listings_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// A rejected listing edited by its poster goes back to the moderation
// queue and stays hidden from everyone else until an administrator
// approves it.
func TestAnEditedRejectedListingStaysHiddenUntilApproved(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	dan := testutil.CreateMember(t, app, "dan", testutil.MemberOpts{})
	zed := testutil.CreateMember(t, app, "zed", testutil.MemberOpts{})
	root := testutil.CreateMember(t, app, "root", testutil.MemberOpts{Admin: true})
	spam := testutil.CreateListing(t, app, "sponsorships", dan, testutil.ListingOpts{Title: "Spam offer", Amount: 50,
		Reviewed: true, Approved: false, RejectionReason: "Looks like spam"})
	j := testutil.NewJourney(t, app)
	owner, other, admin := testutil.Cookie(t, dan), testutil.Cookie(t, zed), testutil.Cookie(t, root)

	step := func(name string, who map[string]string, method, path, body string, status int, events map[string]int, has, hasNot string) {
		t.Helper()
		s := tests.ApiScenario{Name: name, Method: method, URL: path, Body: strings.NewReader(body), Headers: who,
			ExpectedStatus: status, ExpectedEvents: events, ExpectedContent: []string{has}}
		if hasNot != "" {
			s.NotExpectedContent = []string{hasNot}
		}
		j.Step(t, s)
	}
	read, refused := testutil.NoWrites(), testutil.NoWrites()
	one := "/api/sponsorships/" + spam.Id
	step("the poster edits it", owner, http.MethodPatch, one, `{"title":"Honest offer"}`, 200, testutil.Writes(0, 1, 0),
		`"title":"Honest offer"`, "Looks like spam")
	// one character of edit must not publish it
	step("others do not find it", other, http.MethodGet, one, "", 404, refused, "Listing not found.", "")
	step("nor list it", other, http.MethodGet, "/api/sponsorships", "", 200, read, "[", "Honest offer")
	step("nor apply to it", other, http.MethodPost, one+"/apply", `{}`, 404, refused, "Listing not found.", "")
	// its poster still sees it, waiting for review (no reason)
	step("its poster sees it waiting", owner, http.MethodGet, one, "", 200, read, `"reviewed":true`, "Looks like spam")
	// administrators find it in the queue and on the counter
	step("the moderation queue has it", admin, http.MethodGet, "/api/admin/moderation", "", 200, read, "Honest offer", "")
	step("the counter counts it", admin, http.MethodGet, "/api/admin/overview", "", 200, read, `"pendingReview":1`, "")
	// approval publishes it (matches and alerts follow in the background)
	step("an administrator approves it", admin, http.MethodPost, "/api/admin/listings/sponsorships/"+spam.Id+"/approve", "", 200,
		map[string]int{"OnRecordUpdate": 1, "OnRecordDelete": 0}, `"approved":true`, "")
	step("others find it", other, http.MethodGet, one, "", 200, read, `"title":"Honest offer"`, "")
	step("and list it", other, http.MethodGet, "/api/sponsorships", "", 200, read, "Honest offer", "")
	step("the counter is back to none", admin, http.MethodGet, "/api/admin/overview", "", 200, read, `"pendingReview":0`, "")
}
