package sponsoring_test

import (
	"fmt"
	"net/http"
	"slices"
	"sync"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// Every conditional write of a pledge, a withdrawal, a deal step and an
// application's decision reaches the record hooks (and so realtime) once,
// with Original() the record as it was before the write. A raw UPDATE and
// then a re-save of the re-read row showed the hooks a record whose
// "before" was already the "after".
func TestHooksHearEachGuardedWriteOnceAsItWas(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	var mu sync.Mutex
	var heard []string
	for _, c := range []string{"sponsorship_requests", "commitments", "deals", "applications"} {
		app.OnRecordAfterUpdateSuccess(c).BindFunc(func(e *core.RecordEvent) error {
			before, after := e.Record.Original(), e.Record
			mu.Lock()
			heard = append(heard, fmt.Sprintf("%s %s/%d -> %s/%d", c, before.GetString("status"), before.GetInt("version"),
				after.GetString("status"), after.GetInt("version")))
			mu.Unlock()
			return e.Next()
		})
	}
	srv := testutil.Serve(t, app)
	post := func(who, path, body string, want int) {
		t.Helper()
		h := testutil.Cookie(t, testutil.FindByUsername(t, app, who))
		h["Origin"] = srv.URL
		res := testutil.Do(t, srv, http.MethodPost, path, body, h)
		_ = res.Body.Close()
		if res.StatusCode != want {
			t.Fatalf("%s %s: %d, want %d", who, path, res.StatusCode, want)
		}
	}
	expect := func(step string, want ...string) {
		t.Helper()
		mu.Lock()
		defer mu.Unlock()
		got := heard
		heard = nil
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: the update hooks heard %q, want %q", step, got, want)
		}
	}
	find := func(collection string, where dbx.HashExp) *core.Record {
		t.Helper()
		r := &core.Record{}
		if err := app.RecordQuery(collection).AndWhere(where).One(r); err != nil {
			t.Fatal(err)
		}
		return r
	}

	req := listing(t, app, "sponsorship_requests", "Health camp")
	post("priya", "/api/sponsorship-requests/"+req.Id+"/sponsor", `{"amount":3200}`, 201)
	expect("a pledge of the whole amount", "sponsorship_requests open/0 -> sponsored/0")

	deal := find("deals", dbx.HashExp{"listingId": req.Id})
	post("dan", "/api/deals/"+deal.Id+"/deliverables", `{"deliverables":[{"title":"Logo"}]}`, 200)
	expect("a deal step", "deals negotiating/0 -> negotiating/1")

	pledge := find("commitments", dbx.HashExp{"request": req.Id})
	post("priya", "/api/commitments/"+pledge.Id+"/withdraw", `{"reason":"Our budget was cut this quarter."}`, 200)
	expect("a withdrawal", "commitments active/0 -> withdrawn/0", "sponsorship_requests sponsored/0 -> open/0",
		"deals negotiating/1 -> cancelled/2")

	offer := listing(t, app, "sponsorships", "Robotics kits")
	post("priya", "/api/sponsorships/"+offer.Id+"/apply", `{"message":"We run a school club."}`, 201)
	application := find("applications", dbx.HashExp{"sponsorship": offer.Id})
	mu.Lock()
	heard = nil // applying writes none of these, but forget anything it did
	mu.Unlock()
	post("dan", "/api/applications/"+application.Id+"/accept", "", 200)
	expect("an accepted application", "applications pending/0 -> accepted/0")
}
