package sponsoring_test

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// pledge stores an active pledge of amount by the named sponsor on the
// request as the pledge route leaves it: the commitment, and the request's
// counters and status.
func pledge(t testing.TB, app core.App, request *core.Record, sponsor string, amount int) *core.Record {
	t.Helper()
	c, err := app.FindCollectionByNameOrId("commitments")
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewRecord(c)
	r.Set("request", request.Id)
	r.Set("sponsor", testutil.FindByUsername(t, app, sponsor).Id)
	r.Set("poster", request.GetString("user"))
	r.Set("amount", amount)
	r.Set("status", "active")
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
	fresh := testutil.Find(t, app, "sponsorship_requests", request.Id)
	fresh.Set("pledgedAmount", fresh.GetInt("pledgedAmount")+amount)
	fresh.Set("sponsorCount", fresh.GetInt("sponsorCount")+1)
	if fresh.GetInt("pledgedAmount") >= fresh.GetInt("requestedAmount") {
		fresh.Set("status", "sponsored")
	}
	if err := app.Save(fresh); err != nil {
		t.Fatal(err)
	}
	return r
}

// consistent checks a request against its pledges: its counters are the sum
// and the number of its active pledges, never more than it asks, and it is
// sponsored exactly when they cover it (or, below it, it is open or closed).
func consistent(t testing.TB, app core.App, request *core.Record) {
	t.Helper()
	var sum struct {
		Amount int `db:"amount"`
		N      int `db:"n"`
	}
	err := app.DB().Select("COALESCE(SUM(amount), 0) AS amount", "COUNT(*) AS n").From("commitments").
		Where(dbx.HashExp{"request": request.Id, "status": "active"}).One(&sum)
	if err != nil {
		t.Fatal(err)
	}
	pledged, requested := request.GetInt("pledgedAmount"), request.GetInt("requestedAmount")
	if sum.Amount != pledged || sum.N != request.GetInt("sponsorCount") {
		t.Errorf("active pledges $%d by %d, the request says $%d by %d", sum.Amount, sum.N, pledged, request.GetInt("sponsorCount"))
	}
	if pledged > requested {
		t.Errorf("over-funded: $%d pledged of $%d", pledged, requested)
	}
	if status := request.GetString("status"); (status == "sponsored") != (pledged == requested) {
		t.Errorf("status %q with $%d pledged of $%d", status, pledged, requested)
	}
}

// requestIs checks the Health camp request's counters and status after a scenario.
func requestIs(pledged, sponsors int, status string) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		req := listing(t, app, "sponsorship_requests", "Health camp")
		if req.GetInt("pledgedAmount") != pledged || req.GetInt("sponsorCount") != sponsors || req.GetString("status") != status {
			t.Errorf("request: $%d by %d, %q; want $%d by %d, %q", req.GetInt("pledgedAmount"), req.GetInt("sponsorCount"),
				req.GetString("status"), pledged, sponsors, status)
		}
		consistent(t, app, req)
	}
}

