package matching_test

import (
	"strings"
	"testing"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// The offers among a request's matches carry the rules the signed-in
// member fails (docs/api/eligibility.md), as on the cards: none for a
// member who passes them (matches leave out the offers a member may not
// apply to).
func TestMatchedOffersSayWhoMayApply(t *testing.T) {
	app := apptest.NewApp(t, nil)
	t.Cleanup(app.Cleanup)
	ann := testutil.CreateMember(t, app, "ann", testutil.MemberOpts{})
	bob := testutil.CreateMember(t, app, "bob", testutil.MemberOpts{Verified: true})
	edu := []string{"Education"}
	offer := listing(t, app, offers, ann, testutil.ListingOpts{Title: "Ann funds schools", Amount: 300, Categories: edu}, "")
	offer.Set("criteria", map[string]any{"verifiedOnly": true})
	if err := app.Save(offer); err != nil {
		t.Fatal(err)
	}
	request := listing(t, app, requests, bob, testutil.ListingOpts{Title: "School fair", Amount: 200, Categories: edu}, inDays(30))
	q := testutil.WatchQueries(t, app)
	_, body := q.Get(t, testutil.Handler(t, app), "/api/sponsorship-requests/"+request.Id+"/matches", testutil.Cookie(t, bob))
	if !strings.Contains(body, `"title":"Ann funds schools"`) ||
		!strings.Contains(body, `"criteria":{"locations":[],"categories":[],"eventFrom":"","eventTo":"","minAudience":0,"verifiedOnly":true,`) ||
		!strings.Contains(body, `"eligibility":[]`) {
		t.Fatalf("the matches: %s", body)
	}
}
