package sponsoring_test

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/dbx"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// TestBulkDeclineRacingAnAcceptance: the poster declines several
// applications at once in one tab while accepting one of them in another;
// exactly one decision wins each time. Either the acceptance (200, a
// deal opens) and the bulk decline skips that application as accepted,
// or the bulk decline and the acceptance gets 409; the applicant hears of
// the winner only.
func TestBulkDeclineRacingAnAcceptance(t *testing.T) {
	t.Parallel()
	app := apptest.Factory(nil, seedReview)(t)
	defer app.Cleanup()
	srv := testutil.Serve(t, app)
	dan := testutil.Cookie(t, testutil.FindByUsername(t, app, "dan"))
	offer := listing(t, app, "sponsorships", "Science fair")
	wins := map[string]int{}
	const rounds = 12
	for round := range rounds {
		contested := createApplication(t, app, offer, testutil.CreateMember(t, app, fmt.Sprintf("racer%d", round), testutil.MemberOpts{}), "pending")
		bystander := createApplication(t, app, offer, testutil.CreateMember(t, app, fmt.Sprintf("bystander%d", round), testutil.MemberOpts{}), "pending")
		var wg sync.WaitGroup
		var acceptStatus, bulkStatus int
		var acceptBody, bulkBody string
		wg.Add(2)
		go func() {
			defer wg.Done()
			acceptStatus, acceptBody = testutil.DoRead(t, srv, http.MethodPost, "/api/applications/"+contested.Id+"/accept", "", dan)
		}()
		go func() {
			defer wg.Done()
			bulkStatus, bulkBody = testutil.DoRead(t, srv, http.MethodPost, "/api/sponsorships/"+offer.Id+"/applications/decline",
				`{"ids":["`+bystander.Id+`","`+contested.Id+`"],"reason":"budget"}`, dan)
		}()
		wg.Wait()
		if bulkStatus != 200 || !strings.Contains(bulkBody, `"declined":["`+bystander.Id) {
			t.Fatalf("round %d: the bulk decline answered %d %s", round, bulkStatus, bulkBody)
		}
		status := testutil.Find(t, app, "applications", contested.Id).GetString("status")
		deals := count(t, app, "deals", dbx.HashExp{"application": contested.Id})
		notes := count(t, app, "notifications", dbx.HashExp{"subject": contested.Id})
		switch acceptStatus {
		case 200:
			wins["accept"]++
			if !strings.Contains(bulkBody, `{"id":"`+contested.Id+`","message":"This application has already been accepted."}`) ||
				status != "accepted" || deals != 1 {
				t.Errorf("round %d: accepted, yet the bulk answered %s; status %s, %d deals", round, bulkBody, status, deals)
			}
		case 409:
			wins["decline"]++
			if !strings.Contains(acceptBody, "This application has already been declined.") ||
				!strings.Contains(bulkBody, contested.Id+`"],"skipped":[]`) || status != "declined" || deals != 0 {
				t.Errorf("round %d: declined, yet the acceptance answered %s, the bulk %s; status %s, %d deals", round, acceptBody, bulkBody, status, deals)
			}
		default:
			t.Fatalf("round %d: the acceptance answered %d %s", round, acceptStatus, acceptBody)
		}
		if notes != 1 {
			t.Errorf("round %d: the applicant has %d notifications of the decision, want 1", round, notes)
		}
	}
	t.Logf("of %d rounds the acceptance won %d, the bulk decline %d", rounds, wins["accept"], wins["decline"])
}

// TestDeclineFiftyAtOnce: the most one bulk decline takes, 50 pending
// applications, are declined in one request, each told to its applicant.
func TestDeclineFiftyAtOnce(t *testing.T) {
	t.Parallel()
	app := apptest.Factory(nil, seedReview)(t)
	defer app.Cleanup()
	offer := listing(t, app, "sponsorships", "Science fair")
	ids := make([]string, 50)
	for i := range ids {
		ids[i] = `"` + createApplication(t, app, offer, testutil.CreateMember(t, app, fmt.Sprintf("member%d", i), testutil.MemberOpts{}), "pending").Id + `"`
	}
	srv := testutil.Serve(t, app)
	start := time.Now()
	status, body := testutil.DoRead(t, srv, http.MethodPost, "/api/sponsorships/"+offer.Id+"/applications/decline",
		`{"ids":[`+strings.Join(ids, ",")+`],"reason":"budget"}`, testutil.Cookie(t, testutil.FindByUsername(t, app, "dan")))
	took := time.Since(start)
	if status != 200 || !strings.HasSuffix(body, `"],"skipped":[]}`) || strings.Count(body, `","`)+1 != 50 {
		t.Fatalf("%d %s", status, body)
	}
	if n := count(t, app, "notifications", dbx.NewExp("type = 'application_declined' AND body LIKE '%The budget is already committed.'")); n != 50 {
		t.Errorf("%d applicants were told, want 50", n)
	}
	t.Logf("declining 50 at once took %v", took)
}
