package listings_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// seedBrowse makes three members and a known set of listings, oldest first.
func seedBrowse(t testing.TB, app core.App) {
	priya := testutil.CreateMember(t, app, "priya", testutil.MemberOpts{Verified: true})
	dan := testutil.CreateMember(t, app, "dan", testutil.MemberOpts{})
	testutil.CreateMember(t, app, "boss", testutil.MemberOpts{Admin: true})
	base := time.Now().Add(-72 * time.Hour)
	at := func(h int) time.Time { return base.Add(time.Duration(h) * time.Hour) }

	const S = "sponsorships"
	testutil.CreateListing(t, app, S, priya, testutil.ListingOpts{Title: "Robotics Club Kits", Description: "Arduino kits for a school club",
		Amount: 500, Location: "Pune, India", Categories: []string{"Education", "Technology"}, Created: at(1)})
	testutil.CreateListing(t, app, S, dan, testutil.ListingOpts{Title: "Market stall fees", Description: "Three months of fees for new traders",
		Amount: 250, Location: "Lagos", Categories: []string{"Business"}, Created: at(2)})
	testutil.CreateListing(t, app, S, priya, testutil.ListingOpts{Title: "Tree planting", Description: "Saplings and tools, 100% native species",
		Amount: 900, Location: "", Categories: []string{"Environment"}, Created: at(3)})
	testutil.CreateListing(t, app, S, dan, testutil.ListingOpts{Title: "Spam offer", Description: "Rejected by moderators",
		Amount: 50, Categories: []string{"Business"}, Reviewed: true, Approved: false, RejectionReason: "Looks like spam", Created: at(4)})
	testutil.CreateListing(t, app, S, dan, testutil.ListingOpts{Title: "Coding bootcamp seats", Description: "Scholarships for \"women returners\" in tech",
		Amount: 1500, Location: "Mumbai", Categories: []string{"Education", "Business"}, Reviewed: true, Approved: true, Created: at(5)})

	const R = "sponsorship_requests"
	testutil.CreateListing(t, app, R, priya, testutil.ListingOpts{Title: "Health camp", Description: "Eye tests for seniors",
		Amount: 3200, Location: "Pune", Categories: []string{"Healthcare"}, Status: "open", Created: at(1)})
	testutil.CreateListing(t, app, R, dan, testutil.ListingOpts{Title: "Football kits", Description: "Kits for the under-14 league",
		Amount: 1800, Location: "Lagos", Categories: []string{"Community"}, Status: "sponsored", Created: at(2)})
}

func TestListAccess(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, seedBrowse)
	var refused []tests.ApiScenario
	for _, path := range []string{"/api/sponsorships", "/api/sponsorship-requests", "/api/sponsorships/x", "/api/sponsorship-requests/x"} {
		refused = append(refused, tests.ApiScenario{Name: "visitor is refused " + path, Method: http.MethodGet, URL: path,
			ExpectedStatus: 401, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`"status":401`}, NotExpectedContent: []string{"Robotics"}})
	}
	testutil.Reads(t, factory, refused, nil)
}

