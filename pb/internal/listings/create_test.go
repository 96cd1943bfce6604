package listings_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/apptest"
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

// noWrites: the request saved, changed and deleted no record.
var noWrites = testutil.NoWrites()

func expectCount(table string, n int) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		if got := countListings(t, app, table); got != n {
			t.Errorf("%s: expected %d rows, found %d", table, n, got)
		}
	}
}

func TestCreate(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, seedPosters)
	// one listing written, nothing else (the poster has no followers, no
	// saved searches match: no notifications)
	created := testutil.Writes(1, 0, 0)
	for _, c := range []struct {
		who string
		s   tests.ApiScenario
	}{
		{"subbed", tests.ApiScenario{
			Name:   "subscribed member posts; amount string coerced; owner and flags decided by the server",
			Method: http.MethodPost, URL: "/api/sponsorships",
			Body: strings.NewReader(`{"title":"  Robotics kits ","description":"Kits","amount":"250","location":"Pune","categories":["education","Education"],
		  "userId":"someone-else","approved":true,"reviewed":true}`),
			ExpectedStatus: 201,
			ExpectedContent: []string{`"title":"Robotics kits"`, `"amount":250`, `"categories":["Education"]`, `"approved":false`, `"reviewed":false`,
				`"username":"subbed"`},
			ExpectedEvents: created,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				r, err := app.FindFirstRecordByData("sponsorships", "title", "Robotics kits")
				if err != nil {
					t.Fatal(err)
				}
				if r.GetString("user") != testutil.FindByUsername(t, app, "subbed").Id || r.GetBool("approved") {
					t.Errorf("owner or flags taken from the body: %v", r.PublicExport())
				}
			},
		}},
		{"subbed", tests.ApiScenario{
			Name:   "request: status starts open, event date kept",
			Method: http.MethodPost, URL: "/api/sponsorship-requests",
			Body:            strings.NewReader(`{"title":"Health camp","description":"Eye tests","requestedAmount":3200,"eventDate":"` + nextYear + `-01-05","categories":["Healthcare"],"status":"sponsored"}`),
			ExpectedStatus:  201,
			ExpectedContent: []string{`"status":"open"`, `"requestedAmount":3200`, `"eventDate":"` + nextYear + `-01-05T00:00:00Z"`},
			ExpectedEvents:  created,
			AfterTestFunc:   expectCount("sponsorship_requests", 1),
		}},
		{"free", tests.ApiScenario{
			Name:   "without a subscription: 402 and nothing stored",
			Method: http.MethodPost, URL: "/api/sponsorships", Body: strings.NewReader(validSponsorship),
			ExpectedStatus:  402,
			ExpectedContent: []string{`"message":"An active subscription is required to post. Choose a plan to continue."`},
			ExpectedEvents:  noWrites,
			AfterTestFunc:   expectCount("sponsorships", 0),
		}},
		{"lapsed", tests.ApiScenario{
			Name:   "expired subscription: 402",
			Method: http.MethodPost, URL: "/api/sponsorships", Body: strings.NewReader(validSponsorship),
			ExpectedStatus:  402,
			ExpectedContent: []string{"An active subscription is required"},
			ExpectedEvents:  noWrites,
			AfterTestFunc:   expectCount("sponsorships", 0),
		}},
		{"subbed", tests.ApiScenario{
			Name:   "spec validation messages",
			Method: http.MethodPost, URL: "/api/sponsorships",
			Body:           strings.NewReader(`{"title":"","description":"","amount":0,"categories":[]}`),
			ExpectedStatus: 400,
			ExpectedContent: []string{`"message":"Title is required"`, `"message":"Description is required"`,
				`"message":"Amount must be greater than 0"`, `"message":"Select at least one category"`},
			ExpectedEvents: noWrites,
			AfterTestFunc:  expectCount("sponsorships", 0),
		}},
		{"subbed", tests.ApiScenario{
			Name:   "request amount is validated under its own name",
			Method: http.MethodPost, URL: "/api/sponsorship-requests",
			Body:            strings.NewReader(`{"title":"T","description":"D","requestedAmount":"abc","categories":["Arts"]}`),
			ExpectedStatus:  400,
			ExpectedContent: []string{`"requestedAmount":{"code":"validation_min_amount","message":"Amount must be greater than 0"}`},
			ExpectedEvents:  noWrites,
			AfterTestFunc:   expectCount("sponsorship_requests", 0),
		}},
		{"subbed", tests.ApiScenario{
			Name:   "fractional amounts and unknown categories are refused",
			Method: http.MethodPost, URL: "/api/sponsorships",
			Body:            strings.NewReader(`{"title":"T","description":"D","amount":10.5,"categories":["Sports"]}`),
			ExpectedStatus:  400,
			ExpectedContent: []string{"Amount must be a whole number", "Unknown category"},
			ExpectedEvents:  noWrites,
			AfterTestFunc:   expectCount("sponsorships", 0),
		}},
		{"subbed", tests.ApiScenario{
			Name:   "past event dates are refused",
			Method: http.MethodPost, URL: "/api/sponsorship-requests",
			Body:            strings.NewReader(`{"title":"T","description":"D","requestedAmount":5,"categories":["Arts"],"eventDate":"2001-01-01"}`),
			ExpectedStatus:  400,
			ExpectedContent: []string{"Event date cannot be in the past"},
			ExpectedEvents:  noWrites,
			AfterTestFunc:   expectCount("sponsorship_requests", 0),
		}},
		{"subbed", tests.ApiScenario{
			Name:   "garbage event dates are refused",
			Method: http.MethodPost, URL: "/api/sponsorship-requests",
			Body:            strings.NewReader(`{"title":"T","description":"D","requestedAmount":5,"categories":["Arts"],"eventDate":"next tuesday"}`),
			ExpectedStatus:  400,
			ExpectedContent: []string{"Event date is not a valid date"},
			ExpectedEvents:  noWrites,
			AfterTestFunc:   expectCount("sponsorship_requests", 0),
		}},
		{"subbed", tests.ApiScenario{
			Name:   "overlong fields are refused",
			Method: http.MethodPost, URL: "/api/sponsorships",
			Body:            strings.NewReader(`{"title":"` + strings.Repeat("t", 121) + `","description":"D","amount":5,"categories":["Arts"],"location":"` + strings.Repeat("l", 121) + `"}`),
			ExpectedStatus:  400,
			ExpectedContent: []string{"Title must be at most 120 characters", "Location must be at most 120 characters"},
			ExpectedEvents:  noWrites,
			AfterTestFunc:   expectCount("sponsorships", 0),
		}},
		{"subbed", tests.ApiScenario{
			Name:   "malformed JSON",
			Method: http.MethodPost, URL: "/api/sponsorships", Body: strings.NewReader(`{"title":`),
			ExpectedStatus:  400,
			ExpectedContent: []string{"The request body is not valid JSON."},
			ExpectedEvents:  noWrites,
			AfterTestFunc:   expectCount("sponsorships", 0),
		}},
		{"subbed", tests.ApiScenario{
			Name:   "wrong JSON types",
			Method: http.MethodPost, URL: "/api/sponsorships", Body: strings.NewReader(`{"title":5,"categories":"Arts"}`),
			ExpectedStatus:  400,
			ExpectedContent: []string{`"status":400`},
			ExpectedEvents:  noWrites,
			AfterTestFunc:   expectCount("sponsorships", 0),
		}},
		{"subbed", tests.ApiScenario{
			Name:   "oversized body",
			Method: http.MethodPost, URL: "/api/sponsorships",
			Body:            strings.NewReader(`{"title":"T","description":"` + strings.Repeat("d", 70<<10) + `","amount":5,"categories":["Arts"]}`),
			ExpectedStatus:  413,
			ExpectedContent: []string{`"status":413`},
			ExpectedEvents:  noWrites,
			AfterTestFunc:   expectCount("sponsorships", 0),
		}},
	} {
		testutil.Prepared(factory, c.s, testutil.As(c.who)).Test(t)
	}

	testutil.Prepared(factory, tests.ApiScenario{
		Name: "visitor cannot post", Method: http.MethodPost, URL: "/api/sponsorships",
		Body: strings.NewReader(validSponsorship), Headers: map[string]string{"Origin": testutil.Origin},
		ExpectedStatus: 401, ExpectedContent: []string{`"status":401`}, ExpectedEvents: noWrites,
		AfterTestFunc: expectCount("sponsorships", 0),
	}, nil).Test(t)
}

