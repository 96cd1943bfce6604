package matching_test

import (
	"fmt"
	"strings"
	"testing"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/matching"
	"sponsorbridge/pb/internal/testutil"
)

// TestMatchesCostNoQueryPerMatch: a listing's five matches, each by its own
// poster, cost the SQL its one match does: nothing is read per match (a
// poster, a pledge). The listings themselves come from the listings store
// in one prepared statement (Store.ByRowids), which runs beside dbx and so
// is not among the statements counted here.
func TestMatchesCostNoQueryPerMatch(t *testing.T) {
	app := apptest.NewApp(t, nil)
	t.Cleanup(app.Cleanup)
	ann := testutil.CreateMember(t, app, "ann", testutil.MemberOpts{})
	cat := testutil.CreateMember(t, app, "cat", testutil.MemberOpts{})
	edu := []string{"Education"}
	offer := listing(t, app, offers, ann, testutil.ListingOpts{Title: "Ann funds schools", Amount: 300, Categories: edu}, "")
	poster := func(i int) {
		p := testutil.CreateMember(t, app, fmt.Sprintf("poster%d", i), testutil.MemberOpts{Verified: i%2 == 0})
		listing(t, app, requests, p, testutil.ListingOpts{Title: fmt.Sprintf("School %d", i), Amount: 200, Categories: edu}, inDays(30))
	}
	poster(0)
	h := testutil.Handler(t, app)
	q := testutil.WatchQueries(t, app)
	url, headers := "/api/sponsorships/"+offer.Id+"/matches", testutil.Cookie(t, cat)
	one, body := q.Get(t, h, url, headers)
	if n := strings.Count(body, `"why":`); n != 1 {
		t.Fatalf("want 1 match, got %d: %s", n, body)
	}
	for i := 1; i < matching.Best+2; i++ {
		poster(i)
	}
	five, body := q.Get(t, h, url, headers)
	if n := strings.Count(body, `"why":`); n != matching.Best {
		t.Fatalf("want %d matches, got %d: %s", matching.Best, n, body)
	}
	for i := 2; i < matching.Best+2; i++ {
		if !strings.Contains(body, fmt.Sprintf(`"username":"poster%d"`, i)) {
			t.Fatalf("the matches lack poster%d: %s", i, body)
		}
	}
	t.Logf("one match costs %d queries, %d matches %d", len(one), matching.Best, len(five))
	if len(one) != len(five) {
		t.Errorf("one match costs %d queries, %d matches %d:\n%s", len(one), matching.Best, len(five), strings.Join(five, "\n"))
	}
}