// Pledging an amount on the Health camp request ($3,200), alone or beside
// other sponsors.
func TestPledge(t *testing.T) {
	t.Parallel()
	// zedPledged: zed already pledged $2,000 of the $3,200
	zedPledged := func(t testing.TB, app core.App) {
		seed(t, app)
		pledge(t, app, listing(t, app, "sponsorship_requests", "Health camp"), "zed", 2000)
	}
	// priyaPledged: priya already pledged $1,000
	priyaPledged := func(t testing.TB, app core.App) {
		seed(t, app)
		pledge(t, app, listing(t, app, "sponsorship_requests", "Health camp"), "priya", 1000)
	}
	// priyaWithdrew: priya pledged $1,000 and withdrew it
	priyaWithdrew := func(t testing.TB, app core.App) {
		seed(t, app)
		c := pledge(t, app, listing(t, app, "sponsorship_requests", "Health camp"), "priya", 1000)
		c.Set("status", "withdrawn")
		c.Set("withdrawReason", "Budget cut")
		if err := app.Save(c); err != nil {
			t.Fatal(err)
		}
		req := listing(t, app, "sponsorship_requests", "Health camp")
		req.Set("pledgedAmount", 0)
		req.Set("sponsorCount", 0)
		if err := app.Save(req); err != nil {
			t.Fatal(err)
		}
	}
	// pledged: the pledge, its conversation and system note, the poster's
	// notification; the request's counters (and the conversation) updated
	pledged := writesAmidMail(6, 2) // with the deal it opens and its first history entry
	untouched := func(pledgedAmount, sponsors int) func(testing.TB, *tests.TestApp, *http.Response) {
		return requestIs(pledgedAmount, sponsors, "open")
	}

	for _, c := range []struct {
		seed func(testing.TB, core.App)
		who  string
		s    tests.ApiScenario
	}{
		{seed, "priya", tests.ApiScenario{
			Name:            "a partial pledge: the request stays open with its counters up",
			Body:            strings.NewReader(`{"amount":1200}`),
			ExpectedStatus:  201,
			ExpectedContent: []string{`"amount":1200`, `"status":"active"`, `"request":{"id":"`, `"amount":3200,"status":"open"`},
			ExpectedEvents:  pledged,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				requestIs(1200, 1, "open")(t, app, res)
				dan := testutil.FindByUsername(t, app, "dan")
				if n := count(t, app, "notifications", dbx.HashExp{"user": dan.Id, "type": "sponsorship",
					"title": "“Health camp” has a new pledge"}); n != 1 {
					t.Errorf("poster has %d new-pledge notifications", n)
				}
				if n := count(t, app, "messages", dbx.HashExp{"kind": "system",
					"body": "Member priya pledged $1,200 to your request “Health camp” ($1,200 of $3,200 pledged)."}); n != 1 {
					t.Errorf("%d system notes of the pledge", n)
				}
			},
		}},
		{zedPledged, "priya", tests.ApiScenario{
			Name:            "the pledge that reaches the amount sponsors the request",
			Body:            strings.NewReader(`{"amount":1200}`),
			ExpectedStatus:  201,
			ExpectedContent: []string{`"amount":1200`, `"status":"sponsored"`},
			ExpectedEvents:  pledged,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				requestIs(3200, 2, "sponsored")(t, app, res)
				dan := testutil.FindByUsername(t, app, "dan")
				if n := count(t, app, "notifications", dbx.HashExp{"user": dan.Id, "title": "“Health camp” has been sponsored"}); n != 1 {
					t.Errorf("poster has %d sponsored notifications", n)
				}
			},
		}},
		{zedPledged, "priya", tests.ApiScenario{
			Name:            "no amount pledges what is still open",
			Body:            strings.NewReader(`{"amount":null}`),
			ExpectedStatus:  201,
			ExpectedContent: []string{`"amount":1200`, `"status":"sponsored"`},
			ExpectedEvents:  pledged,
			AfterTestFunc:   requestIs(3200, 2, "sponsored"),
		}},
		{zedPledged, "priya", tests.ApiScenario{
			Name:            "more than is open is refused with what is open",
			Body:            strings.NewReader(`{"amount":1500}`),
			ExpectedStatus:  409,
			ExpectedContent: []string{"Only $1,200 is still open on this request. Pledge at most that."},
			ExpectedEvents:  testutil.NoWrites(),
			AfterTestFunc:   untouched(2000, 1),
		}},
		{seed, "priya", tests.ApiScenario{
			Name:            "more than any request asks is refused the same way",
			Body:            strings.NewReader(`{"amount":1e30}`),
			ExpectedStatus:  409,
			ExpectedContent: []string{"Only $3,200 is still open on this request. Pledge at most that."},
			ExpectedEvents:  testutil.NoWrites(),
			AfterTestFunc:   untouched(0, 0),
		}},
		{seed, "priya", tests.ApiScenario{
			Name:            "a fraction is refused",
			Body:            strings.NewReader(`{"amount":12.5}`),
			ExpectedStatus:  400,
			ExpectedContent: []string{`"amount":{"code":"validation_whole_amount","message":"Amount must be a whole number"}`},
			ExpectedEvents:  testutil.NoWrites(),
			AfterTestFunc:   untouched(0, 0),
		}},
		{seed, "priya", tests.ApiScenario{
			Name:            "a string is refused",
			Body:            strings.NewReader(`{"amount":"lots"}`),
			ExpectedStatus:  400,
			ExpectedContent: []string{"Amount must be a whole number"},
			ExpectedEvents:  testutil.NoWrites(),
			AfterTestFunc:   untouched(0, 0),
		}},
		{seed, "priya", tests.ApiScenario{
			Name:            "zero is refused",
			Body:            strings.NewReader(`{"amount":0}`),
			ExpectedStatus:  400,
			ExpectedContent: []string{`"amount":{"code":"validation_min_amount","message":"Amount must be at least 1"}`},
			ExpectedEvents:  testutil.NoWrites(),
			AfterTestFunc:   untouched(0, 0),
		}},
		{seed, "priya", tests.ApiScenario{
			Name:            "a negative amount is refused",
			Body:            strings.NewReader(`{"amount":-5}`),
			ExpectedStatus:  400,
			ExpectedContent: []string{"Amount must be at least 1"},
			ExpectedEvents:  testutil.NoWrites(),
			AfterTestFunc:   untouched(0, 0),
		}},
		{seed, "dan", tests.ApiScenario{
			Name:            "the poster cannot pledge to their own request",
			Body:            strings.NewReader(`{"amount":100}`),
			ExpectedStatus:  403,
			ExpectedContent: []string{"You cannot sponsor your own request."},
			ExpectedEvents:  testutil.NoWrites(),
			AfterTestFunc:   untouched(0, 0),
		}},
		{seed, "", tests.ApiScenario{
			Name:            "a visitor cannot pledge",
			Body:            strings.NewReader(`{"amount":100}`),
			ExpectedStatus:  401,
			ExpectedContent: []string{`"status":401`},
			ExpectedEvents:  map[string]int{"*": 0},
			AfterTestFunc:   untouched(0, 0),
		}},
		{priyaPledged, "priya", tests.ApiScenario{
			Name:           "a second active pledge by the same sponsor is refused",
			Body:           strings.NewReader(`{"amount":100}`),
			ExpectedStatus: 400,
			ExpectedContent: []string{
				"You have already pledged to this request. Withdraw it to pledge a different amount."},
			ExpectedEvents: testutil.NoWrites(),
			AfterTestFunc:  untouched(1000, 1),
		}},
		{priyaWithdrew, "priya", tests.ApiScenario{
			Name:            "after withdrawing, the sponsor may pledge again",
			Body:            strings.NewReader(`{"amount":500}`),
			ExpectedStatus:  201,
			ExpectedContent: []string{`"amount":500`},
			ExpectedEvents:  pledged,
			AfterTestFunc:   untouched(500, 1),
		}},
	} {
		c.s.Method = http.MethodPost
		testutil.Prepared(apptest.Factory(nil, c.seed), c.s, func(t testing.TB, app core.App, s *tests.ApiScenario) {
			s.URL = "/api/sponsorship-requests/" + listing(t, app, "sponsorship_requests", "Health camp").Id + "/sponsor"
			if c.who != "" {
				testutil.As(c.who)(t, app, s)
			}
		}).Test(t)
	}
}

