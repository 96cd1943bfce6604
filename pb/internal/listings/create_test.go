package listings_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/testutil"
)

func seedPosters(t testing.TB, app core.App) {
	testutil.CreateMember(t, app, "subbed", testutil.MemberOpts{Subscribed: true})
	testutil.CreateMember(t, app, "free", testutil.MemberOpts{})
	testutil.CreateMember(t, app, "boss", testutil.MemberOpts{Admin: true})
	lapsed := testutil.CreateMember(t, app, "lapsed", testutil.MemberOpts{Subscribed: true})
	lapsed.Set("subscriptionExpiry", types.NowDateTime().Add(-time.Hour))
	if err := app.Save(lapsed); err != nil {
		t.Fatal(err)
	}
}

var nextYear = time.Now().AddDate(1, 0, 0).Format("2006")

const validSponsorship = `{"title":"Robotics kits","description":"Kits for a club","amount":"250","location":"Pune","categories":["Education"]}`

func countListings(t testing.TB, app core.App, table string) int {
	n, err := app.CountRecords(table)
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

func expectCount(table string, n int) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		if got := countListings(t, app, table); got != n {
			t.Errorf("%s: expected %d rows, found %d", table, n, got)
		}
	}
}

func TestCreate(t *testing.T) {
	t.Parallel()
	factory := testutil.Factory(nil, seedPosters)
	post := func(name, who, url, body string, status int, want, notWant []string,
		after func(testing.TB, *tests.TestApp, *http.Response)) {
		testutil.Prepared(factory, tests.ApiScenario{
			Name: name, Method: http.MethodPost, URL: url, Body: strings.NewReader(body),
			ExpectedStatus: status, ExpectedContent: want, NotExpectedContent: notWant, AfterTestFunc: after,
		}, testutil.As(who)).Test(t)
	}

	post("subscribed member posts; amount string coerced; owner and flags decided by the server",
		"subbed", "/api/sponsorships",
		`{"title":"  Robotics kits ","description":"Kits","amount":"250","location":"Pune","categories":["education","Education"],
		  "userId":"someone-else","approved":true,"reviewed":true}`,
		201, []string{`"title":"Robotics kits"`, `"amount":250`, `"categories":["Education"]`, `"approved":false`, `"reviewed":false`,
			`"username":"subbed"`}, nil,
		func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			r, err := app.FindFirstRecordByData("sponsorships", "title", "Robotics kits")
			if err != nil {
				t.Fatal(err)
			}
			if r.GetString("user") != testutil.FindByUsername(t, app, "subbed").Id || r.GetBool("approved") {
				t.Errorf("owner or flags taken from the body: %v", r.PublicExport())
			}
		})
	post("request: status starts open, event date kept", "subbed", "/api/sponsorship-requests",
		`{"title":"Health camp","description":"Eye tests","requestedAmount":3200,"eventDate":"`+nextYear+`-01-05","categories":["Healthcare"],"status":"sponsored"}`,
		201, []string{`"status":"open"`, `"requestedAmount":3200`, `"eventDate":"` + nextYear + `-01-05T00:00:00Z"`}, nil,
		expectCount("sponsorship_requests", 1))
	post("without a subscription: 402 and nothing stored", "free", "/api/sponsorships", validSponsorship,
		402, []string{`"message":"An active subscription is required to post. Choose a plan to continue."`}, nil,
		expectCount("sponsorships", 0))
	post("expired subscription: 402", "lapsed", "/api/sponsorships", validSponsorship,
		402, []string{"An active subscription is required"}, nil, expectCount("sponsorships", 0))
	post("spec validation messages", "subbed", "/api/sponsorships",
		`{"title":"","description":"","amount":0,"categories":[]}`,
		400, []string{`"message":"Title is required"`, `"message":"Description is required"`,
			`"message":"Amount must be greater than 0"`, `"message":"Select at least one category"`}, nil,
		expectCount("sponsorships", 0))
	post("request amount is validated under its own name", "subbed", "/api/sponsorship-requests",
		`{"title":"T","description":"D","requestedAmount":"abc","categories":["Arts"]}`,
		400, []string{`"requestedAmount":{"code":"validation_min_amount","message":"Amount must be greater than 0"}`}, nil,
		expectCount("sponsorship_requests", 0))
	post("fractional amounts and unknown categories are refused", "subbed", "/api/sponsorships",
		`{"title":"T","description":"D","amount":10.5,"categories":["Sports"]}`,
		400, []string{"Amount must be a whole number", "Unknown category"}, nil, expectCount("sponsorships", 0))
	post("past event dates are refused", "subbed", "/api/sponsorship-requests",
		`{"title":"T","description":"D","requestedAmount":5,"categories":["Arts"],"eventDate":"2001-01-01"}`,
		400, []string{"Event date cannot be in the past"}, nil, expectCount("sponsorship_requests", 0))
	post("garbage event dates are refused", "subbed", "/api/sponsorship-requests",
		`{"title":"T","description":"D","requestedAmount":5,"categories":["Arts"],"eventDate":"next tuesday"}`,
		400, []string{"Event date is not a valid date"}, nil, expectCount("sponsorship_requests", 0))
	post("overlong fields are refused", "subbed", "/api/sponsorships",
		`{"title":"`+strings.Repeat("t", 121)+`","description":"D","amount":5,"categories":["Arts"],"location":"`+strings.Repeat("l", 121)+`"}`,
		400, []string{"Title must be at most 120 characters", "Location must be at most 120 characters"}, nil,
		expectCount("sponsorships", 0))
	post("malformed JSON", "subbed", "/api/sponsorships", `{"title":`, 400,
		[]string{"The request body is not valid JSON."}, nil, expectCount("sponsorships", 0))
	post("wrong JSON types", "subbed", "/api/sponsorships", `{"title":5,"categories":"Arts"}`, 400,
		[]string{`"status":400`}, nil, expectCount("sponsorships", 0))
	post("oversized body", "subbed", "/api/sponsorships",
		`{"title":"T","description":"`+strings.Repeat("d", 70<<10)+`","amount":5,"categories":["Arts"]}`, 413,
		[]string{`"status":413`}, nil, expectCount("sponsorships", 0))

	testutil.Prepared(factory, tests.ApiScenario{
		Name: "visitor cannot post", Method: http.MethodPost, URL: "/api/sponsorships",
		Body: strings.NewReader(validSponsorship), Headers: map[string]string{"Origin": testutil.Origin},
		ExpectedStatus: 401, ExpectedContent: []string{`"status":401`}, AfterTestFunc: expectCount("sponsorships", 0),
	}, nil).Test(t)
}

