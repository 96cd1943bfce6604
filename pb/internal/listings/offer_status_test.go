package listings_test

import (
	"net/http"
	"strings"
	"testing"

	"sponsorbridge/pb/internal/testutil"
)

// An Open Sponsorship has the lifecycle of a request: its poster closes it
// (it takes no applications: 409) and reopens it.
func TestAnOfferClosesAndReopens(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t, nil)
	defer app.Cleanup()
	dan := testutil.CreateMember(t, app, "dan", testutil.MemberOpts{})
	zed := testutil.CreateMember(t, app, "zed", testutil.MemberOpts{})
	offer := testutil.CreateListing(t, app, "sponsorships", dan, testutil.ListingOpts{Title: "Kits for clubs"})
	srv := testutil.Serve(t, app)
	owner, other := testutil.Cookie(t, dan), testutil.Cookie(t, zed)
	one := "/api/sponsorships/" + offer.Id
	expect := func(who map[string]string, method, path, body string, status int, has string) {
		t.Helper()
		code, out := testutil.DoRead(t, srv, method, path, body, who)
		if code != status || !strings.Contains(out, has) {
			t.Fatalf("%s %s: %d %s", method, path, code, out)
		}
	}
	expect(other, http.MethodGet, one, "", 200, `"status":"open"`)
	expect(other, http.MethodPatch, one, `{"status":"closed"}`, 403, "Only the poster can change this listing.")
	expect(owner, http.MethodPatch, one, `{"status":"sponsored"}`, 400, "Status can only be set to open or closed")
	expect(owner, http.MethodPatch, one, `{"status":"closed"}`, 200, `"status":"closed"`)
	expect(other, http.MethodPost, one+"/apply", `{"message":"Please"}`, 409, "This sponsorship is closed and no longer takes applications.")
	if n, _ := app.CountRecords("applications"); n != 0 {
		t.Fatalf("%d applications to a closed offer", n)
	}
	expect(other, http.MethodGet, "/api/sponsorships?status=open", "", 200, "[]")
	expect(other, http.MethodGet, "/api/sponsorships?status=closed", "", 200, `"title":"Kits for clubs"`)
	// closing is not an edit of the content: no new review
	if r := testutil.Find(t, app, "sponsorships", offer.Id); r.GetBool("reviewed") != offer.GetBool("reviewed") {
		t.Fatal("closing sent the offer back to moderation")
	}
	expect(owner, http.MethodPatch, one, `{"status":"open"}`, 200, `"status":"open"`)
	expect(other, http.MethodPost, one+"/apply", `{"message":"Please"}`, 201, `"status":"pending"`)
}