// Withdrawing priya's $1,200 pledge from the Health camp request, which
// zed's $2,000 pledge completes: sponsored, $3,200 by 2.
func TestWithdraw(t *testing.T) {
	t.Parallel()
	both := func(t testing.TB, app core.App) {
		seed(t, app)
		req := listing(t, app, "sponsorship_requests", "Health camp")
		pledge(t, app, req, "zed", 2000)
		pledge(t, app, req, "priya", 1200)
		// the conversation the pledge opened
		priya, dan := testutil.FindByUsername(t, app, "priya"), testutil.FindByUsername(t, app, "dan")
		conv, err := app.FindCollectionByNameOrId("conversations")
		if err != nil {
			t.Fatal(err)
		}
		r := core.NewRecord(conv)
		r.Set("pairKey", pair(priya.Id, dan.Id))
		r.Set("userA", priya.Id)
		r.Set("userB", dan.Id)
		if err := app.Save(r); err != nil {
			t.Fatal(err)
		}
	}
	// eventPassed: as both, and the event date has passed meanwhile
	eventPassed := func(t testing.TB, app core.App) {
		both(t, app)
		req := listing(t, app, "sponsorship_requests", "Health camp")
		req.Set("eventDate", types.NowDateTime().AddDate(0, 0, -3))
		if err := app.Save(req); err != nil {
			t.Fatal(err)
		}
	}
	// withdrawn: the system note and the notification are created; the
	// commitment, the request and the conversation updated
	withdrawn := writesAmidMail(2, 3)
	unchanged := requestIs(3200, 2, "sponsored")
	reason := `{"reason":"Our budget was cut this quarter."}`

	for _, c := range []struct {
		seed func(testing.TB, core.App)
		who  string
		id   string // "" for priya's pledge
		body string
		s    tests.ApiScenario
	}{
		{both, "priya", "", reason, tests.ApiScenario{
			Name:           "the sponsor withdraws: the request reopens, the poster reads why",
			ExpectedStatus: 200,
			ExpectedContent: []string{`"amount":1200`, `"status":"withdrawn"`, `"withdrawReason":"Our budget was cut this quarter."`,
				`"withdrawnAt":"20`, `"amount":3200,"status":"open"`},
			ExpectedEvents: withdrawn,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				requestIs(2000, 1, "open")(t, app, res)
				dan := testutil.FindByUsername(t, app, "dan")
				if n := count(t, app, "messages", dbx.HashExp{"kind": "system", "contextType": "commitment",
					"body": "Member priya withdrew their pledge of $1,200 to your request “Health camp”. Reason: Our budget was cut this quarter."}); n != 1 {
					t.Errorf("%d system notes of the withdrawal", n)
				}
				if n := count(t, app, "notifications", dbx.HashExp{"user": dan.Id, "type": "sponsorship",
					"title": "Member priya withdrew their $1,200 pledge to “Health camp”", "body": "Our budget was cut this quarter."}); n != 1 {
					t.Errorf("poster has %d withdrawal notifications", n)
				}
				waitForMail(t, app, 1)
			},
		}},
		{eventPassed, "priya", "", reason, tests.ApiScenario{
			Name:            "after the event date the request does not reopen",
			ExpectedStatus:  200,
			ExpectedContent: []string{`"status":"withdrawn"`},
			ExpectedEvents:  withdrawn,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				req := listing(t, app, "sponsorship_requests", "Health camp")
				if req.GetString("status") != "sponsored" || req.GetInt("pledgedAmount") != 2000 || req.GetInt("sponsorCount") != 1 {
					t.Errorf("request %q, $%d by %d", req.GetString("status"), req.GetInt("pledgedAmount"), req.GetInt("sponsorCount"))
				}
			},
		}},
		{both, "", "", reason, tests.ApiScenario{
			Name:            "a visitor cannot withdraw",
			ExpectedStatus:  401,
			ExpectedContent: []string{`"status":401`},
			ExpectedEvents:  map[string]int{"*": 0},
			AfterTestFunc:   unchanged,
		}},
		{both, "zed", "", reason, tests.ApiScenario{
			Name:            "another sponsor of the request cannot withdraw it",
			ExpectedStatus:  404,
			ExpectedContent: []string{"Pledge not found."},
			ExpectedEvents:  testutil.NoWrites(),
			AfterTestFunc:   unchanged,
		}},
		{both, "dan", "", reason, tests.ApiScenario{
			Name:            "the poster cannot withdraw a sponsor's pledge",
			ExpectedStatus:  404,
			ExpectedContent: []string{"Pledge not found."},
			ExpectedEvents:  testutil.NoWrites(),
			AfterTestFunc:   unchanged,
		}},
		{both, "boss", "", reason, tests.ApiScenario{
			Name:            "an administrator cannot withdraw a member's pledge",
			ExpectedStatus:  404,
			ExpectedContent: []string{"Pledge not found."},
			ExpectedEvents:  testutil.NoWrites(),
			AfterTestFunc:   unchanged,
		}},
		{both, "priya", "nosuchpledge123", reason, tests.ApiScenario{
			Name:            "an unknown pledge",
			ExpectedStatus:  404,
			ExpectedContent: []string{"Pledge not found."},
			ExpectedEvents:  testutil.NoWrites(),
			AfterTestFunc:   unchanged,
		}},
		{both, "priya", "", `{"reason":"   "}`, tests.ApiScenario{
			Name:            "a reason is required",
			ExpectedStatus:  400,
			ExpectedContent: []string{`"reason":{"code":"validation_required","message":"Tell the poster why you are withdrawing"}`},
			ExpectedEvents:  testutil.NoWrites(),
			AfterTestFunc:   unchanged,
		}},
		{both, "priya", "", "", tests.ApiScenario{
			Name:            "no body at all",
			ExpectedStatus:  400,
			ExpectedContent: []string{"Tell the poster why you are withdrawing"},
			ExpectedEvents:  testutil.NoWrites(),
			AfterTestFunc:   unchanged,
		}},
		{both, "priya", "", `{"reason":"` + strings.Repeat("r", 501) + `"}`, tests.ApiScenario{
			Name:            "an overlong reason is refused",
			ExpectedStatus:  400,
			ExpectedContent: []string{"Reason must be at most 500 characters"},
			ExpectedEvents:  testutil.NoWrites(),
			AfterTestFunc:   unchanged,
		}},
		{both, "priya", "", `[`, tests.ApiScenario{
			Name:            "malformed JSON is refused",
			ExpectedStatus:  400,
			ExpectedContent: []string{"The request body is not valid JSON."},
			ExpectedEvents:  testutil.NoWrites(),
			AfterTestFunc:   unchanged,
		}},
	} {
		c.s.Method = http.MethodPost
		c.s.Body = strings.NewReader(c.body)
		testutil.Prepared(apptest.Factory(nil, c.seed), c.s, func(t testing.TB, app core.App, s *tests.ApiScenario) {
			id := c.id
			if id == "" {
				priya := testutil.FindByUsername(t, app, "priya")
				r, err := app.FindFirstRecordByFilter("commitments", "sponsor = {:s}", dbx.Params{"s": priya.Id})
				if err != nil {
					t.Fatal(err)
				}
				id = r.Id
			}
			s.URL = "/api/commitments/" + id + "/withdraw"
			if c.who != "" {
				testutil.As(c.who)(t, app, s)
			}
		}).Test(t)
	}
}

