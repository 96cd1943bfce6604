package tiers_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
	"sponsorbridge/pb/internal/tiers"
)

type answer struct {
	status int
	body   string
}

// race has every member of who pick the package tier of request at the
// same moment, over real HTTP, and answers what each got.
func race(t *testing.T, app core.App, srv *httptest.Server, request, tier string, who []*core.Record) []answer {
	t.Helper()
	headers := make([]map[string]string, len(who))
	for i, m := range who {
		headers[i] = testutil.Cookie(t, m)
	}
	answers := make([]answer, len(who))
	var start, done sync.WaitGroup
	start.Add(1)
	for i := range who {
		done.Add(1)
		go func() {
			defer done.Done()
			start.Wait()
			status, body := testutil.DoRead(t, srv, http.MethodPost, "/api/sponsorship-requests/"+request+"/sponsor",
				`{"tier":"`+tier+`"}`, headers[i])
			answers[i] = answer{status, body}
		}()
	}
	start.Done()
	done.Wait()
	return answers
}

// tally counts the pledges taken and the refusals saying refused, and
// fails on any other answer.
func tally(t *testing.T, answers []answer, refused string) (won, lost int) {
	t.Helper()
	for _, a := range answers {
		switch {
		case a.status == http.StatusCreated:
			won++
		case a.status == http.StatusConflict && strings.Contains(a.body, refused):
			lost++
		default:
			t.Errorf("got %d: %s", a.status, a.body)
		}
	}
	return won, lost
}

func members(t testing.TB, app core.App, prefix string, n int, ind string) []*core.Record {
	out := make([]*core.Record, n)
	for i := range out {
		out[i] = testutil.CreateMember(t, app, fmt.Sprintf("%s%d", prefix, i), testutil.MemberOpts{})
		setIndustry(t, app, out[i], ind)
	}
	return out
}

// Twenty members pick the last slot at once: one deal, nineteen told the
// package is sold out. Its holder withdraws, and of ten pickers of the
// freed slot exactly one gets it.
func TestTheLastSlotIsNeverOversold(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	pledged(t, app, "tel", "Summer fest", "Silver")
	pledged(t, app, "nobody", "Summer fest", "Silver") // one Silver slot left
	silver := tier(t, app, "Summer fest", "Silver")
	summer := request(t, app, "Summer fest").Id
	srv := testutil.Serve(t, app)

	won, lost := tally(t, race(t, app, srv, summer, silver.Id, members(t, app, "racer", 20, "")), "The “Silver” package is sold out.")
	if won != 1 || lost != 19 {
		t.Fatalf("the last slot: %d won, %d sold out", won, lost)
	}
	agree(t, app, "Summer fest")
	if n, _ := app.CountRecords("deals", dbx.HashExp{"tier": silver.Id}); n != 3 {
		t.Errorf("%d deals of Silver", n)
	}

	winner, err := app.FindFirstRecordByFilter("commitments", "tier = {:t} && sponsor.username ~ 'racer'", dbx.Params{"t": silver.Id})
	if err != nil {
		t.Fatal(err)
	}
	status, body := testutil.DoRead(t, srv, http.MethodPost, "/api/commitments/"+winner.Id+"/withdraw", `{"reason":"Changed plans"}`,
		testutil.Cookie(t, testutil.Find(t, app, "users", winner.GetString("sponsor"))))
	if status != http.StatusOK {
		t.Fatalf("withdraw: %d %s", status, body)
	}
	agree(t, app, "Summer fest")

	won, lost = tally(t, race(t, app, srv, summer, silver.Id, members(t, app, "next", 10, "")), "The “Silver” package is sold out.")
	if won != 1 || lost != 9 {
		t.Fatalf("the freed slot: %d won, %d sold out", won, lost)
	}
	agree(t, app, "Summer fest")
	if got := tier(t, app, "Summer fest", "Silver").GetInt("taken"); got != 3 {
		t.Errorf("Silver taken %d", got)
	}
}

// Ten sponsors in beverages pick an exclusive package with slots for all
// of them at once: one pledge, the others told beverages hold it.
func TestExclusivityRace(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	r := packaged(t, app, testutil.FindByUsername(t, app, "dan"), "Cup final", 9000, []tiers.Spec{
		{Name: "Pouring rights", Price: 100, Quantity: 20, Exclusive: true, Benefits: []tiers.Benefit{{Title: "Sole drinks stand"}}},
	}, nil)
	rights := tier(t, app, "Cup final", "Pouring rights")
	srv := testutil.Serve(t, app)

	won, lost := tally(t, race(t, app, srv, r.Id, rights.Id, members(t, app, "drinks", 10, "beverages")),
		"A sponsor in beverages holds exclusivity here.")
	if won != 1 || lost != 9 {
		t.Fatalf("%d won, %d refused", won, lost)
	}
	agree(t, app, "Cup final")
	if got := request(t, app, "Cup final").GetString("exclusiveIndustries"); got != `["beverages"]` {
		t.Errorf("exclusiveIndustries %s", got)
	}
}
