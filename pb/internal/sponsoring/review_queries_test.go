package sponsoring_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// TestTheApplicationsViewCostsNoQueryPerRow: a page of 20 of an offer's
// applications costs the SQL a page of 1 does, in every sort, each row
// with its applicant's profile, fit and links; so does a compare of 4
// against one of 2, each applicant with their reviews.
func TestTheApplicationsViewCostsNoQueryPerRow(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	dan := testutil.FindByUsername(t, app, "dan")
	offer := testutil.CreateListing(t, app, "sponsorships", dan, testutil.ListingOpts{Title: "Science fair",
		Location: "Pune", Categories: []string{"Education"}})
	h := testutil.Handler(t, app)
	q := testutil.WatchQueries(t, app)
	headers := testutil.Cookie(t, dan)
	add := func(first, last int) {
		for i := first; i < last; i++ {
			u := eventsOf(t, app, fmt.Sprintf("member%d", i), "Pune", []string{"Education"}, 100*i)
			a := createApplication(t, app, offer, u, "pending")
			a.Set("shortlisted", true)
			save(t, app, a)
			addReview(t, app, "dan", u.GetString("username"), "Good work", false, time.Now().Add(-time.Hour))
		}
	}
	// the fewer of two reads: the member's session is cached for a second,
	// and its first read costs its own queries
	get := func(url string) ([]string, string) {
		first, _ := q.Get(t, h, url, headers)
		second, body := q.Get(t, h, url, headers)
		if len(first) < len(second) {
			return first, body
		}
		return second, body
	}
	sorts := []string{"newest", "match", "reliability", "audience"}
	list := "/api/sponsorships/" + offer.Id + "/applications?sort="
	add(0, 2)
	one := map[string]int{}
	for _, sort := range sorts {
		statements, body := get(list + sort + "&status=pending&shortlisted=true")
		if strings.Count(body, `"applicant":{`) != 2 {
			t.Fatalf("sort %s: the page lacks its rows: %s", sort, body)
		}
		one[sort] = len(statements)
	}
	compare := func(n int) (int, string) {
		var ids []string
		for i := range n {
			ids = append(ids, applicationID(t, app, offer, fmt.Sprintf("member%d", i)))
		}
		statements, body := get("/api/sponsorships/" + offer.Id + "/applications/compare?ids=" + strings.Join(ids, ","))
		return len(statements), body
	}
	compareTwo, _ := compare(2)
	add(2, 21)
	for _, sort := range sorts {
		statements, body := get(list + sort + "&status=pending&shortlisted=true")
		if n := strings.Count(body, `"applicant":{`); n != 20 || !strings.Contains(body, `"reasons":["shares Education","in Pune"`) {
			t.Fatalf("sort %s: the page of 20 has %d rows: %s", sort, n, body)
		}
		t.Logf("sort %s: a page of 2 costs %d queries, of 20 %d", sort, one[sort], len(statements))
		if len(statements) != one[sort] {
			t.Errorf("sort %s: a page of 2 costs %d queries, of 20 %d:\n%s", sort, one[sort], len(statements), strings.Join(statements, "\n"))
		}
	}
	compareFour, body := compare(4)
	if strings.Count(body, `"comment":"Good work"`) != 4 {
		t.Fatalf("the compare of 4 lacks its reviews: %s", body)
	}
	t.Logf("a compare of 2 costs %d queries, of 4 %d", compareTwo, compareFour)
	if compareTwo != compareFour {
		t.Errorf("a compare of 2 costs %d queries, of 4 %d", compareTwo, compareFour)
	}
}

func applicationID(t testing.TB, app core.App, offer *core.Record, username string) string {
	t.Helper()
	r, err := app.FindFirstRecordByFilter("applications", "sponsorship = {:s} && applicant = {:a}",
		dbx.Params{"s": offer.Id, "a": testutil.FindByUsername(t, app, username).Id})
	if err != nil {
		t.Fatal(err)
	}
	return r.Id
}