// A pledge withdrawn twice: the second answer says it is already withdrawn
// and changes nothing; then the sponsor's pledges list shows it withdrawn.
func TestWithdrawTwice(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	req := listing(t, app, "sponsorship_requests", "Health camp")
	c := pledge(t, app, req, "priya", 3200)
	priya := testutil.Cookie(t, testutil.FindByUsername(t, app, "priya"))
	j := testutil.NewJourney(t, app)
	url := "/api/commitments/" + c.Id + "/withdraw"
	j.Step(t, tests.ApiScenario{Name: "first withdrawal", Method: http.MethodPost, URL: url, Headers: priya,
		Body: strings.NewReader(`{"reason":"Changed plans"}`), ExpectedStatus: 200,
		ExpectedContent: []string{`"status":"withdrawn"`, `"amount":3200,"status":"open"`}, ExpectedEvents: writesAmidMail(3, 3)})
	j.Step(t, tests.ApiScenario{Name: "second withdrawal", Method: http.MethodPost, URL: url, Headers: priya,
		Body: strings.NewReader(`{"reason":"Again"}`), ExpectedStatus: 409,
		ExpectedContent: []string{"This pledge was already withdrawn."}, ExpectedEvents: testutil.NoWrites()})
	j.Step(t, tests.ApiScenario{Name: "the sponsor's list", Method: http.MethodGet, URL: "/api/commitments?role=given", Headers: priya,
		ExpectedStatus: 200, ExpectedContent: []string{`"status":"withdrawn","withdrawReason":"Changed plans"`},
		ExpectedEvents: testutil.NoWrites()})
	consistent(t, app, testutil.Find(t, app, "sponsorship_requests", req.Id))
}

