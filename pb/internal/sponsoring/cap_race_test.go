package sponsoring_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/refusal"
	"sponsorbridge/pb/internal/sponsoring"
	"sponsorbridge/pb/internal/testutil"
)

// The cap is taken by one conditional statement: 30 eligible members who
// apply at once for an offer's last 3 places over real HTTP get 3
// applications written and 27 refusals with cap; a withdrawal frees one
// place, which 10 of them then race for. The offer's count is the
// applications stored and not withdrawn throughout.
func TestTheCapHoldsUnderARace(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	t.Cleanup(app.Cleanup)
	ruled(t, app)
	offer := listing(t, app, "sponsorships", "Robotics kits")
	offer.Set("applicationCap", 10)
	if err := app.Save(offer); err != nil {
		t.Fatal(err)
	}
	early := make([]*core.Record, 7)
	for i := range early {
		m := member(t, app, fmt.Sprintf("early%d", i), nil)
		a, err := sponsoring.Apply(app, m, offer.Id, answer120())
		if err != nil {
			t.Fatal(err)
		}
		early[i] = a
	}
	racers := make([]map[string]string, 30)
	for i := range racers {
		racers[i] = testutil.Cookie(t, member(t, app, fmt.Sprintf("racer%d", i), nil))
	}
	srv := testutil.Serve(t, app)
	url := "/api/sponsorships/" + offer.Id + "/apply"

	race := func(who []map[string]string) (won []int, refused int) {
		t.Helper()
		type answer struct {
			status int
			body   string
		}
		answers := make([]answer, len(who))
		var start, done sync.WaitGroup
		start.Add(1)
		for i := range who {
			done.Add(1)
			go func() {
				defer done.Done()
				start.Wait()
				status, body := testutil.DoRead(t, srv, http.MethodPost, url, `{"answers":{"q1":120}}`, who[i])
				answers[i] = answer{status, body}
			}()
		}
		start.Done()
		done.Wait()
		for i, a := range answers {
			switch {
			case a.status == http.StatusCreated:
				won = append(won, i)
			case a.status == http.StatusUnprocessableEntity &&
				strings.Contains(a.body, `"cap":{"code":"cap","message":"This sponsorship has all the applications it takes (10)."}`):
				refused++
			default:
				t.Errorf("racer %d: %d %s", i, a.status, a.body)
			}
		}
		return won, refused
	}
	counted := func(when string, want int) {
		t.Helper()
		stored := count(t, app, "applications", dbx.And(dbx.HashExp{"sponsorship": offer.Id}, dbx.Not(dbx.HashExp{"status": "withdrawn"})))
		if got := applicationCount(t, app); got != want || stored != want {
			t.Errorf("%s: applicationCount %d, stored and not withdrawn %d, want %d", when, got, stored, want)
		}
	}

	won, refused := race(racers)
	t.Logf("30 racers for 3 places: %d written, %d refused with cap", len(won), refused)
	if len(won) != 3 || refused != 27 {
		t.Fatalf("30 racers for the last 3 places: %d written, %d refused", len(won), refused)
	}
	counted("after the race", 10)

	if status, body := testutil.DoRead(t, srv, http.MethodPost, "/api/applications/"+early[0].Id+"/withdraw", "",
		testutil.Cookie(t, testutil.FindByUsername(t, app, "early0"))); status != http.StatusOK {
		t.Fatalf("withdraw: %d %s", status, body)
	}
	counted("after a withdrawal", 9)

	var losers []map[string]string
	for i := range racers {
		if len(losers) < 10 && !slices.Contains(won, i) {
			losers = append(losers, racers[i])
		}
	}
	won, refused = race(losers)
	t.Logf("10 racers for the freed place: %d written, %d refused with cap", len(won), refused)
	if len(won) != 1 || refused != 9 {
		t.Fatalf("10 racers for the freed place: %d written, %d refused", len(won), refused)
	}
	counted("after the second race", 10)
}

func answer120() sponsoring.ApplyBody {
	return sponsoring.ApplyBody{Answers: map[string]json.RawMessage{"q1": json.RawMessage("120")}}
}

// The conditional statement alone keeps the cap: a place is refused when
// the stored count has reached the cap, whatever count the caller read.
func TestAPlaceIsTakenOnlyUnderTheCap(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	t.Cleanup(app.Cleanup)
	ruled(t, app)
	offer := listing(t, app, "sponsorships", "Robotics kits")
	offer.Set("applicationCap", 2)
	if err := app.Save(offer); err != nil {
		t.Fatal(err)
	}
	take := func() error {
		return app.RunInTransaction(func(tx core.App) error { return sponsoring.TakePlace(tx, offer.Id, 2) })
	}
	for range 2 {
		if err := take(); err != nil {
			t.Fatal(err)
		}
	}
	testutil.WantRefusal(t, take(), refusal.Unprocessable, "This sponsorship has all the applications it takes (2).", "cap")
	if got := applicationCount(t, app); got != 2 {
		t.Fatalf("applicationCount %d", got)
	}
	offer = listing(t, app, "sponsorships", "Robotics kits")
	offer.Set("applicationCap", 0) // no cap: any number
	if err := app.Save(offer); err != nil {
		t.Fatal(err)
	}
	if err := take(); err != nil || applicationCount(t, app) != 3 {
		t.Fatalf("without a cap: %v, count %d", err, applicationCount(t, app))
	}
}
