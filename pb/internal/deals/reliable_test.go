package deals_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/testutil"
)

// completeOn has sponsor pledge amount to a new request of rita's and takes
// the deal to completed by its steps; it answers the deal's id.
func (j *journey) completeOn(title, sponsor string, amount int) string {
	j.t.Helper()
	req := testutil.CreateListing(j.t, j.app, "sponsorship_requests", testutil.FindByUsername(j.t, j.app, "rita"),
		testutil.ListingOpts{Title: title, Amount: amount, Reviewed: true, Approved: true})
	j.pledgeTo(req, sponsor, amount)
	deal := &core.Record{}
	if err := j.app.RecordQuery("deals").AndWhere(dbx.HashExp{"listingId": req.Id}).One(deal); err != nil {
		j.t.Fatal(err)
	}
	d := "/api/deals/" + deal.Id
	j.Do(j.t, testutil.Call{Name: "propose", Who: "rita", Method: http.MethodPost, URL: d + "/deliverables", Body: `{"deliverables":[{"title":"Booth"}]}`, Status: 200, Events: step, Want: []string{`"id":"`}})
	j.Do(j.t, testutil.Call{Name: "agree", Who: sponsor, Method: http.MethodPost, URL: d + "/agree", Body: fmt.Sprintf(`{"version":%d}`, j.deal(deal.Id).GetInt("version")), Status: 200, Events: step, Want: []string{`"id":"`}})
	j.Do(j.t, testutil.Call{Name: "sent", Who: sponsor, Method: http.MethodPost, URL: d + "/funds-sent", Status: 200, Events: step, Want: []string{`"id":"`}})
	j.Do(j.t, testutil.Call{Name: "received", Who: "rita", Method: http.MethodPost, URL: d + "/funds-received", Status: 200, Events: step, Want: []string{`"id":"`}})
	var items []struct {
		ID string `json:"id"`
	}
	if err := j.deal(deal.Id).UnmarshalJSONField("deliverables", &items); err != nil || len(items) != 1 {
		j.t.Fatalf("deliverables %v %v", items, err)
	}
	j.Do(j.t, testutil.Call{Name: "done", Who: "rita", Method: http.MethodPost, URL: d + "/deliverables/" + items[0].ID + "/done", Body: `{"proofText":"Photo"}`, Status: 200, Events: step, Want: []string{`"id":"`}})
	j.Do(j.t, testutil.Call{Name: "complete", Who: sponsor, Method: http.MethodPost, URL: d + "/complete", Status: 200, Events: step, Want: []string{`"status":"completed"`}})
	return deal.Id
}

// pledgeTo has sponsor pledge amount to req: the pledge, the deal, its
// history, the poster's notice and the conversation's note, and the
// conversation with rita the first time (then it is there).
func (j *journey) pledgeTo(req *core.Record, sponsor string, amount int) {
	j.t.Helper()
	events := testutil.WritesAmidMail(6, 2)
	if n, _ := j.app.CountRecords("deals", dbx.HashExp{"sponsor": testutil.FindByUsername(j.t, j.app, sponsor).Id}); n > 0 {
		events = testutil.WritesAmidMail(5, 2)
	}
	j.Do(j.t, testutil.Call{Name: sponsor + " pledges", Who: sponsor, Method: http.MethodPost, URL: "/api/sponsorship-requests/" + req.Id + "/sponsor", Body: fmt.Sprintf(`{"amount":%d}`, amount), Status: 201, Events: events, Want: []string{`"id":"`}})
}

// member creates a free account (no plan) made age ago.
func (j *journey) member(name string, age time.Duration) {
	j.t.Helper()
	m := testutil.CreateMember(j.t, j.app, name, testutil.MemberOpts{})
	created := types.NowDateTime().Add(-age).String()
	if _, err := j.app.DB().Update("users", dbx.Params{"created": created}, dbx.HashExp{"id": m.Id}).Execute(); err != nil {
		j.t.Fatal(err)
	}
}

// isReliable reads rita's mark on the lists, her cards and her profile.
func (j *journey) ritaReliable(name string, want bool) {
	j.t.Helper()
	olive := testutil.Cookie(j.t, testutil.FindByUsername(j.t, j.app, "olive"))
	list := tests.ApiScenario{Name: name + ": the reliable posters' list", Method: http.MethodGet,
		URL: "/api/sponsorship-requests?status=all&reliable=true", Headers: olive, ExpectedStatus: 200, ExpectedEvents: refused}
	profile := tests.ApiScenario{Name: name + ": the profile", Method: http.MethodGet, URL: j.profile("rita"), Headers: olive,
		ExpectedStatus: 200, ExpectedEvents: refused}
	if want {
		list.ExpectedContent = []string{`"posterTrack":{"reliable":true`}
		profile.ExpectedContent = []string{`"reliable":true`}
	} else {
		list.ExpectedContent = []string{`[]`}
		list.NotExpectedContent = []string{"Street festival"}
		profile.ExpectedContent = []string{`"reliable":false`}
	}
	j.Step(j.t, list)
	j.Step(j.t, profile)
}

