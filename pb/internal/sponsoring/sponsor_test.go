package sponsoring_test

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

func TestSponsor(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, func(t testing.TB, app core.App) {
		seed(t, app)
		dan := testutil.FindByUsername(t, app, "dan")
		testutil.CreateListing(t, app, "sponsorship_requests", dan, testutil.ListingOpts{Title: "Done deal", Status: "sponsored"})
	})
	stillOpen := func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		if s := listing(t, app, "sponsorship_requests", "Health camp").GetString("status"); s != "open" {
			t.Errorf("request status changed to %q", s)
		}
		if n := count(t, app, "commitments", nil); n != 0 {
			t.Errorf("%d commitments stored", n)
		}
	}

	// Each case sponsors the request it names by title (the URL is made
	// once the app is seeded); who is empty for a visitor.
	for _, c := range []struct {
		who, title string
		s          tests.ApiScenario
	}{
		{"", "Health camp", tests.ApiScenario{
			Name:           "visitor is refused",
			Body:           strings.NewReader(`{}`),
			ExpectedStatus: 401, ExpectedContent: []string{`"status":401`},
			ExpectedEvents: map[string]int{"*": 0},
			AfterTestFunc:  stillOpen,
		}},
		{"dan", "Health camp", tests.ApiScenario{
			Name:           "the poster cannot sponsor their own request",
			Body:           strings.NewReader(`{}`),
			ExpectedStatus: 403, ExpectedContent: []string{"You cannot sponsor your own request."},
			ExpectedEvents: testutil.NoWrites(),
			AfterTestFunc:  stillOpen,
		}},
		{"priya", "Done deal", tests.ApiScenario{
			Name:           "a sponsored request is taken",
			Body:           strings.NewReader(`{}`),
			ExpectedStatus: 409, ExpectedContent: []string{"This project has already been sponsored."},
			ExpectedEvents: testutil.NoWrites(),
			AfterTestFunc:  expectCount("commitments", 0),
		}},
		{"priya", "Old fair", tests.ApiScenario{
			Name:           "a closed request cannot be sponsored",
			Body:           strings.NewReader(`{}`),
			ExpectedStatus: 409, ExpectedContent: []string{"This request is closed and can no longer be sponsored."},
			ExpectedEvents: testutil.NoWrites(),
			AfterTestFunc:  expectCount("commitments", 0),
		}},
		{"priya", "Health camp", tests.ApiScenario{
			Name:           "an overlong message is refused",
			Body:           strings.NewReader(`{"message":"` + strings.Repeat("y", 2001) + `"}`),
			ExpectedStatus: 400, ExpectedContent: []string{"Message must be at most 2000 characters"},
			ExpectedEvents: testutil.NoWrites(),
			AfterTestFunc:  stillOpen,
		}},
		{"priya", "Health camp", tests.ApiScenario{
			Name:           "malformed JSON is refused",
			Body:           strings.NewReader(`[`),
			ExpectedStatus: 400, ExpectedContent: []string{"The request body is not valid JSON."},
			ExpectedEvents: testutil.NoWrites(),
			AfterTestFunc:  stillOpen,
		}},
		{"priya", "Health camp", tests.ApiScenario{
			Name:           "a member sponsors without an amount: a pledge of what is open, request sponsored, poster told",
			Body:           strings.NewReader(`{"message":"Happy to help"}`),
			ExpectedStatus: 201,
			ExpectedContent: []string{`"amount":3200`, `"status":"active"`, `"message":"Happy to help"`, `"status":"sponsored"`,
				`"title":"Health camp"`, `"conversationId":"`},
			ExpectedEvents: sponsored,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				req := listing(t, app, "sponsorship_requests", "Health camp")
				if req.GetString("status") != "sponsored" {
					t.Errorf("request not marked sponsored: %q", req.GetString("status"))
				}
				priya, dan := testutil.FindByUsername(t, app, "priya"), testutil.FindByUsername(t, app, "dan")
				if req.GetInt("pledgedAmount") != 3200 || req.GetInt("sponsorCount") != 1 {
					t.Errorf("request counters %d pledged by %d", req.GetInt("pledgedAmount"), req.GetInt("sponsorCount"))
				}
				if n := count(t, app, "commitments", dbx.HashExp{"request": req.Id, "sponsor": priya.Id, "amount": 3200, "status": "active"}); n != 1 {
					t.Errorf("expected one commitment, found %d", n)
				}
				if n := count(t, app, "messages", dbx.HashExp{"kind": "system", "contextType": "commitment"}); n != 1 {
					t.Errorf("expected one system message, found %d", n)
				}
				if n := count(t, app, "notifications", dbx.HashExp{"user": dan.Id, "type": "sponsorship"}); n != 1 {
					t.Errorf("poster has %d sponsorship notifications", n)
				}
				waitForMail(t, app, 1)
			},
		}},
	} {
		c.s.Method = http.MethodPost
		testutil.Prepared(factory, c.s, func(t testing.TB, app core.App, s *tests.ApiScenario) {
			s.URL = "/api/sponsorship-requests/" + listing(t, app, "sponsorship_requests", c.title).Id + "/sponsor"
			if c.who != "" {
				testutil.As(c.who)(t, app, s)
			}
		}).Test(t)
	}
}

