package savedsearch_test

import (
	"net/http"
	"slices"
	"testing"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// Saved searches of offers keep "Only offers I can apply to", and their
// alerts honour it with the owner's profile as it is when the offer is
// posted: an offer for verified members only alerts the verified owner's
// search, not the others', until they are verified; an offer in Pune
// alerts the owner whose events are in Pune; a full offer alerts no such
// search; a search without it is alerted whatever the rules. A requests
// search does not keep it.
func TestSavedSearchesKeepEligibleOnly(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	t.Cleanup(app.Cleanup)
	rita := testutil.CreateMember(t, app, "rita", testutil.MemberOpts{})
	pia := testutil.CreateMember(t, app, "pia", testutil.MemberOpts{Verified: true})
	pia.Set("eventLocation", "Pune")
	if err := app.Save(pia); err != nil {
		t.Fatal(err)
	}
	ned := testutil.CreateMember(t, app, "ned", testutil.MemberOpts{})
	testutil.CreateMember(t, app, "all", testutil.MemberOpts{})

	j := testutil.NewJourney(t, app) // its router loads the saved searches
	for _, who := range []string{"pia", "ned"} {
		j.Do(t, testutil.Call{Name: who + " saves eligible only", Who: who, Method: http.MethodPost, URL: "/api/saved-searches",
			Body: `{"name":"Mine","kind":"sponsorships","query":{"eligibleOnly":true}}`, Status: 201,
			Want: []string{`"eligibleOnly":true}`}, Events: testutil.Writes(1, 0, 0)})
	}
	j.Do(t, testutil.Call{Name: "all saves every offer", Who: "all", Method: http.MethodPost, URL: "/api/saved-searches",
		Body: `{"name":"All","kind":"sponsorships","query":{}}`, Status: 201, Want: []string{`"name":"All"`}, Events: testutil.Writes(1, 0, 0)})
	j.Do(t, testutil.Call{Name: "a requests search does not keep it", Who: "ned", Method: http.MethodPost, URL: "/api/saved-searches",
		Body: `{"name":"Requests","kind":"requests","query":{"eligibleOnly":true}}`, Status: 201,
		Want: []string{`"kind":"requests"`}, NotWant: []string{"eligibleOnly"}, Events: testutil.Writes(1, 0, 0)})

	post := func(title string, fields map[string]any) string {
		return storeListing(t, app, "sponsorships", rita, title, fields)
	}
	alerted := func(id string) []string { return alertedOn(t, app, id) }
	verified := map[string]any{"criteria": map[string]any{"verifiedOnly": true}}
	for _, c := range []struct {
		title  string
		fields map[string]any
		want   []string
	}{
		{"Anyone", nil, []string{"all", "ned", "pia"}},
		{"Verified only", verified, []string{"all", "pia"}},
		{"In Pune or Mumbai", map[string]any{"criteria": map[string]any{"locations": []string{"Mumbai", "Pune, India"}}}, []string{"all", "pia"}},
		{"Full house", map[string]any{"applicationCap": 1, "applicationCount": 1}, []string{"all"}},
	} {
		if got := alerted(post(c.title, c.fields)); !slices.Equal(got, c.want) {
			t.Errorf("%s alerted %v, want %v", c.title, got, c.want)
		}
	}
	// ned is verified now: the search follows their profile.
	ned.Set("isVerified", true)
	if err := app.Save(ned); err != nil {
		t.Fatal(err)
	}
	if got := alerted(post("Verified only, again", verified)); !slices.Equal(got, []string{"all", "ned", "pia"}) {
		t.Errorf("after ned's verification an offer for verified members alerted %v", got)
	}
}
