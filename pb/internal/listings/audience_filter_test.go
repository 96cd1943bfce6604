package listings_test

import (
	"net/http"
	"slices"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// audienceTitles are seedAudiences' requests.
var audienceTitles = []string{"Ana's fest", "Ben's drive", "Cal's meet", "Dee's gala"}

// seedAudiences: four posters of a request each, with an audience of 5,000
// measured (ana), 800 evidenced (ben), none (cal), and 5,000 stored before
// figures had a provenance (dee); and an offer of ana's.
func seedAudiences(t testing.TB, app core.App) {
	for i, m := range []struct {
		name       string
		audience   int
		provenance string
	}{{"ana", 5000, "measured"}, {"ben", 800, "evidenced"}, {"cal", 0, ""}, {"dee", 5000, ""}} {
		poster := testutil.CreateMember(t, app, m.name, testutil.MemberOpts{})
		setAudience(t, app, poster, m.audience, m.provenance)
		testutil.CreateListing(t, app, "sponsorship_requests", poster, testutil.ListingOpts{Title: audienceTitles[i]})
		if m.name == "ana" {
			testutil.CreateListing(t, app, "sponsorships", poster, testutil.ListingOpts{Title: "Ana's offer"})
		}
	}
	testutil.CreateMember(t, app, "sam", testutil.MemberOpts{})
}

// setAudience saves a member's audience figure through their record, as
// the kit editor does.
func setAudience(t testing.TB, app core.App, m *core.Record, audience int, provenance string) {
	t.Helper()
	m.Set("audience", audience)
	m.Set("audienceProvenance", provenance)
	if err := app.Save(m); err != nil {
		t.Fatal(err)
	}
}

// requestsWith lists requests with query, wanting exactly the titles want.
func requestsWith(name, query string, want ...string) testutil.Call {
	var notWant []string
	for _, title := range audienceTitles {
		if !slices.Contains(want, title) {
			notWant = append(notWant, title)
		}
	}
	return testutil.Call{Name: name, Who: "sam", Method: http.MethodGet, URL: "/api/sponsorship-requests" + query, Status: 200,
		Want: want, NotWant: notWant, WantHeaders: map[string]string{"X-Total-Count": string(rune('0' + len(want)))}}
}

// Requests filter by their poster's audience (at least n) and by a
// measured one; a request's card says the poster's audience and where it
// came from (null when none); offers read both filters and ignore them.
func TestAudienceFilters(t *testing.T) {
	t.Parallel()
	refused := func(name, query, field, message string) testutil.Call {
		return testutil.Call{Name: name, Who: "sam", Method: http.MethodGet, URL: "/api/sponsorship-requests" + query, Status: 400,
			Want: []string{`"` + field + `":{"code":"validation_invalid_`, `"message":"` + message + `"`}}
	}
	const audienceMessage = "Audience must be a whole number from 1 to 1,000,000,000"
	testutil.RunCalls(t, apptest.Factory(nil, seedAudiences), []testutil.Call{
		{Name: "cards say the poster's audience", Who: "sam", Method: http.MethodGet, URL: "/api/sponsorship-requests", Status: 200,
			Want: []string{`"username":"ana","displayName":"Member ana","avatar":"","isVerified":false,"deleted":false,"audience":{"value":5000,"provenance":"measured"}}`,
				`"username":"ben","displayName":"Member ben","avatar":"","isVerified":false,"deleted":false,"audience":{"value":800,"provenance":"evidenced"}}`,
				`"username":"cal","displayName":"Member cal","avatar":"","isVerified":false,"deleted":false,"audience":null}`,
				`"username":"dee","displayName":"Member dee","avatar":"","isVerified":false,"deleted":false,"audience":{"value":5000,"provenance":"self"}}`}},
		requestsWith("no filter", "", audienceTitles...),
		requestsWith("at least 1,000", "?minAudience=1000", "Ana's fest", "Dee's gala"),
		requestsWith("at least 800 (inclusive)", "?minAudience=800", "Ana's fest", "Ben's drive", "Dee's gala"),
		requestsWith("at least 1: any stated audience", "?minAudience=1", "Ana's fest", "Ben's drive", "Dee's gala"),
		requestsWith("above everyone's", "?minAudience=5001"),
		requestsWith("measured only", "?measuredOnly=true", "Ana's fest"),
		requestsWith("measured and at least 800", "?minAudience=800&measuredOnly=true", "Ana's fest"),
		requestsWith("measuredOnly=false", "?measuredOnly=false", audienceTitles...),
		{Name: "offers ignore both, and carry no audience", Who: "sam", Method: http.MethodGet,
			URL: "/api/sponsorships?minAudience=1000000&measuredOnly=true", Status: 200,
			Want: []string{"Ana's offer", `"deleted":false,"audience":null}`}, NotWant: []string{`"value":5000`},
			WantHeaders: map[string]string{"X-Total-Count": "1"}},
		refused("zero", "?minAudience=0", "minAudience", audienceMessage),
		refused("above a billion", "?minAudience=1000000001", "minAudience", audienceMessage),
		refused("not a number", "?minAudience=lots", "minAudience", audienceMessage),
		refused("not whole", "?minAudience=2.5", "minAudience", audienceMessage),
		refused("offers still refuse a malformed one", "?minAudience=-1", "minAudience", audienceMessage),
		refused("a malformed flag", "?measuredOnly=yes", "measuredOnly", "measuredOnly must be true or false"),
	})
}

// The lists follow a poster's audience at once, however it is written: the
// filter and the card both (the change log's users trigger).
func TestAudienceFiltersFollowThePoster(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	t.Cleanup(app.Cleanup)
	seedAudiences(t, app)
	j := testutil.NewJourney(t, app)
	j.Do(t, requestsWith("before", "?minAudience=1000&measuredOnly=true", "Ana's fest"))

	setAudience(t, app, testutil.FindByUsername(t, app, "ben"), 2000, "measured")
	c := requestsWith("ben measured", "?minAudience=1000&measuredOnly=true", "Ana's fest", "Ben's drive")
	c.Want = append(c.Want, `"username":"ben","displayName":"Member ben","avatar":"","isVerified":false,"deleted":false,"audience":{"value":2000,"provenance":"measured"}}`)
	j.Do(t, c)

	// the measuring job writes the figure with plain SQL
	if _, err := app.DB().NewQuery("UPDATE users SET audience = 0 WHERE username = 'ana'").Execute(); err != nil {
		t.Fatal(err)
	}
	c = requestsWith("ana's audience gone", "?measuredOnly=true", "Ana's fest", "Ben's drive")
	c.Want = append(c.Want, `"username":"ana","displayName":"Member ana","avatar":"","isVerified":false,"deleted":false,"audience":null}`)
	j.Do(t, c)
	j.Do(t, requestsWith("and none left at 1,000", "?minAudience=1000", "Ben's drive", "Dee's gala"))
}