func TestOnePostPerDay(t *testing.T) {
	t.Parallel()
	var recentFactory = apptest.Factory(nil, func(t testing.TB, app core.App) {
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
		ExpectedEvents:  noWrites,
		AfterTestFunc:   expectCount("sponsorships", 1),
	}, testutil.As("subbed")).Test(t)
	testutil.Prepared(recentFactory, tests.ApiScenario{
		Name: "administrators are exempt", Method: http.MethodPost, URL: "/api/sponsorships",
		Body: strings.NewReader(validSponsorship), ExpectedStatus: 201, ExpectedContent: []string{`"username":"boss"`},
		ExpectedEvents: testutil.Writes(1, 0, 0), AfterTestFunc: expectCount("sponsorships", 2),
	}, testutil.As("boss")).Test(t)

	oldFactory := apptest.Factory(nil, func(t testing.TB, app core.App) {
		seedPosters(t, app)
		subbed := testutil.FindByUsername(t, app, "subbed")
		testutil.CreateListing(t, app, "sponsorships", subbed, testutil.ListingOpts{Created: time.Now().Add(-25 * time.Hour)})
	})
	testutil.Prepared(oldFactory, tests.ApiScenario{
		Name: "after 24 hours the member may post again", Method: http.MethodPost, URL: "/api/sponsorships",
		Body: strings.NewReader(validSponsorship), ExpectedStatus: 201, ExpectedContent: []string{`"title":"Robotics kits"`},
		ExpectedEvents: testutil.Writes(1, 0, 0), AfterTestFunc: expectCount("sponsorships", 2),
	}, testutil.As("subbed")).Test(t)
	testutil.Prepared(recentFactory, tests.ApiScenario{
		Name: "GET /api/user tells when posting frees up", Method: http.MethodGet, URL: "/api/user",
		ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`"canPostAt":"20`}, NotExpectedContent: []string{`"canPostAt":""`},
	}, testutil.As("subbed")).Test(t)
}

// Two posts fired at once by the same member: the allowance check and the
// insert share one transaction, so exactly one succeeds.
func TestConcurrentPostsOneWins(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
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
