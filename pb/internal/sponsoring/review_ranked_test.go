package sponsoring_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/sponsoring"
	"sponsorbridge/pb/internal/testutil"
)

// TestSortByMatchRanksTheNewestOnly: sort=match ranks the newest
// applications up to its bound (here one page, 20; 500 when served), and
// lists the older ones after them, newest first, however well they fit.
// Not parallel: it lowers the bound for the package.
func TestSortByMatchRanksTheNewestOnly(t *testing.T) {
	defer sponsoring.RankAtMost(20)()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	dan := testutil.FindByUsername(t, app, "dan")
	offer := testutil.CreateListing(t, app, "sponsorships", dan, testutil.ListingOpts{Title: "Science fair",
		Location: "Pune", Categories: []string{"Education"}})
	base := time.Now().Add(-time.Hour)
	// member0 … member4, the oldest, fit best; among the 20 newest,
	// member12 fits (Education), member17 a little (an audience)
	for i := range 25 {
		place, categories, audience := "", []string(nil), 0
		switch {
		case i < 5:
			place, categories, audience = "Pune", []string{"Education"}, 500
		case i == 12:
			categories = []string{"Education"}
		case i == 17:
			audience = 10
		}
		u := eventsOf(t, app, fmt.Sprintf("member%d", i), place, categories, audience)
		a := createApplication(t, app, offer, u, "pending")
		created, _ := types.ParseDateTime(base.Add(time.Duration(i) * time.Second))
		a.SetRaw("created", created)
		save(t, app, a)
	}
	srv := testutil.Serve(t, app)
	headers := testutil.Cookie(t, dan)
	page := func(n int) ([]string, string) {
		res, body := testutil.Send(t, srv, http.MethodGet, fmt.Sprintf("/api/sponsorships/%s/applications?sort=match&page=%d", offer.Id, n), "", headers)
		if res.StatusCode != 200 {
			t.Fatalf("page %d: %d %s", n, res.StatusCode, body)
		}
		return usernamesIn(body, "applicant"), res.Header.Get("X-Has-More")
	}
	first, more := page(1)
	want := []string{"member12", "member17"}
	for i := 24; i >= 5; i-- {
		if i != 12 && i != 17 {
			want = append(want, fmt.Sprintf("member%d", i))
		}
	}
	if !equal(first, want) || more != "true" {
		t.Errorf("page 1: %v (more: %s), want %v", first, more, want)
	}
	second, more := page(2)
	if want := []string{"member4", "member3", "member2", "member1", "member0"}; !equal(second, want) || more != "false" {
		t.Errorf("page 2: %v (more: %s), want %v", second, more, want)
	}
	if third, _ := page(3); len(third) != 0 {
		t.Errorf("page 3: %v", third)
	}
}
