package listings_test

import (
	"net/http"
	"strings"
	"testing"

	"sponsorbridge/pb/internal/testutil"
)

// A rejected listing edited by its poster goes back to the moderation
// queue and stays hidden from everyone else until an administrator
// approves it.
func TestAnEditedRejectedListingStaysHiddenUntilApproved(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t, nil)
	defer app.Cleanup()
	dan := testutil.CreateMember(t, app, "dan", testutil.MemberOpts{})
	zed := testutil.CreateMember(t, app, "zed", testutil.MemberOpts{})
	root := testutil.CreateMember(t, app, "root", testutil.MemberOpts{Admin: true})
	spam := testutil.CreateListing(t, app, "sponsorships", dan, testutil.ListingOpts{Title: "Spam offer", Amount: 50,
		Reviewed: true, Approved: false, RejectionReason: "Looks like spam"})
	srv := testutil.Serve(t, app)
	owner, other, admin := testutil.Cookie(t, dan), testutil.Cookie(t, zed), testutil.Cookie(t, root)

	expect := func(who map[string]string, method, path, body string, status int, has, hasNot string) string {
		t.Helper()
		code, out := testutil.DoRead(t, srv, method, path, body, who)
		if code != status || (has != "" && !strings.Contains(out, has)) || (hasNot != "" && strings.Contains(out, hasNot)) {
			t.Fatalf("%s %s: %d %s", method, path, code, out)
		}
		return out
	}
	one := "/api/sponsorships/" + spam.Id
	expect(owner, http.MethodPatch, one, `{"title":"Honest offer"}`, 200, `"title":"Honest offer"`, "Looks like spam")
	// one character of edit must not publish it
	expect(other, http.MethodGet, one, "", 404, "Listing not found.", "")
	expect(other, http.MethodGet, "/api/sponsorships", "", 200, "", "Honest offer")
	expect(other, http.MethodPost, one+"/apply", `{}`, 404, "", "")
	// its poster still sees it, waiting for review (no reason)
	expect(owner, http.MethodGet, one, "", 200, `"reviewed":true`, "Looks like spam")
	// administrators find it in the queue and on the counter
	expect(admin, http.MethodGet, "/api/admin/moderation", "", 200, "Honest offer", "")
	expect(admin, http.MethodGet, "/api/admin/overview", "", 200, `"pendingReview":1`, "")
	// approval publishes it
	expect(admin, http.MethodPost, "/api/admin/listings/sponsorships/"+spam.Id+"/approve", "", 200, "", "")
	expect(other, http.MethodGet, one, "", 200, `"title":"Honest offer"`, "")
	expect(other, http.MethodGet, "/api/sponsorships", "", 200, "Honest offer", "")
	expect(admin, http.MethodGet, "/api/admin/overview", "", 200, `"pendingReview":0`, "")
}
