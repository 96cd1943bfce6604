package savedsearch_test

import (
	"net/http"
	"slices"
	"testing"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// Saved searches keep the audience filters (at least n, measured only) and
// their alerts honour them with the poster's audience as it is when the
// request is posted. An offers search keeps neither.
func TestSavedSearchesKeepTheAudienceFilters(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	t.Cleanup(app.Cleanup)
	rita := testutil.CreateMember(t, app, "rita", testutil.MemberOpts{})
	for _, name := range []string{"ali", "bob", "cyd"} {
		testutil.CreateMember(t, app, name, testutil.MemberOpts{})
	}
	audience := func(n int, provenance string) {
		rita.Set("audience", n)
		rita.Set("audienceProvenance", provenance)
		if err := app.Save(rita); err != nil {
			t.Fatal(err)
		}
	}

	j := testutil.NewJourney(t, app) // its router loads the saved searches
	j.Do(t, testutil.Call{Name: "ali saves at least 1,000", Who: "ali", Method: http.MethodPost, URL: "/api/saved-searches",
		Body: `{"name":"Big","kind":"requests","query":{"minAudience":1000}}`, Status: 201,
		Want: []string{`"minAudience":1000}`}, NotWant: []string{"measuredOnly"}, Events: testutil.Writes(1, 0, 0)})
	j.Do(t, testutil.Call{Name: "bob saves measured only", Who: "bob", Method: http.MethodPost, URL: "/api/saved-searches",
		Body: `{"name":"Measured","kind":"requests","query":{"measuredOnly":true}}`, Status: 201,
		Want: []string{`"measuredOnly":true}`}, NotWant: []string{"minAudience"}, Events: testutil.Writes(1, 0, 0)})
	j.Do(t, testutil.Call{Name: "a search out of range is refused", Who: "cyd", Method: http.MethodPost, URL: "/api/saved-searches",
		Body: `{"name":"None","kind":"requests","query":{"minAudience":0}}`, Status: 400,
		Want: []string{`"minAudience":{"code":"validation_invalid_number","message":"Audience must be a whole number from 1 to 1,000,000,000"}`}})
	j.Do(t, testutil.Call{Name: "an offers search keeps neither", Who: "cyd", Method: http.MethodPost, URL: "/api/saved-searches",
		Body: `{"name":"Offers","kind":"sponsorships","query":{"minAudience":1000,"measuredOnly":true}}`, Status: 201,
		Want: []string{`"kind":"sponsorships"`}, NotWant: []string{"minAudience", "measuredOnly"}, Events: testutil.Writes(1, 0, 0)})
	j.Do(t, testutil.Call{Name: "the list shows them", Who: "ali", Method: http.MethodGet, URL: "/api/saved-searches", Status: 200,
		Want: []string{`"minAudience":1000`, `"path":"/home?minAudience=1000&tab=requests"`}})

	post := func(title string) string {
		return storeListing(t, app, "sponsorship_requests", rita, title, nil)
	}
	for _, step := range []struct {
		audience   int
		provenance string
		want       []string
	}{
		{0, "", nil},
		{999, "measured", []string{"bob"}},
		{1000, "self", []string{"ali"}},
		{5000, "measured", []string{"ali", "bob"}},
	} {
		audience(step.audience, step.provenance)
		if got := alertedOn(t, app, post("Fest")); !slices.Equal(got, step.want) {
			t.Errorf("a request of a poster with an audience of %d (%q) alerted %v, want %v", step.audience, step.provenance, got, step.want)
		}
	}
}
