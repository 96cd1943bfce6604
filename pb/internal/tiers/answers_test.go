package tiers_test

import (
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// What requests, pledges, profiles and the app's configuration say of
// packages and industries, to each reader.
func TestPackagesOnTheAnswers(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, func(t testing.TB, app core.App) {
		seed(t, app)
		pledged(t, app, "bev", "Summer fest", "Gold")
		pledged(t, app, "tel", "Summer fest", "Silver")
	})
	one := func(title string) func(t testing.TB, app core.App) string {
		return func(t testing.TB, app core.App) string {
			return "/api/sponsorship-requests/" + request(t, app, title).Id
		}
	}
	const conflict = `"industryConflict":"A sponsor in beverages holds exclusivity here."`
	testutil.RunCalls(t, factory, []testutil.Call{
		{Name: "a sponsor of the industry holding exclusivity sees the conflict on the list", Who: "bev2", Method: http.MethodGet,
			URL: "/api/sponsorship-requests?q=Summer", Status: 200,
			Want: []string{conflict, `"exclusiveIndustries":["beverages"]`,
				`"name":"Gold","price":2000,"quantity":1,"taken":1,"left":0`, `"available":false,"unavailableReason":"Sold out"`,
				`"name":"Silver","price":500,"quantity":3,"taken":1,"left":2`, `"available":true,"unavailableReason":""`,
				`"unavailableReason":"Sale ended"`, `"saleStart":"2099-02-03"`, `"unavailableReason":"On sale from Feb 3, 2099"`}},
		{Name: "and on the request", Who: "bev2", Method: http.MethodGet, URLOf: one("Summer fest"), Status: 200,
			Want: []string{conflict, `"name":"Gold"`}},
		{Name: "another industry sees no conflict", Who: "tel", Method: http.MethodGet, URLOf: one("Summer fest"), Status: 200,
			Want: []string{`"exclusiveIndustries":["beverages"]`, `"myPledge":{`}, NotWant: []string{`"industryConflict"`}},
		{Name: "nor does the poster", Who: "dan", Method: http.MethodGet, URL: "/api/sponsorship-requests?q=Summer", Status: 200,
			Want: []string{`"name":"Gold"`}, NotWant: []string{`"industryConflict"`}},
		{Name: "nor a member with no industry", Who: "nobody", Method: http.MethodGet, URLOf: one("Summer fest"), Status: 200,
			Want: []string{`"name":"Gold"`}, NotWant: []string{`"industryConflict"`}},
		{Name: "an administrator reads the packages", Who: "boss", Method: http.MethodGet, URLOf: one("Summer fest"), Status: 200,
			Want: []string{`"name":"Gold"`, `"exclusiveIndustries":["beverages"]`}, NotWant: []string{`"industryConflict"`}},
		{Name: "a clashing industry is told before pledging", Who: "bev", Method: http.MethodGet, URLOf: one("Clean run"), Status: 200,
			Want: []string{`"tiers":[]`, `"clashingIndustries":["beverages","telecom"]`, `"industryConflict":"This request does not accept sponsors in beverages."`}},
		{Name: "a visitor reads no request", Method: http.MethodGet, URLOf: one("Summer fest"), Status: 401},
		{Name: "offers carry no packages", Who: "bev", Method: http.MethodGet, URL: "/api/sponsorships", Status: 200,
			Want: []string{`[`}, NotWant: []string{`"tiers"`, `"anyAmount"`, `"industryConflict"`}},
		{Name: "a sponsor's pledge names its package and their industry", Who: "bev", Method: http.MethodGet, URL: "/api/commitments?role=given",
			Status: 200, Want: []string{`"name":"Gold"}`, `"industry":"beverages"`}},
		{Name: "the poster's pledges too", Who: "dan", Method: http.MethodGet, URL: "/api/commitments?role=received",
			Status: 200, Want: []string{`"name":"Gold"}`, `"industry":"beverages"`, `"name":"Silver"}`, `"industry":"telecom"`}},
		{Name: "a deal names its package and its hold", Who: "bev", Method: http.MethodGet, URL: "/api/deals",
			Status: 200, Want: []string{`"tier":{"id":"`, `"name":"Gold"}`, `"holdUntil":"20`, `"proposedBy":"`, `"title":"Booth"`}},
		{Name: "a profile carries its industry", Who: "dan", Method: http.MethodGet,
			URLOf: func(t testing.TB, app core.App) string {
				return "/api/users/" + testutil.FindByUsername(t, app, "bev").Id
			},
			Status: 200, Want: []string{`"industry":"beverages"`}},
		{Name: "the app's configuration lists the industries", Method: http.MethodGet, URL: "/api/app-config", Status: 200,
			Want: []string{`"industries":[{"key":"beverages","label":"Beverages"},{"key":"banking_finance","label":"Banking and finance"}`,
				`{"key":"other","label":"Other"}]`}},
	})
}

// A member states their industry; a change after pledging keeps the
// exclusivity their pledge was granted in.
func TestIndustryOnTheProfile(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, func(t testing.TB, app core.App) {
		seed(t, app)
		pledged(t, app, "bev", "Summer fest", "Gold")
	})
	app := factory(t)
	defer app.Cleanup()
	j := testutil.NewJourney(t, app)
	j.Do(t, testutil.Call{Name: "an unknown industry is refused", Who: "bev", Method: http.MethodPatch, URL: "/api/user",
		Body: `{"industry":"space"}`, Status: 400, Want: []string{`"industry":{"code":"validation_unknown_industry","message":"Choose an industry from the list"}`}})
	j.Do(t, testutil.Call{Name: "the Gold holder says they are in food now", Who: "bev", Method: http.MethodPatch, URL: "/api/user",
		Body: `{"industry":"food"}`, Status: 200, Events: testutil.Writes(0, 1, 0), Want: []string{`"industry":"food"`}})
	j.Do(t, testutil.Call{Name: "beverages are still held exclusively", Who: "bev2", Method: http.MethodPost, URLOf: sponsorURL("Summer fest"),
		Body: `{"amount":10}`, Status: 409, Want: []string{"A sponsor in beverages holds exclusivity here."}})
	j.Do(t, testutil.Call{Name: "the pledge keeps the industry it was made in", Who: "bev", Method: http.MethodGet, URL: "/api/commitments?role=given",
		Status: 200, Want: []string{`"industry":"beverages"`}})
	j.Do(t, testutil.Call{Name: "no industry", Who: "bev", Method: http.MethodPatch, URL: "/api/user",
		Body: `{"industry":""}`, Status: 200, Events: testutil.Writes(0, 1, 0), Want: []string{`"industry":""`}})
	agree(t, app, "Summer fest")
}
