package listings_test

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/testutil"
	"sponsorbridge/pb/search"
)

// eligibleOffers are the offers seedEligible posts, by title, with their
// rules (stored as the offer routes store them).
var eligibleOffers = []struct {
	title string
	rules map[string]any
}{
	{"Open to all", nil},
	{"Pune schools", map[string]any{"criteria": map[string]any{"locations": []string{"Pune", "Mumbai"}, "categories": []string{"Education"}}}},
	{"Verified only", map[string]any{"criteria": map[string]any{"verifiedOnly": true}}},
	{"Big audiences", map[string]any{"criteria": map[string]any{"minAudience": 500}}},
	{"Spring events", map[string]any{"criteria": map[string]any{"eventFrom": "2027-03-01", "eventTo": "2027-06-30"}}},
	{"Online only", map[string]any{"criteria": map[string]any{"locations": []string{"Online"}}}},
	{"Full house", map[string]any{"applicationCap": 2, "applicationCount": 2}},
	{"One place left", map[string]any{"applicationCap": 2, "applicationCount": 1}},
}

func offerTitles() []string {
	var out []string
	for _, o := range eligibleOffers {
		out = append(out, o.title)
	}
	return out
}

// seedEligible: rita's offers (eligibleOffers) and a request; pia, whose
// profile passes every rule but the online one (in "Pune, India",
// Education, an event on Apr 12, 2027 for 600, verified); oli, online and
// nothing else; ned, with an empty profile.
func seedEligible(t testing.TB, app core.App) {
	rita := testutil.CreateMember(t, app, "rita", testutil.MemberOpts{})
	save := func(r *core.Record, fields map[string]any) {
		for k, v := range fields {
			r.Set(k, v)
		}
		if err := app.Save(r); err != nil {
			t.Fatal(err)
		}
	}
	save(testutil.CreateMember(t, app, "pia", testutil.MemberOpts{Verified: true}), map[string]any{"eventLocation": "Pune, India",
		"eventCategories": []string{"Education"}, "nextEventDate": "2027-04-12 00:00:00.000Z", "audience": 600})
	save(testutil.CreateMember(t, app, "oli", testutil.MemberOpts{}), map[string]any{"eventLocation": "online"})
	testutil.CreateMember(t, app, "ned", testutil.MemberOpts{})
	for _, o := range eligibleOffers {
		save(testutil.CreateListing(t, app, "sponsorships", rita, testutil.ListingOpts{Title: o.title}), o.rules)
	}
	testutil.CreateListing(t, app, "sponsorship_requests", rita, testutil.ListingOpts{Title: "A request"})
}

// "Only offers I can apply to" keeps the offers whose every rule the
// signed-in member's profile passes, the cap included; the profile is the
// server's (a parameter cannot stand in for it), and requests ignore it.
func TestEligibleOnly(t *testing.T) {
	t.Parallel()
	all := offerTitles()
	list := func(name, who, query string, want []string) testutil.Call {
		notWant := slices.DeleteFunc(slices.Clone(all), func(title string) bool { return slices.Contains(want, title) })
		return testutil.Call{Name: name, Who: who, Method: http.MethodGet, URL: "/api/sponsorships" + query, Status: 200,
			Want: want, NotWant: notWant, WantHeaders: map[string]string{"X-Total-Count": strconv.Itoa(len(want))}}
	}
	testutil.RunCalls(t, apptest.Factory(nil, seedEligible), []testutil.Call{
		list("no filter", "ned", "", all),
		list("eligible for all but online and the full one", "pia", "?eligibleOnly=true",
			[]string{"Open to all", "Pune schools", "Verified only", "Big audiences", "Spring events", "One place left"}),
		list("online", "oli", "?eligibleOnly=true", []string{"Open to all", "Online only", "One place left"}),
		list("an empty profile passes no rule", "ned", "?eligibleOnly=true", []string{"Open to all", "One place left"}),
		list("the client cannot name its profile", "ned",
			"?eligibleOnly=true&eventLocation=Pune&audience=900&verified=false&nextEventDate=2027-04-12", []string{"Open to all", "One place left"}),
		list("eligibleOnly=false", "ned", "?eligibleOnly=false", all),
		list("with other conditions", "pia", "?eligibleOnly=true&q=only", []string{"Verified only"}),
		{Name: "requests ignore it", Who: "ned", Method: http.MethodGet, URL: "/api/sponsorship-requests?eligibleOnly=true", Status: 200,
			Want: []string{"A request"}, WantHeaders: map[string]string{"X-Total-Count": "1"}},
		{Name: "a malformed flag", Who: "ned", Method: http.MethodGet, URL: "/api/sponsorships?eligibleOnly=1", Status: 400,
			Want: []string{`"eligibleOnly":{"code":"validation_invalid_bool","message":"eligibleOnly must be true or false"}`}},
	})
}

// The list follows the offer and the member as they change: the cap
// reached leaves an offer out at once, a freed place brings it back, and
// a member who fills in their profile sees the offers it opens.
func TestEligibleOnlyFollowsChanges(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	t.Cleanup(app.Cleanup)
	seedEligible(t, app)
	j := testutil.NewJourney(t, app)
	titles := func(who string) []string {
		t.Helper()
		a := j.Do(t, testutil.Call{Name: who, Who: who, Method: http.MethodGet, URL: "/api/sponsorships?eligibleOnly=true&perPage=50", Status: 200,
			Want: []string{"Open to all"}})
		var out []string
		for _, title := range offerTitles() {
			if strings.Contains(a.Body, `"title":"`+title+`"`) {
				out = append(out, title)
			}
		}
		return out
	}
	setCount := func(title string, n int) {
		r, err := app.FindFirstRecordByData("sponsorships", "title", title)
		if err != nil {
			t.Fatal(err)
		}
		r.Set("applicationCount", n)
		if err := app.Save(r); err != nil {
			t.Fatal(err)
		}
	}
	if got := titles("ned"); !slices.Equal(got, []string{"Open to all", "One place left"}) {
		t.Fatalf("before: %v", got)
	}
	setCount("One place left", 2)
	if got := titles("ned"); !slices.Equal(got, []string{"Open to all"}) {
		t.Fatalf("the cap reached: %v", got)
	}
	setCount("Full house", 1)
	if got := titles("ned"); !slices.Equal(got, []string{"Open to all", "Full house"}) {
		t.Fatalf("a place freed: %v", got)
	}
	ned, err := app.FindFirstRecordByData("users", "username", "ned")
	if err != nil {
		t.Fatal(err)
	}
	ned.Set("audience", 500)
	if err := app.Save(ned); err != nil {
		t.Fatal(err)
	}
	if got := titles("ned"); !slices.Equal(got, []string{"Open to all", "Big audiences", "Full house"}) {
		t.Fatalf("an audience stated: %v", got)
	}
}

// A visitor has no profile: their eligibleOnly leaves out nothing (the
// list routes are for members; the engine's Applicant stays unset).
func TestAVisitorsEligibleOnlyLeavesOutNothing(t *testing.T) {
	f := listings.ForViewer(search.Filter{EligibleOnly: true, Applicant: &search.Applicant{Location: "Pune"}}, listings.Viewer{})
	if f.Applicant != nil {
		t.Fatalf("a visitor's filter carries an applicant: %+v", f.Applicant)
	}
}