func TestListFilters(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, seedBrowse)
	cases := []struct {
		name, url string
		status    int
		want      []string
		notWant   []string
		headers   map[string]string
	}{
		{"newest first with poster, rejected hidden", "/api/sponsorships", 200,
			[]string{`"title":"Coding bootcamp seats"`, `"poster":{"id":`, `"displayName":"Member priya"`, `"isVerified":true`, `"amount":500`},
			[]string{"Spam offer", "rejectionReason", "requestedAmount"}, map[string]string{"X-Total-Count": "4", "X-Has-More": "false"}},
		{"keyword is a case-insensitive substring of the description (trigram index)", "/api/sponsorships?q=ARDUINO", 200,
			[]string{"Robotics Club Kits"}, []string{"Market stall", "Tree planting", "Coding bootcamp"}, map[string]string{"X-Total-Count": "1"}},
		{"keyword matches inside words of the title", "/api/sponsorships?q=otic", 200,
			[]string{"Robotics Club Kits"}, []string{"Market stall"}, nil},
		{"two-letter keyword uses the scan fallback", "/api/sponsorships?q=kI", 200,
			[]string{"Robotics Club Kits"}, []string{"Market stall", "Tree planting"}, nil},
		{"keyword with quotes is taken literally", "/api/sponsorships?q=%22women", 200,
			[]string{"Coding bootcamp seats"}, []string{"Robotics"}, nil},
		{"keyword with a percent sign is literal", "/api/sponsorships?q=0%25", 200,
			[]string{"Tree planting"}, []string{"Robotics", "Market"}, nil},
		{"keyword never matches rejected listings", "/api/sponsorships?q=spam", 200,
			nil, []string{"Spam offer"}, map[string]string{"X-Total-Count": "0"}},
		{"categories match any of those chosen", "/api/sponsorships?categories=environment,Business", 200,
			[]string{"Market stall", "Tree planting", "Coding bootcamp"}, []string{"Robotics"}, map[string]string{"X-Total-Count": "3"}},
		{"amount range is inclusive", "/api/sponsorships?minAmount=250&maxAmount=900", 200,
			[]string{"Market stall", "Tree planting", "Robotics"}, []string{"Coding bootcamp"}, map[string]string{"X-Total-Count": "3"}},
		{"location is a substring and listings without one pass", "/api/sponsorships?location=pune", 200,
			[]string{"Robotics", "Tree planting"}, []string{"Market stall", "Coding bootcamp"}, nil},
		{"filters combine with AND", "/api/sponsorships?q=s&categories=Education&minAmount=1000", 200,
			[]string{"Coding bootcamp"}, []string{"Robotics", "Tree"}, map[string]string{"X-Total-Count": "1"}},
		{"paging", "/api/sponsorships?perPage=2&page=2", 200,
			[]string{"Market stall", "Robotics"}, []string{"Coding bootcamp", "Tree planting"},
			map[string]string{"X-Total-Count": "4", "X-Has-More": "false", "X-Page": "2", "X-Per-Page": "2"}},
		{"first page says there is more", "/api/sponsorships?perPage=2", 200,
			[]string{"Coding bootcamp", "Tree planting"}, []string{"Market stall"}, map[string]string{"X-Has-More": "true"}},
		{"sort by amount", "/api/sponsorships?sort=amount_desc&perPage=1", 200,
			[]string{"Coding bootcamp"}, []string{"Tree planting"}, nil},
		{"requests carry requestedAmount, eventDate and status", "/api/sponsorship-requests?status=sponsored", 200,
			[]string{`"title":"Football kits"`, `"requestedAmount":1800`, `"status":"sponsored"`, `"eventDate":""`},
			[]string{"Health camp", `"amount"`}, nil},
		{"perPage above the maximum is a 400", "/api/sponsorships?perPage=51", 400,
			[]string{"perPage must be a whole number from 1 to 50"}, nil, nil},
		{"non-numeric amount is a 400", "/api/sponsorships?minAmount=abc", 400,
			[]string{"Minimum amount must be a whole number"}, nil, nil},
		{"unknown category is a 400", "/api/sponsorships?categories=Sports", 400,
			[]string{"Unknown category"}, nil, nil},
		{"an offer is never sponsored", "/api/sponsorships?status=sponsored", 400,
			[]string{"An Open Sponsorship is open or closed"}, nil, nil},
		{"overlong keyword is a 400", "/api/sponsorships?q=" + strings.Repeat("a", 101), 400,
			[]string{"Keyword must be at most 100 characters"}, nil, nil},
		{"hostile keyword is only text", "/api/sponsorships?q=%27)%20OR%201%3D1--", 200,
			nil, []string{"Robotics"}, map[string]string{"X-Total-Count": "0"}},
	}
	var reads []tests.ApiScenario
	for _, tc := range cases {
		reads = append(reads, tests.ApiScenario{
			Name: tc.name, Method: http.MethodGet, URL: tc.url, ExpectedStatus: tc.status, ExpectedEvents: testutil.NoWrites(),
			ExpectedContent: tc.want, NotExpectedContent: tc.notWant,
			AfterTestFunc: expectHeaders(tc.headers),
		})
	}
	testutil.Reads(t, factory, reads, testutil.As("dan"))
}

func expectHeaders(want map[string]string) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, _ *tests.TestApp, res *http.Response) {
		for k, v := range want {
			if got := res.Header.Get(k); got != v {
				t.Errorf("header %s: want %q, got %q", k, v, got)
			}
		}
	}
}

func TestRejectedVisibility(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, seedBrowse)
	rejectedID := func(t testing.TB, app core.App) string {
		r, err := app.FindFirstRecordByData("sponsorships", "title", "Spam offer")
		if err != nil {
			t.Fatal(err)
		}
		return r.Id
	}
	// Reads: no hook event fires.
	for _, c := range []struct {
		who string
		s   tests.ApiScenario
	}{
		{"dan", tests.ApiScenario{
			Name:            "dan (the poster) views a rejected listing",
			ExpectedStatus:  200,
			ExpectedContent: []string{`"rejectionReason":"Looks like spam"`, `"reviewed":true`},
		}},
		{"boss", tests.ApiScenario{
			Name:            "boss (an administrator) views a rejected listing",
			ExpectedStatus:  200,
			ExpectedContent: []string{`"rejectionReason":"Looks like spam"`},
		}},
		{"priya", tests.ApiScenario{
			Name:               "priya (another member) views a rejected listing",
			ExpectedStatus:     404,
			ExpectedContent:    []string{`"message":"Listing not found."`},
			NotExpectedContent: []string{"spam"},
		}},
	} {
		c.s.Method, c.s.ExpectedEvents = http.MethodGet, map[string]int{"*": 0}
		testutil.Prepared(factory, c.s, func(t testing.TB, app core.App, s *tests.ApiScenario) {
			s.URL = "/api/sponsorships/" + rejectedID(t, app)
			testutil.As(c.who)(t, app, s)
		}).Test(t)
	}

	for _, c := range []struct {
		who, listOf string
		s           tests.ApiScenario
	}{
		{"dan", "dan", tests.ApiScenario{
			Name:               "dan lists dan's listings",
			ExpectedStatus:     200,
			ExpectedContent:    []string{"Spam offer", `"rejectionReason":"Looks like spam"`, "Market stall"},
			NotExpectedContent: []string{"Robotics"},
		}},
		{"priya", "dan", tests.ApiScenario{
			Name:               "priya lists dan's listings",
			ExpectedStatus:     200,
			ExpectedContent:    []string{"Market stall"},
			NotExpectedContent: []string{"Spam offer", "rejectionReason"},
		}},
	} {
		c.s.Method, c.s.ExpectedEvents = http.MethodGet, map[string]int{"*": 0}
		testutil.Prepared(factory, c.s, func(t testing.TB, app core.App, s *tests.ApiScenario) {
			s.URL = "/api/sponsorships?userId=" + testutil.FindByUsername(t, app, c.listOf).Id
			testutil.As(c.who)(t, app, s)
		}).Test(t)
	}
}