func TestOnePostPerDay(t *testing.T) {
	t.Parallel()
	var recentFactory = testutil.Factory(nil, func(t testing.TB, app core.App) {
		seedPosters(t, app)
		subbed := testutil.FindByUsername(t, app, "subbed")
		testutil.CreateListing(t, app, "sponsorship_requests", subbed, testutil.ListingOpts{Created: time.Now().Add(-23 * time.Hour)})
		boss := testutil.FindByUsername(t, app, "boss")
		testutil.CreateListing(t, app, "sponsorships", boss, testutil.ListingOpts{Created: time.Now().Add(-time.Minute)})
	})
	testutil.Prepared(recentFactory, tests.ApiScenario{
		Name: "a second listing (of either kind) within 24 hours is a 429", Method: http.MethodPost, URL: "/api/sponsorships",
		Body: strings.NewReader(validSponsorship), ExpectedStatus: 429,
		ExpectedContent: []string{"Your plan allows one new listing every 24 hours. You can post again after"},
		AfterTestFunc:   expectCount("sponsorships", 1),
	}, testutil.As("subbed")).Test(t)
	testutil.Prepared(recentFactory, tests.ApiScenario{
		Name: "administrators are exempt", Method: http.MethodPost, URL: "/api/sponsorships",
		Body: strings.NewReader(validSponsorship), ExpectedStatus: 201, ExpectedContent: []string{`"username":"boss"`},
		AfterTestFunc: expectCount("sponsorships", 2),
	}, testutil.As("boss")).Test(t)

	oldFactory := testutil.Factory(nil, func(t testing.TB, app core.App) {
		seedPosters(t, app)
		subbed := testutil.FindByUsername(t, app, "subbed")
		testutil.CreateListing(t, app, "sponsorships", subbed, testutil.ListingOpts{Created: time.Now().Add(-25 * time.Hour)})
	})
	testutil.Prepared(oldFactory, tests.ApiScenario{
		Name: "after 24 hours the member may post again", Method: http.MethodPost, URL: "/api/sponsorships",
		Body: strings.NewReader(validSponsorship), ExpectedStatus: 201, ExpectedContent: []string{`"title":"Robotics kits"`},
		AfterTestFunc: expectCount("sponsorships", 2),
	}, testutil.As("subbed")).Test(t)
	testutil.Prepared(recentFactory, tests.ApiScenario{
		Name: "GET /api/user tells when posting frees up", Method: http.MethodGet, URL: "/api/user",
		ExpectedStatus: 200, ExpectedContent: []string{`"canPostAt":"20`}, NotExpectedContent: []string{`"canPostAt":""`},
	}, testutil.As("subbed")).Test(t)
}

// Two posts fired at once by the same member: the allowance check and the
// insert share one transaction, so exactly one succeeds.
func TestConcurrentPostsOneWins(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t, nil)
	defer app.Cleanup()
	seedPosters(t, app)
	srv := testutil.Serve(t, app)
	headers := testutil.Cookie(t, testutil.FindByUsername(t, app, "subbed"))

	const n = 6
	statuses := make(chan int, n)
	for i := 0; i < n; i++ {
		go func() {
			statuses <- testutil.Do(t, srv, http.MethodPost, "/api/sponsorships", validSponsorship, headers).StatusCode
		}()
	}
	created := 0
	for i := 0; i < n; i++ {
		switch s := <-statuses; s {
		case 201:
			created++
		case 429:
		default:
			t.Errorf("unexpected status %d", s)
		}
	}
	if created != 1 || countListings(t, app, "sponsorships") != 1 {
		t.Errorf("expected exactly one post, got %d created and %d stored", created, countListings(t, app, "sponsorships"))
	}
}