// sponsored: the commitment, the conversation, its system note and the
// sponsor's message, the poster's notification, and the deal the pledge
// opens with its first history entry are created; the request turns
// sponsored and each message updates the conversation. The poster's e-mail
// leaves in the background (see writesAmidMail).
var sponsored = writesAmidMail(7, 3)

// Many members press Sponsor (no amount: what is open) on the same request
// at the same moment over real HTTP: exactly one pledge takes it all,
// everyone else is told, one commitment exists.
func TestSponsorRace(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	const racers = 8
	headers := make([]map[string]string, racers)
	for i := range racers {
		m := testutil.CreateMember(t, app, fmt.Sprintf("racer%d", i), testutil.MemberOpts{})
		headers[i] = testutil.Cookie(t, m)
	}
	req := listing(t, app, "sponsorship_requests", "Health camp")
	srv := testutil.Serve(t, app)
	openCount := func() string {
		res := testutil.Do(t, srv, http.MethodGet, "/api/sponsorship-requests?status=open", "", headers[0])
		return res.Header.Get("X-Total-Count")
	}
	if got := openCount(); got != "1" {
		t.Fatalf("expected one open request before the race, the list says %q", got)
	}

	statuses := make([]int, racers)
	var start, done sync.WaitGroup
	start.Add(1)
	for i := range racers {
		done.Add(1)
		go func() {
			defer done.Done()
			start.Wait()
			res := testutil.Do(t, srv, http.MethodPost, "/api/sponsorship-requests/"+req.Id+"/sponsor", `{}`, headers[i])
			if res != nil {
				statuses[i] = res.StatusCode
			}
		}()
	}
	start.Done()
	done.Wait()

	wins, lost := 0, 0
	for _, s := range statuses {
		switch s {
		case 201:
			wins++
		case 409:
			lost++
		}
	}
	if wins != 1 || lost != racers-1 {
		t.Fatalf("expected 1 winner and %d told it is taken, got statuses %v", racers-1, statuses)
	}
	if n := count(t, app, "commitments", nil); n != 1 {
		t.Errorf("expected exactly one commitment, found %d", n)
	}
	if s := testutil.Find(t, app, "sponsorship_requests", req.Id).GetString("status"); s != "sponsored" {
		t.Errorf("request status %q", s)
	}
	// the card turns Sponsored: the open list no longer counts it (no stale count cache)
	if got := openCount(); got != "0" {
		t.Errorf("the open list still counts %q requests", got)
	}
}