// The request answers show the counters to everyone and the signed-in
// sponsor's own active pledge to them alone.
func TestRequestShowsPledges(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	req := listing(t, app, "sponsorship_requests", "Health camp")
	req.Set("reviewed", true)
	req.Set("approved", true)
	if err := app.Save(req); err != nil {
		t.Fatal(err)
	}
	c := pledge(t, app, req, "priya", 1200)
	j := testutil.NewJourney(t, app)
	view := "/api/sponsorship-requests/" + req.Id
	mine := `"myPledge":{"id":"` + c.Id + `","amount":1200,"createdAt":"20`
	for _, s := range []tests.ApiScenario{
		{Name: "the sponsor's view", URL: view, Headers: testutil.Cookie(t, testutil.FindByUsername(t, app, "priya")),
			ExpectedContent: []string{`"pledgedAmount":1200`, `"sponsorCount":1`, mine}},
		{Name: "the sponsor's list", URL: "/api/sponsorship-requests", Headers: testutil.Cookie(t, testutil.FindByUsername(t, app, "priya")),
			ExpectedContent: []string{`"pledgedAmount":1200`, mine}},
		{Name: "another member's view", URL: view, Headers: testutil.Cookie(t, testutil.FindByUsername(t, app, "zed")),
			ExpectedContent: []string{`"pledgedAmount":1200`, `"sponsorCount":1`}, NotExpectedContent: []string{"myPledge"}},
		{Name: "the poster's view", URL: view, Headers: testutil.Cookie(t, testutil.FindByUsername(t, app, "dan")),
			ExpectedContent: []string{`"pledgedAmount":1200`}, NotExpectedContent: []string{"myPledge"}},
		{Name: "a request nobody pledged to", URL: "/api/sponsorship-requests/" + listing(t, app, "sponsorship_requests", "Old fair").Id,
			Headers:         testutil.Cookie(t, testutil.FindByUsername(t, app, "dan")),
			ExpectedContent: []string{`"pledgedAmount":0`, `"sponsorCount":0`}},
		{Name: "offers have no pledges", URL: "/api/sponsorships/" + listing(t, app, "sponsorships", "Robotics kits").Id,
			Headers: testutil.Cookie(t, testutil.FindByUsername(t, app, "dan")), NotExpectedContent: []string{"pledgedAmount", "sponsorCount"}},
	} {
		s.Method = http.MethodGet
		s.ExpectedStatus = 200
		s.ExpectedEvents = testutil.NoWrites()
		j.Step(t, s)
	}
}

