package savedsearch_test

import (
	"net/http"
	"slices"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// Saved searches keep "Has packages" and "Open to my industry", and their
// alerts honour them: a request refusing beverages alerts no search "Open
// to my industry" of a member in beverages (their industry as it is when
// the request is posted), one with packages alerts the "Has packages"
// search. An offers search keeps neither (offers have no packages).
func TestSavedSearchesKeepThePackageFilters(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	t.Cleanup(app.Cleanup)
	member := func(name, industry string) *core.Record {
		m := testutil.CreateMember(t, app, name, testutil.MemberOpts{})
		m.Set("industry", industry)
		if err := app.Save(m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	bev, rita := member("bev", "beverages"), member("rita", "")
	member("nia", "")
	member("pat", "food")

	j := testutil.NewJourney(t, app) // its router loads the saved searches
	j.Do(t, testutil.Call{Name: "bev saves open to me", Who: "bev", Method: http.MethodPost, URL: "/api/saved-searches",
		Body: `{"name":"Open to me","kind":"requests","query":{"openToMe":true}}`, Status: 201,
		Want: []string{`"openToMe":true}`}, NotWant: []string{"hasPackages"}, Events: testutil.Writes(1, 0, 0)})
	j.Do(t, testutil.Call{Name: "nia saves open to me", Who: "nia", Method: http.MethodPost, URL: "/api/saved-searches",
		Body: `{"name":"Open to me","kind":"requests","query":{"openToMe":true}}`, Status: 201, Want: []string{`"openToMe":true}`}, Events: testutil.Writes(1, 0, 0)})
	j.Do(t, testutil.Call{Name: "pat saves has packages", Who: "pat", Method: http.MethodPost, URL: "/api/saved-searches",
		Body: `{"name":"Packages","kind":"requests","query":{"hasPackages":true}}`, Status: 201,
		Want: []string{`"hasPackages":true}`}, NotWant: []string{"openToMe"}, Events: testutil.Writes(1, 0, 0)})
	j.Do(t, testutil.Call{Name: "an offers search keeps neither", Who: "pat", Method: http.MethodPost, URL: "/api/saved-searches",
		Body: `{"name":"Offers","kind":"sponsorships","query":{"hasPackages":true,"openToMe":true}}`, Status: 201,
		Want: []string{`"kind":"sponsorships"`}, NotWant: []string{"hasPackages", "openToMe"}, Events: testutil.Writes(1, 0, 0)})

	post := func(title string, fields map[string]any) string {
		return storeListing(t, app, "sponsorship_requests", rita, title, fields)
	}
	alerted := func(id string) []string { return alertedOn(t, app, id) }
	if got := alerted(post("Clashing gala", map[string]any{"clashingIndustries": []string{"beverages"}})); !slices.Equal(got, []string{"nia"}) {
		t.Errorf("a request refusing beverages alerted %v, want nia only", got)
	}
	if got := alerted(post("Tiered fest", map[string]any{"hasTiers": true})); !slices.Equal(got, []string{"bev", "nia", "pat"}) {
		t.Errorf("a request with packages alerted %v", got)
	}
	// bev now says food: the search follows their industry.
	bev.Set("industry", "food")
	if err := app.Save(bev); err != nil {
		t.Fatal(err)
	}
	if got := alerted(post("Exclusive run", map[string]any{"exclusiveIndustries": []string{"beverages"}})); !slices.Equal(got, []string{"bev", "nia"}) {
		t.Errorf("after bev's change of industry a request held by beverages alerted %v", got)
	}
}
