package matching_test

import (
	"net/http"
	"strconv"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// seedPackages: rita asks $1,000 with two packages, Bronze ($100, two
// slots) and Gold ($600); olive offers $150, $80 and $600. The $150 offer
// fits through Bronze (less than half the request), the $80 one fits no
// package, the $600 one fits without one.
func seedPackages(t testing.TB, app core.App) {
	rita := testutil.CreateMember(t, app, "rita", testutil.MemberOpts{})
	olive := testutil.CreateMember(t, app, "olive", testutil.MemberOpts{})
	testutil.CreateMember(t, app, "sam", testutil.MemberOpts{})
	community := []string{"Community"}
	req := testutil.CreateListing(t, app, requests, rita, testutil.ListingOpts{Title: "Tiered fest", Amount: 1000, Categories: community})
	req.Set("hasTiers", true)
	if err := app.Save(req); err != nil {
		t.Fatal(err)
	}
	c, err := app.FindCollectionByNameOrId("tiers")
	if err != nil {
		t.Fatal(err)
	}
	for i, tier := range []map[string]any{
		{"name": "Bronze", "price": 100, "quantity": 2},
		{"name": "Gold", "price": 600, "quantity": 1},
	} {
		r := core.NewRecord(c)
		r.Load(tier)
		r.Load(map[string]any{"request": req.Id, "position": i, "benefits": []map[string]string{{"title": "Logo"}}})
		if err := app.Save(r); err != nil {
			t.Fatal(err)
		}
	}
	for _, amount := range []int{150, 80, 600} {
		testutil.CreateListing(t, app, offers, olive, testutil.ListingOpts{Title: "Offer of " + strconv.Itoa(amount), Amount: amount, Categories: community})
	}
}

// An offer fits a request when it covers half of it, or reaches the price
// of one of its available packages: both ways round, named in the reasons;
// a package sold out no longer makes the fit.
func TestMatchesTakePackagesIntoAccount(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, seedPackages)
	matchesOf := func(table, title string) func(t testing.TB, app core.App) string {
		return func(t testing.TB, app core.App) string {
			path := map[string]string{requests: "/api/sponsorship-requests/", offers: "/api/sponsorships/"}[table]
			return path + idOf(t, app, table, title) + "/matches"
		}
	}
	testutil.RunCalls(t, factory, []testutil.Call{
		{Name: "the request's matches", Who: "sam", Method: http.MethodGet, URLOf: matchesOf(requests, "Tiered fest"), Status: 200,
			Want:    []string{`"title":"Offer of 150"`, `"fits the “Bronze” package"`, `"title":"Offer of 600"`, `"covers 60% of the amount"`},
			NotWant: []string{"Offer of 80"}},
		{Name: "the $150 offer's matches", Who: "sam", Method: http.MethodGet, URLOf: matchesOf(offers, "Offer of 150"), Status: 200,
			Want: []string{`"title":"Tiered fest"`, `"why":"Community · fits the “Bronze” package · any location"`}},
		{Name: "the $80 offer fits no package", Who: "sam", Method: http.MethodGet, URLOf: matchesOf(offers, "Offer of 80"), Status: 200,
			Want: []string{`[]`}, NotWant: []string{"Tiered fest"}},
		{Name: "the $600 offer with hasPackages", Who: "sam", Method: http.MethodGet, URLOf: func(t testing.TB, app core.App) string {
			return matchesOf(offers, "Offer of 600")(t, app) + "?hasPackages=true"
		}, Status: 200, Want: []string{`"title":"Tiered fest"`, `"why":"Community · covers 60% of the amount · any location"`}},
	})

	// Bronze sold out: the $150 offer no longer fits.
	t.Run("sold out", func(t *testing.T) {
		app := factory(t)
		defer app.Cleanup()
		bronze, err := app.FindFirstRecordByData("tiers", "name", "Bronze")
		if err != nil {
			t.Fatal(err)
		}
		bronze.Set("taken", 2)
		if err := app.Save(bronze); err != nil {
			t.Fatal(err)
		}
		j := testutil.NewJourney(t, app)
		j.Do(t, testutil.Call{Name: "the $150 offer", Who: "sam", Method: http.MethodGet, URL: matchesOf(offers, "Offer of 150")(t, app),
			Status: 200, Want: []string{`[]`}, NotWant: []string{"Tiered fest"}})
		j.Do(t, testutil.Call{Name: "the request", Who: "sam", Method: http.MethodGet, URL: matchesOf(requests, "Tiered fest")(t, app),
			Status: 200, Want: []string{"Offer of 600"}, NotWant: []string{"Offer of 150"}})
	})
}