// Fifty members pledge random amounts to one request at the same moment over
// real HTTP: the request is never over-funded, its counters are its active
// pledges, it is sponsored exactly when they reach its amount, and every
// refused member is told what was still open.
func TestPledgeRace(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	const racers = 50
	headers := make([]map[string]string, racers)
	for i := range racers {
		m := testutil.CreateMember(t, app, fmt.Sprintf("racer%d", i), testutil.MemberOpts{})
		headers[i] = testutil.Cookie(t, m)
	}
	req := listing(t, app, "sponsorship_requests", "Health camp") // $3,200
	srv := testutil.Serve(t, app)

	type answer struct {
		status int
		body   string
	}
	answers := make([]answer, racers)
	amounts := make([]int, racers)
	for i := range amounts {
		amounts[i] = 1 + rand.IntN(400) // about 20 of them fit
	}
	var start, done sync.WaitGroup
	start.Add(1)
	for i := range racers {
		done.Add(1)
		go func() {
			defer done.Done()
			start.Wait()
			status, body := testutil.DoRead(t, srv, http.MethodPost, "/api/sponsorship-requests/"+req.Id+"/sponsor",
				fmt.Sprintf(`{"amount":%d}`, amounts[i]), headers[i])
			answers[i] = answer{status, body}
		}()
	}
	start.Done()
	done.Wait()

	onlyOpen := regexp.MustCompile(`Only \$[0-9,]+ is still open on this request\. Pledge at most that\.`)
	won, sum := 0, 0
	for i, a := range answers {
		switch {
		case a.status == http.StatusCreated:
			won++
			sum += amounts[i]
		case a.status == http.StatusConflict && (onlyOpen.MatchString(a.body) || strings.Contains(a.body, "This project has already been sponsored.")):
		default:
			t.Errorf("a pledge of $%d got %d: %s", amounts[i], a.status, a.body)
		}
	}
	final := testutil.Find(t, app, "sponsorship_requests", req.Id)
	consistent(t, app, final)
	if final.GetInt("pledgedAmount") != sum || final.GetInt("sponsorCount") != won {
		t.Errorf("the winners pledged $%d by %d, the request says $%d by %d", sum, won,
			final.GetInt("pledgedAmount"), final.GetInt("sponsorCount"))
	}
	if won == 0 {
		t.Error("no pledge won")
	}
}