// The red team's trick: one plan and three new free accounts complete many
// small deals with the poster in seconds. Neither many deals, nor new
// accounts, nor small amounts, nor one old account many times make a
// reliable poster; three distinct accounts over 30 days old, each with a
// completed deal of $50 or more, do. A funded deal left undone then drags
// the rate below 90% and the mark goes.
func TestReliablePostersNeedDistinctEstablishedCounterparties(t *testing.T) {
	t.Parallel()
	j := newJourney(t)
	month := 31 * 24 * time.Hour
	for _, name := range []string{"free1", "free2", "free3"} {
		j.member(name, time.Hour)
	}
	for round := range 3 {
		for _, name := range []string{"free1", "free2", "free3"} {
			j.completeOn(fmt.Sprintf("Fake %s %d", name, round), name, 500)
		}
	}
	if rita := testutil.FindByUsername(t, j.app, "rita"); rita.GetInt("dealsCompleted") != 9 {
		t.Fatalf("rita completed %d deals, want 9", rita.GetInt("dealsCompleted"))
	}
	j.ritaReliable("9 completed deals with 3 new accounts", false)

	for _, name := range []string{"old1", "old2", "old3"} {
		j.member(name, month)
		j.completeOn("Small "+name, name, 49)
	}
	j.ritaReliable("3 old accounts with $49 deals", false)

	for round := range 3 {
		j.completeOn(fmt.Sprintf("Same %d", round), "old1", 300)
	}
	j.ritaReliable("one old account 3 times", false)

	j.completeOn("Second", "old2", 50)
	j.ritaReliable("two distinct established counterparties", false)
	j.completeOn("Third", "old3", 120)
	j.ritaReliable("three distinct established counterparties", true)
	if old1 := testutil.FindByUsername(t, j.app, "old1"); old1.GetBool("isReliable") {
		t.Fatal("the sponsor counts rita, a new account, as established")
	}

	// funded and not completed: 17 of 18 is 94%, 17 of 19 is 89%
	for i, name := range []string{"old1", "old2"} {
		req := testutil.CreateListing(t, j.app, "sponsorship_requests", testutil.FindByUsername(t, j.app, "rita"),
			testutil.ListingOpts{Title: fmt.Sprintf("Undone %d", i), Amount: 100, Reviewed: true, Approved: true})
		j.pledgeTo(req, name, 100)
		deal := &core.Record{}
		if err := j.app.RecordQuery("deals").AndWhere(dbx.HashExp{"listingId": req.Id}).One(deal); err != nil {
			t.Fatal(err)
		}
		j.funded(name, deal.Id, "Logo")
		j.ritaReliable(fmt.Sprintf("%d funded deals left undone", i+1), i == 0)
	}
}

// The rule runs in every completing step's write transaction, so it reads
// only the member's own deals, by the sponsor and recipient indexes: by the
// status index it read every completed deal of the site (242 ms a step with
// 20,000 of them, docs/api/deals.md "Reliability").
func TestTheReliableRuleReadsOnlyTheMembersDeals(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	rows, err := app.DB().NewQuery("EXPLAIN QUERY PLAN UPDATE users SET isReliable = (" + deals.ReliableAfter("dealsCompleted") +
		") WHERE id IN ('a', 'b')").Rows()
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var plan []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			t.Fatal(err)
		}
		plan = append(plan, detail)
	}
	all := strings.Join(plan, "\n")
	for _, want := range []string{"SEARCH deals USING INDEX idx_deals_sponsor (sponsor=?)", "SEARCH deals USING INDEX idx_deals_recipient (recipient=?)"} {
		if !strings.Contains(all, want) {
			t.Errorf("the plan does not %q:\n%s", want, all)
		}
	}
	if strings.Contains(all, "idx_deals_status") || strings.Contains(all, "SCAN deals") {
		t.Errorf("the plan reads deals beyond the member's:\n%s", all)
	}
}

// The migration sets the mark again by the new rule: a poster marked by the
// counters alone (three completed deals with new accounts) loses it, one
// with three established counterparties keeps it.
func TestMigrationSetsTheReliableMarkByCounterparties(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	old := types.NowDateTime().Add(-40 * 24 * time.Hour).String()
	now := types.NowDateTime().String()
	completed := func(sponsor, recipient string, n int) {
		t.Helper()
		for i := range n {
			if _, err := app.DB().NewQuery(`INSERT INTO deals (id, listingKind, listingId, title, sponsor, recipient, amount, status,
				version, created, updated, completedAt) VALUES ({:id}, 'sponsorship_requests', 'x', 'Old deal', {:s}, {:r}, 100,
				'completed', 5, {:now}, {:now}, {:now})`).Bind(dbx.Params{"id": fmt.Sprintf("%.9s%06d", sponsor, i),
				"s": sponsor, "r": recipient, "now": now}).Execute(); err != nil {
				t.Fatal(err)
			}
		}
	}
	rita, sid := testutil.FindByUsername(t, app, "rita"), testutil.FindByUsername(t, app, "sid")
	for _, name := range []string{"new1", "new2", "new3"} {
		completed(testutil.CreateMember(t, app, name, testutil.MemberOpts{}).Id, rita.Id, 1)
	}
	for _, name := range []string{"old1", "old2", "old3"} {
		m := testutil.CreateMember(t, app, name, testutil.MemberOpts{})
		if _, err := app.DB().Update("users", dbx.Params{"created": old}, dbx.HashExp{"id": m.Id}).Execute(); err != nil {
			t.Fatal(err)
		}
		completed(m.Id, sid.Id, 2)
	}
	if _, err := app.DB().NewQuery(`UPDATE users SET dealsFunded = 3, dealsCompleted = 3, isReliable = 1 WHERE id IN ({:a}, {:b})`).
		Bind(dbx.Params{"a": rita.Id, "b": sid.Id}).Execute(); err != nil {
		t.Fatal(err)
	}
	if err := testutil.Migration(t, "1796200000_reliable_counterparties.go").Up(app); err != nil {
		t.Fatal(err)
	}
	if testutil.FindByUsername(t, app, "rita").GetBool("isReliable") {
		t.Error("rita is still reliable with three new accounts")
	}
	if !testutil.FindByUsername(t, app, "sid").GetBool("isReliable") {
		t.Error("sid lost the mark with three established counterparties")
	}
}
