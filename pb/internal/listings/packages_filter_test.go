package listings_test

import (
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// seedPackages: four requests (one with packages, one held exclusively by
// beverages, one refusing beverages, one plain), an offer, and members of
// the beverages industry, of food, and of none.
func seedPackages(t testing.TB, app core.App) {
	rita := testutil.CreateMember(t, app, "rita", testutil.MemberOpts{})
	for name, industry := range map[string]string{"bev": "beverages", "fay": "food", "nia": ""} {
		m := testutil.CreateMember(t, app, name, testutil.MemberOpts{})
		m.Set("industry", industry)
		if err := app.Save(m); err != nil {
			t.Fatal(err)
		}
	}
	const R = "sponsorship_requests"
	set := func(r *core.Record, fields map[string]any) {
		for k, v := range fields {
			r.Set(k, v)
		}
		if err := app.Save(r); err != nil {
			t.Fatal(err)
		}
	}
	set(testutil.CreateListing(t, app, R, rita, testutil.ListingOpts{Title: "Tiered fest"}), map[string]any{"hasTiers": true})
	set(testutil.CreateListing(t, app, R, rita, testutil.ListingOpts{Title: "Exclusive run"}),
		map[string]any{"hasTiers": true, "exclusiveIndustries": []string{"beverages"}})
	set(testutil.CreateListing(t, app, R, rita, testutil.ListingOpts{Title: "Clashing gala"}),
		map[string]any{"clashingIndustries": []string{"beverages", "telecom"}})
	testutil.CreateListing(t, app, R, rita, testutil.ListingOpts{Title: "Plain drive"})
	testutil.CreateListing(t, app, "sponsorships", rita, testutil.ListingOpts{Title: "An offer"})
}

// "Has packages" keeps the requests offering tiers; "Open to my industry"
// leaves out those held exclusively by, or refusing, the signed-in
// member's industry, read by the server (a parameter naming another
// industry changes nothing); for a member without an industry it leaves
// out nothing. On offers both are ignored.
func TestPackageFilters(t *testing.T) {
	t.Parallel()
	all := []string{"Tiered fest", "Exclusive run", "Clashing gala", "Plain drive"}
	list := func(name, who, query string, want []string, count string) testutil.Call {
		var notWant []string
		for _, title := range all {
			found := false
			for _, w := range want {
				found = found || w == title
			}
			if !found {
				notWant = append(notWant, title)
			}
		}
		return testutil.Call{Name: name, Who: who, Method: http.MethodGet, URL: "/api/sponsorship-requests" + query, Status: 200,
			Want: want, NotWant: notWant, WantHeaders: map[string]string{"X-Total-Count": count}}
	}
	testutil.RunCalls(t, apptest.Factory(nil, seedPackages), []testutil.Call{
		list("no filter", "bev", "", all, "4"),
		list("has packages", "nia", "?hasPackages=true", []string{"Tiered fest", "Exclusive run"}, "2"),
		list("open to beverages", "bev", "?openToMe=true", []string{"Tiered fest", "Plain drive"}, "2"),
		list("the client cannot name its industry", "bev", "?openToMe=true&industry=food", []string{"Tiered fest", "Plain drive"}, "2"),
		list("open to food", "fay", "?openToMe=true", all, "4"),
		list("no industry: nothing left out", "nia", "?openToMe=true", all, "4"),
		list("both", "bev", "?openToMe=true&hasPackages=true", []string{"Tiered fest"}, "1"),
		list("openToMe=false", "bev", "?openToMe=false", all, "4"),
		{Name: "offers ignore them", Who: "bev", Method: http.MethodGet, URL: "/api/sponsorships?hasPackages=true&openToMe=true", Status: 200,
			Want: []string{"An offer"}, WantHeaders: map[string]string{"X-Total-Count": "1"}},
		{Name: "a malformed flag", Who: "bev", Method: http.MethodGet, URL: "/api/sponsorship-requests?hasPackages=yes", Status: 400,
			Want: []string{`"hasPackages":{"code":"validation_invalid_bool","message":"hasPackages must be true or false"}`}},
	})
}
