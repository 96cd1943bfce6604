package savedsearch_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/savedsearch"
	"sponsorbridge/pb/internal/testutil"
)

type call struct{ method, path, body string }

// together sends the calls at once and answers their statuses in order.
func together(t *testing.T, do func(c call) (int, string), calls ...call) []int {
	t.Helper()
	codes := make([]int, len(calls))
	var wg sync.WaitGroup
	for i, c := range calls {
		wg.Go(func() {
			code, body := do(c)
			if code >= 500 {
				t.Errorf("%s %s answered %d: %s", c.method, c.path, code, body)
			}
			codes[i] = code
		})
	}
	wg.Wait()
	return codes
}

// stored reads the saved searches from the database: id → paused.
func stored(t *testing.T, app core.App) map[string]bool {
	t.Helper()
	rows, err := app.FindAllRecords(savedsearch.Collection)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, r := range rows {
		out[r.Id] = r.GetBool("paused")
	}
	return out
}

// sameAsStored fails unless the service follows exactly the stored
// searches, and its percolators hold exactly the active ones.
func sameAsStored(t *testing.T, app core.App) (active int) {
	t.Helper()
	want := stored(t, app)
	got, held := savedsearch.From(app).Following()
	if !maps.Equal(got, want) {
		t.Errorf("the service follows %d searches %v, the database holds %d %v", len(got), got, len(want), want)
	}
	for _, paused := range want {
		if !paused {
			active++
		}
	}
	if n := held[listings.Requests.Segment] + held[listings.Sponsorships.Segment]; n != active {
		t.Errorf("the percolators hold %d searches, %d are stored and active", n, active)
	}
	return active
}

// A search deleted while it is being renamed or paused must not come back
// into the percolator (the rename's save of the gone row "succeeding" and
// its hook putting it back, alerting until a restart); a rename read before
// a pause must not put the pause back. Rounds of such requests through the routes,
// then one listing: as many alert e-mails as searches stored and active.
func TestRenamesAndPausesRacingDeletesEndAsStored(t *testing.T) {
	t.Parallel()
	const rounds = 80
	app := apptest.NewApp(t, nil)
	t.Cleanup(app.Cleanup)
	ann := testutil.CreateMember(t, app, "ann", testutil.MemberOpts{Email: "ann@example.com"})
	bob := testutil.CreateMember(t, app, "bob", testutil.MemberOpts{Subscribed: true, Email: "bob@example.com"})
	// requests at the same time need a real server (a journey's steps run
	// one after another); the app's one router is this server's, so the
	// setup and the final post go through it too
	srv := testutil.Serve(t, app)
	asAnn := testutil.Cookie(t, ann)
	do := func(c call) (int, string) { return testutil.DoRead(t, srv, c.method, c.path, c.body, asAnn) }
	create := func(name string) string {
		code, out := do(call{http.MethodPost, "/api/saved-searches", `{"name":"` + name + `","kind":"requests","query":{"q":"school"}}`})
		if code != 201 {
			t.Fatalf("saving %q answered %d: %s", name, code, out)
		}
		var s struct{ ID string }
		_ = json.Unmarshal([]byte(out), &s)
		return s.ID
	}
	create("Left alone")
	keep := []string{create("Kept 0"), create("Kept 1")}

	for round := range rounds {
		doomed := "/api/saved-searches/" + create(fmt.Sprintf("Doomed %d", round))
		k := round % 2
		kept := "/api/saved-searches/" + keep[k]
		paused := round%3 == 0
		name := fmt.Sprintf("Kept %d, round %d", k, round)
		codes := together(t, do,
			call{http.MethodDelete, doomed, ""},
			call{http.MethodPatch, doomed, `{"name":"Renamed"}`},
			call{http.MethodPatch, doomed, `{"paused":true}`},
			call{http.MethodPatch, kept, fmt.Sprintf(`{"paused":%v}`, paused)},
			call{http.MethodPatch, kept, `{"name":"` + name + `"}`},
		)
		if codes[0] != 204 || codes[1] != 200 && codes[1] != 404 || codes[2] != 200 && codes[2] != 404 || codes[3] != 200 || codes[4] != 200 {
			t.Fatalf("round %d answered %v, want [204 200|404 200|404 200 200]", round, codes)
		}
		r := testutil.Find(t, app, savedsearch.Collection, keep[k])
		if r.GetBool("paused") != paused || r.GetString("name") != name {
			t.Fatalf("round %d: %q paused=%v, want %q paused=%v (one change undid the other)",
				round, r.GetString("name"), r.GetBool("paused"), name, paused)
		}
	}
	if n := len(stored(t, app)); n != 3 {
		t.Fatalf("%d searches stored, want the 3 never deleted", n)
	}
	active := sameAsStored(t, app)
	if active != 2 { // "Kept 0" ends paused (round 78), "Kept 1" active (79)
		t.Fatalf("%d searches active, want 2", active)
	}

	code, out := testutil.DoRead(t, srv, http.MethodPost, "/api/sponsorship-requests", request("New school library"), testutil.Cookie(t, bob))
	if code != 201 {
		t.Fatalf("posting answered %d: %s", code, out)
	}
	settle(app)
	var mails []string
	for _, s := range subjects(mailsTo(t, app, "ann@example.com")) {
		if strings.HasPrefix(s, "New listing for your saved search") {
			mails = append(mails, s)
		}
	}
	if len(mails) != active {
		t.Fatalf("one listing sent %d alert e-mails, want %d (one per active search): %q", len(mails), active, mails)
	}
}

