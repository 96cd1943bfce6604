package sponsoring_test

import (
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/pocketbase/dbx"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// The poster edits a request while members pledge to it, over real HTTP:
// whatever the order, the request's counters are its active pledges, they
// never exceed its amount, it is sponsored exactly when they reach it, and
// nobody gets a 500. The danger: an edit that read the request before a
// pledge and saved it after would write back stale counters and status.
// (An edit that raises the amount above the pledges opens the request
// again, so a second sponsor may then pledge what is open.)
func TestPosterEditRacingSponsor(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	dan := testutil.FindByUsername(t, app, "dan")
	poster := testutil.Cookie(t, dan)
	const sponsors = 8
	sponsorHeaders := make([]map[string]string, sponsors)
	for i := range sponsors {
		m := testutil.CreateMember(t, app, fmt.Sprintf("backer%d", i), testutil.MemberOpts{})
		sponsorHeaders[i] = testutil.Cookie(t, m)
	}
	// edits a poster may send while the request is still open: a status-only
	// "keep it open" (keeps the approval), content edits (back to review) and both
	edits := []string{
		`{"status":"open"}`,
		`{"title":"Health camp, round %d edit %d"}`,
		`{"status":"open","description":"More detail, round %d edit %d."}`,
		`{"requestedAmount":3300,"location":"Pune %d-%d"}`,
	}
	srv := testutil.Serve(t, app)

	const rounds = 8
	for round := range rounds {
		req := testutil.CreateListing(t, app, "sponsorship_requests", dan, testutil.ListingOpts{
			Title: fmt.Sprintf("Race round %d", round), Amount: 3200, Reviewed: true, Approved: true})

		type answer struct {
			sponsor bool
			status  int
			body    string
		}
		answers := make([]answer, 2*sponsors)
		var start, done sync.WaitGroup
		start.Add(1)
		for i := range 2 * sponsors {
			done.Add(1)
			go func() {
				defer done.Done()
				start.Wait()
				if i%2 == 0 {
					status, body := testutil.DoRead(t, srv, http.MethodPost,
						"/api/sponsorship-requests/"+req.Id+"/sponsor", `{}`, sponsorHeaders[i/2])
					answers[i] = answer{true, status, body}
					return
				}
				body := edits[(i/2)%len(edits)]
				if (i/2)%len(edits) != 0 {
					body = fmt.Sprintf(body, round, i)
				}
				status, resp := testutil.DoRead(t, srv, http.MethodPatch, "/api/sponsorship-requests/"+req.Id, body, poster)
				answers[i] = answer{false, status, resp}
			}()
		}
		start.Done()
		done.Wait()

		wins := 0
		for _, a := range answers {
			switch {
			case a.status >= 500 || a.status == 0:
				t.Errorf("round %d: an answer was %d: %s", round, a.status, a.body)
			case a.sponsor && a.status == http.StatusCreated:
				wins++
			case a.sponsor && a.status != http.StatusConflict:
				t.Errorf("round %d: a sponsor got %d: %s", round, a.status, a.body)
			case !a.sponsor && a.status != http.StatusOK && a.status != http.StatusBadRequest:
				t.Errorf("round %d: an edit got %d: %s", round, a.status, a.body)
			}
		}
		final := testutil.Find(t, app, "sponsorship_requests", req.Id)
		if wins < 1 {
			t.Errorf("round %d: no sponsor won", round)
		}
		consistent(t, app, final)
		if n := count(t, app, "commitments", dbx.HashExp{"request": req.Id}); n != wins {
			t.Errorf("round %d: %d commitments for %d winners", round, n, wins)
		}
		// a later sponsor pledges what is open, or is told it is taken; never a 500
		want := http.StatusConflict
		if final.GetString("status") == "open" {
			want = http.StatusCreated
		}
		late := testutil.CreateMember(t, app, fmt.Sprintf("late%d", round), testutil.MemberOpts{})
		if status, body := testutil.DoRead(t, srv, http.MethodPost, "/api/sponsorship-requests/"+req.Id+"/sponsor",
			`{}`, testutil.Cookie(t, late)); status != want {
			t.Errorf("round %d: a later sponsor got %d, want %d: %s", round, status, want, body)
		}
		if s := testutil.Find(t, app, "sponsorship_requests", req.Id).GetString("status"); s != "sponsored" {
			t.Errorf("round %d: after the later sponsor the request is %q", round, s)
		}
	}
}