// Sponsors withdraw while others pledge, all at once: the counters end equal
// to the active pledges, never over the amount, and the status follows.
func TestWithdrawRacingPledges(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	req := listing(t, app, "sponsorship_requests", "Health camp") // $3,200
	const holders, newcomers = 8, 16
	withdrawals := make([]string, holders)
	holderHeaders := make([]map[string]string, holders)
	for i := range holders {
		m := testutil.CreateMember(t, app, fmt.Sprintf("holder%d", i), testutil.MemberOpts{})
		holderHeaders[i] = testutil.Cookie(t, m)
		withdrawals[i] = pledge(t, app, testutil.Find(t, app, "sponsorship_requests", req.Id), m.GetString("username"), 400).Id
	}
	if s := testutil.Find(t, app, "sponsorship_requests", req.Id).GetString("status"); s != "sponsored" {
		t.Fatalf("eight pledges of $400 should cover $3,200; the request is %q", s)
	}
	newHeaders := make([]map[string]string, newcomers)
	for i := range newcomers {
		newHeaders[i] = testutil.Cookie(t, testutil.CreateMember(t, app, fmt.Sprintf("newcomer%d", i), testutil.MemberOpts{}))
	}
	srv := testutil.Serve(t, app)

	statuses := make([]int, holders+newcomers)
	var start, done sync.WaitGroup
	start.Add(1)
	for i := range holders + newcomers {
		done.Add(1)
		go func() {
			defer done.Done()
			start.Wait()
			if i < holders {
				statuses[i], _ = testutil.DoRead(t, srv, http.MethodPost, "/api/commitments/"+withdrawals[i]+"/withdraw",
					`{"reason":"Plans changed"}`, holderHeaders[i])
				return
			}
			statuses[i], _ = testutil.DoRead(t, srv, http.MethodPost, "/api/sponsorship-requests/"+req.Id+"/sponsor",
				`{"amount":300}`, newHeaders[i-holders])
		}()
	}
	start.Done()
	done.Wait()
	for i, s := range statuses {
		if (i < holders && s != http.StatusOK) || (i >= holders && s != http.StatusCreated && s != http.StatusConflict) {
			t.Errorf("answer %d: %d", i, s)
		}
	}
	consistent(t, app, testutil.Find(t, app, "sponsorship_requests", req.Id))
}