// The 20-search bound holds for creates at once: the count and the insert
// are one transaction.
func TestTheSearchCapHoldsUnderConcurrentCreates(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	t.Cleanup(app.Cleanup)
	ann := testutil.CreateMember(t, app, "ann", testutil.MemberOpts{})
	srv := testutil.Serve(t, app) // creates at the same time: a real server
	asAnn := testutil.Cookie(t, ann)
	calls := make([]call, 2*savedsearch.MaxPerMember)
	for i := range calls {
		calls[i] = call{http.MethodPost, "/api/saved-searches", fmt.Sprintf(`{"name":"Search %d","kind":"sponsorships","query":{}}`, i)}
	}
	codes := together(t, func(c call) (int, string) { return testutil.DoRead(t, srv, c.method, c.path, c.body, asAnn) }, calls...)
	count := map[int]int{}
	for _, c := range codes {
		count[c]++
	}
	if count[201] != savedsearch.MaxPerMember || count[409] != savedsearch.MaxPerMember {
		t.Fatalf("40 creates at once answered %v, want 20 × 201 and 20 × 409", count)
	}
	if n := len(stored(t, app)); n != savedsearch.MaxPerMember {
		t.Fatalf("%d searches stored, want %d", n, savedsearch.MaxPerMember)
	}
	sameAsStored(t, app)
}

// Deleting the account takes the member's searches with it (cascade, one
// transaction); their saves, renames, pauses and deletions at the same
// moment answer without a 5xx and leave nothing behind, in the database or
// in the percolator.
func TestDeletingTheAccountWhileChangingSearches(t *testing.T) {
	t.Parallel()
	const rounds = 10
	app := apptest.NewApp(t, nil)
	t.Cleanup(app.Cleanup)
	srv := testutil.Serve(t, app) // requests at the same time: a real server
	for round := range rounds {
		member := testutil.CreateMember(t, app, fmt.Sprintf("member%d", round), testutil.MemberOpts{})
		first := saveSearch(t, app, member, "First", "requests", `{"q":"school"}`)
		second := saveSearch(t, app, member, "Second", "sponsorships", `{}`)
		as := testutil.Cookie(t, member)
		save := call{http.MethodPost, "/api/saved-searches", `{"name":"New","kind":"requests","query":{}}`}
		codes := together(t, func(c call) (int, string) { return testutil.DoRead(t, srv, c.method, c.path, c.body, as) },
			call{http.MethodDelete, "/api/user", `{"confirm":"DELETE"}`},
			save, save,
			call{http.MethodPatch, "/api/saved-searches/" + first.Id, `{"name":"Renamed"}`},
			call{http.MethodPatch, "/api/saved-searches/" + second.Id, `{"paused":true}`},
			call{http.MethodDelete, "/api/saved-searches/" + first.Id, ""},
		)
		if codes[0] != 204 {
			t.Fatalf("round %d: deleting the account answered %d", round, codes[0])
		}
		for i, allowed := range [][]int{nil, {201, 401}, {201, 401}, {200, 401, 404}, {200, 401, 404}, {204, 401, 404}} {
			if i > 0 && !slices.Contains(allowed, codes[i]) {
				t.Errorf("round %d: call %d answered %d, want one of %v", round, i, codes[i], allowed)
			}
		}
	}
	if n := len(stored(t, app)); n != 0 {
		t.Fatalf("%d searches left behind by deleted accounts", n)
	}
	sameAsStored(t, app)
}