// The migration 1795887848_pledges: commitments from before pledges become
// active pledges of their request's whole amount, and their requests count
// them; a request without one counts nothing.
func TestOneSponsorCommitmentsBecomePledges(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	migration := testutil.Migration(t, "1795887848_pledges.go")
	if err := migration.Down(app); err != nil {
		t.Fatal(err)
	}
	dan := testutil.CreateMember(t, app, "dan", testutil.MemberOpts{})
	priya := testutil.CreateMember(t, app, "priya", testutil.MemberOpts{})
	taken := testutil.CreateListing(t, app, "sponsorship_requests", dan, testutil.ListingOpts{Title: "Taken", Amount: 1800, Status: "sponsored"})
	open := testutil.CreateListing(t, app, "sponsorship_requests", dan, testutil.ListingOpts{Title: "Open", Amount: 900})
	commitments, err := app.FindCollectionByNameOrId("commitments")
	if err != nil {
		t.Fatal(err)
	}
	old := core.NewRecord(commitments)
	old.Load(map[string]any{"request": taken.Id, "sponsor": priya.Id, "poster": dan.Id, "amount": 1800, "message": "Go!"})
	if err := app.Save(old); err != nil {
		t.Fatal(err)
	}
	if err := migration.Up(app); err != nil {
		t.Fatal(err)
	}

	c := testutil.Find(t, app, "commitments", old.Id)
	if c.GetString("status") != "active" || c.GetInt("amount") != 1800 {
		t.Errorf("the old commitment is %q of $%d", c.GetString("status"), c.GetInt("amount"))
	}
	for _, want := range []struct {
		r              *core.Record
		pledged, count int
		status         string
	}{{taken, 1800, 1, "sponsored"}, {open, 0, 0, "open"}} {
		got := testutil.Find(t, app, "sponsorship_requests", want.r.Id)
		if got.GetInt("pledgedAmount") != want.pledged || got.GetInt("sponsorCount") != want.count || got.GetString("status") != want.status {
			t.Errorf("%s: $%d by %d, %q", got.GetString("title"), got.GetInt("pledgedAmount"), got.GetInt("sponsorCount"), got.GetString("status"))
		}
		consistent(t, app, got)
	}
	// the one-sponsor index is gone: a second sponsor's pledge is stored
	second := testutil.CreateMember(t, app, "second", testutil.MemberOpts{})
	more := testutil.CreateListing(t, app, "sponsorship_requests", dan, testutil.ListingOpts{Title: "Two sponsors", Amount: 1000})
	pledge(t, app, more, "priya", 400)
	pledge(t, app, testutil.Find(t, app, "sponsorship_requests", more.Id), second.GetString("username"), 600)
	consistent(t, app, testutil.Find(t, app, "sponsorship_requests", more.Id))
}

// The poster's edit of a pledged request's amount: never below the pledges;
// an amount the pledges reach sponsors it, a raised one opens it again.
func TestEditingAPledgedAmount(t *testing.T) {
	t.Parallel()
	seeded := func(t testing.TB, app core.App) {
		seed(t, app)
		pledge(t, app, listing(t, app, "sponsorship_requests", "Health camp"), "priya", 1200)
	}
	full := func(t testing.TB, app core.App) {
		seed(t, app)
		pledge(t, app, listing(t, app, "sponsorship_requests", "Health camp"), "priya", 3200)
	}
	for _, c := range []struct {
		seed func(testing.TB, core.App)
		s    tests.ApiScenario
	}{
		{seeded, tests.ApiScenario{
			Name: "below the pledges is refused", Body: strings.NewReader(`{"requestedAmount":1000}`),
			ExpectedStatus: 400,
			ExpectedContent: []string{`"requestedAmount":{"code":"validation_below_pledged",` +
				`"message":"Amount cannot be less than the $1,200 already pledged"}`},
			ExpectedEvents: testutil.NoWrites(),
			AfterTestFunc:  requestIs(1200, 1, "open"),
		}},
		{seeded, tests.ApiScenario{
			Name: "down to the pledges sponsors it", Body: strings.NewReader(`{"requestedAmount":1200}`),
			ExpectedStatus:  200,
			ExpectedContent: []string{`"status":"sponsored","closedReason":"sponsored","pledgedAmount":1200,"sponsorCount":1`},
			ExpectedEvents:  testutil.Writes(0, 1, 0),
			AfterTestFunc:   requestIs(1200, 1, "sponsored"),
		}},
		{full, tests.ApiScenario{
			Name: "raised above the pledges opens it again", Body: strings.NewReader(`{"requestedAmount":4000}`),
			ExpectedStatus:  200,
			ExpectedContent: []string{`"status":"open","pledgedAmount":3200,"sponsorCount":1`},
			ExpectedEvents:  testutil.Writes(0, 1, 0),
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				req := listing(t, app, "sponsorship_requests", "Health camp")
				if req.GetString("status") != "open" || req.GetInt("requestedAmount") != 4000 {
					t.Errorf("request %q of $%d", req.GetString("status"), req.GetInt("requestedAmount"))
				}
				consistent(t, app, req)
			},
		}},
	} {
		c.s.Method = http.MethodPatch
		testutil.Prepared(apptest.Factory(nil, c.seed), c.s, func(t testing.TB, app core.App, s *tests.ApiScenario) {
			s.URL = "/api/sponsorship-requests/" + listing(t, app, "sponsorship_requests", "Health camp").Id
			testutil.As("dan")(t, app, s)
		}).Test(t)
	}
}
