package deals_test

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
	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/queue"
	"sponsorbridge/pb/internal/testutil"
)

// seed: rita asks for $1,000 (a request), sam and sid sponsor, olive only
// browses, boss administrates.
func seed(t testing.TB, app core.App) {
	rita := testutil.CreateMember(t, app, "rita", testutil.MemberOpts{Email: "rita@example.com"})
	testutil.CreateMember(t, app, "sam", testutil.MemberOpts{Email: "sam@example.com"})
	testutil.CreateMember(t, app, "sid", testutil.MemberOpts{Email: "sid@example.com"})
	testutil.CreateMember(t, app, "olive", testutil.MemberOpts{})
	testutil.CreateMember(t, app, "boss", testutil.MemberOpts{Admin: true, Email: "boss@example.com"})
	testutil.CreateListing(t, app, "sponsorship_requests", rita, testutil.ListingOpts{Title: "Street festival",
		Amount: 1000, Reviewed: true, Approved: true})
}

// journey is a deal's steps as its members take them (testutil.Call, each
// with its events), on an app with the festival seeded.
type journey struct {
	*testutil.Journey
	t   *testing.T
	app *tests.TestApp
}

func newJourney(t *testing.T) *journey {
	app := apptest.NewApp(t, nil)
	t.Cleanup(app.Cleanup)
	seed(t, app)
	return &journey{Journey: testutil.NewJourney(t, app), t: t, app: app}
}

// pledge has the named sponsor pledge amount to the festival and answers the
// deal it opened.
func (j *journey) pledge(who string, amount int) string {
	j.t.Helper()
	req := j.request()
	j.Do(j.t, testutil.Call{Name: who + " pledges", Who: who, Method: http.MethodPost, URL: "/api/sponsorship-requests/" + req.Id + "/sponsor", Body: fmt.Sprintf(`{"amount":%d}`, amount), Status: 201, Events: testutil.WritesAmidMail(6, 2), Want: []string{`"id":"`}})
	deal := &core.Record{}
	err := j.app.RecordQuery("deals").AndWhere(dbx.HashExp{"sponsor": testutil.FindByUsername(j.t, j.app, who).Id}).
		OrderBy("created DESC", "rowid DESC").Limit(1).One(deal)
	if err != nil {
		j.t.Fatal(err)
	}
	return deal.Id
}

func (j *journey) request() *core.Record {
	r, err := j.app.FindFirstRecordByData("sponsorship_requests", "title", "Street festival")
	if err != nil {
		j.t.Fatal(err)
	}
	return r
}

func (j *journey) deal(id string) *core.Record { return testutil.Find(j.t, j.app, "deals", id) }

// step is what a step of a deal writes: the deal, its history entry and the
// other side's notification (mailed in the background).
var step = testutil.WritesAmidMail(2, 1)

// disputed is what raising a dispute writes: a step, and the notification
// of the one administrator.
var disputed = testutil.WritesAmidMail(3, 1)

// inboxOf is the mail sent to an address (the development mailbox).
func inboxOf(t testing.TB, app core.App, to string) []mailbox.Message {
	t.Helper()
	m, err := mailbox.Read(mailbox.Dir(app), to)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// refused: a refusal writes nothing.
var refused = testutil.NoWrites()

// The whole path of a pledge's deal, with every refusal on the way: wrong
// side, wrong state, another member, a visitor, an administrator.
func TestDealFromPledgeToCompletion(t *testing.T) {
	t.Parallel()
	j := newJourney(t)
	id := j.pledge("sam", 600)
	d := "/api/deals/" + id
	if got := j.deal(id); got.GetString("status") != "negotiating" || got.GetInt("amount") != 600 ||
		got.GetString("recipient") != testutil.FindByUsername(t, j.app, "rita").Id {
		t.Fatalf("the pledge opened %v", got.PublicExport())
	}

	var pledgeNotice string
	if err := j.app.DB().Select("link").From("notifications").Where(dbx.HashExp{"type": "sponsorship",
		"user": testutil.FindByUsername(t, j.app, "rita").Id}).Row(&pledgeNotice); err != nil || pledgeNotice != "/deals/"+id {
		t.Errorf("the poster's pledge notice links to %q (%v), want the deal", pledgeNotice, err)
	}
	var conv string
	if err := j.app.DB().Select("conversation").From("messages").Where(dbx.HashExp{"contextType": "commitment"}).Row(&conv); err != nil {
		t.Fatal(err)
	}
	j.Do(j.t, testutil.Call{Name: "the pledge's note in the conversation links to the deal", Who: "rita", Method: http.MethodGet, URL: "/api/conversations/" + conv + "/messages", Status: 200, Events: refused, Want: []string{`"kind":"system"`, `"dealId":"` + id + `"`}})
	j.Do(j.t, testutil.Call{Name: "a visitor", Method: http.MethodGet, URL: "/api/deals", Status: 401, Events: refused})
	j.Do(j.t, testutil.Call{Name: "another member cannot read it", Who: "olive", Method: http.MethodGet, URL: d, Status: 404, Events: refused, Want: []string{"Deal not found."}})
	j.Do(j.t, testutil.Call{Name: "nor an administrator before a dispute", Who: "boss", Method: http.MethodGet, URL: d, Status: 404, Events: refused, Want: []string{"Deal not found."}})
	j.Do(j.t, testutil.Call{Name: "another member cannot act on it", Who: "olive", Method: http.MethodPost, URL: d + "/cancel", Body: `{"reason":"x"}`, Status: 404, Events: refused, Want: []string{"Deal not found."}})
	j.Do(j.t, testutil.Call{Name: "the sponsor's list", Who: "sam", Method: http.MethodGet, URL: "/api/deals", Status: 200, Events: refused, Want: []string{`"status":"negotiating"`, `"title":"Street festival"`}})
	j.Do(j.t, testutil.Call{Name: "the recipient's list, by state", Who: "rita", Method: http.MethodGet, URL: "/api/deals?status=negotiating", Status: 200, Events: refused, Want: []string{`"id":"` + id + `"`}})
	j.Do(j.t, testutil.Call{Name: "an unknown state", Who: "rita", Method: http.MethodGet, URL: "/api/deals?status=done", Status: 400, Events: refused, Want: []string{"Status must be one of"}})
	j.Do(j.t, testutil.Call{Name: "money before agreement", Who: "sam", Method: http.MethodPost, URL: d + "/funds-sent", Status: 409, Events: refused, Want: []string{"This deal is negotiating: the money is marked sent once the deliverables are agreed, and only once."}})
	j.Do(j.t, testutil.Call{Name: "nothing to agree to", Who: "rita", Method: http.MethodPost, URL: d + "/agree", Body: `{"version":0}`, Status: 409, Events: refused, Want: []string{"There is no proposal to agree to."}})
	j.Do(j.t, testutil.Call{Name: "an empty list", Who: "sam", Method: http.MethodPost, URL: d + "/deliverables", Body: `{"deliverables":[]}`, Status: 400, Events: refused, Want: []string{"Add at least one deliverable"}})
	j.Do(j.t, testutil.Call{Name: "a bad date", Who: "sam", Method: http.MethodPost, URL: d + "/deliverables", Body: `{"deliverables":[{"title":"Logo","due":"soon"}]}`, Status: 400, Events: refused, Want: []string{"Due date must be a date (YYYY-MM-DD)"}})
	j.Do(j.t, testutil.Call{Name: "a title too long", Who: "sam", Method: http.MethodPost, URL: d + "/deliverables", Body: `{"deliverables":[{"title":"` + strings.Repeat("x", 121) + `"}]}`, Status: 400, Events: refused, Want: []string{"A deliverable is at most 120 characters"}})
	proposed := j.Do(j.t, testutil.Call{Name: "the sponsor proposes", Who: "sam", Method: http.MethodPost, URL: d + "/deliverables", Body: `{"deliverables":[{"title":" Logo on the banner ","due":"2026-12-20"},{"title":"A mention on stage"}]}`, Status: 200, Events: step, Want: []string{`"proposal":[{"id":"`, `"title":"Logo on the banner","due":"2026-12-20"`, `"status":"negotiating"`}})
	var deal struct {
		Version  int `json:"version"`
		Proposal []struct {
			ID string `json:"id"`
		} `json:"proposal"`
	}
	proposed.Decode(t, &deal)
	j.Do(j.t, testutil.Call{Name: "not one's own proposal", Who: "sam", Method: http.MethodPost, URL: d + "/agree", Body: fmt.Sprintf(`{"version":%d}`, deal.Version), Status: 409, Events: refused, Want: []string{"The other side agrees to your proposal"}})
	j.Do(j.t, testutil.Call{Name: "agreeing to what one did not read", Who: "rita", Method: http.MethodPost, URL: d + "/agree", Body: fmt.Sprintf(`{"version":%d}`, deal.Version-1), Status: 409, Events: refused, Want: []string{"This deal changed while you were looking at it."}})
	j.Do(j.t, testutil.Call{Name: "agreeing names a version", Who: "rita", Method: http.MethodPost, URL: d + "/agree", Body: `{}`, Status: 400, Events: refused, Want: []string{"Say which version of the deal you agree to"}})
	j.Do(j.t, testutil.Call{Name: "the recipient agrees", Who: "rita", Method: http.MethodPost, URL: d + "/agree", Body: fmt.Sprintf(`{"version":%d}`, deal.Version), Status: 200, Events: step, Want: []string{`"status":"agreed"`, `"proposal":[]`, `"deliverables":[{"id":"` + deal.Proposal[0].ID + `","title":"Logo on the banner"`}})

	j.Do(j.t, testutil.Call{Name: "only the sponsor sends money", Who: "rita", Method: http.MethodPost, URL: d + "/funds-sent", Status: 403, Events: refused, Want: []string{"Only the sponsor can do this."}})
	j.Do(j.t, testutil.Call{Name: "nothing to confirm yet", Who: "rita", Method: http.MethodPost, URL: d + "/funds-received", Status: 409, Events: refused, Want: []string{"The sponsor has not marked the money as sent yet."}})
	j.Do(j.t, testutil.Call{Name: "the sponsor sends the money", Who: "sam", Method: http.MethodPost, URL: d + "/funds-sent", Status: 200, Events: step, Want: []string{`"fundsSentAt":"20`}})
	j.Do(j.t, testutil.Call{Name: "once", Who: "sam", Method: http.MethodPost, URL: d + "/funds-sent", Status: 409, Events: refused, Want: []string{"You already marked the money as sent."}})
	j.Do(j.t, testutil.Call{Name: "only the recipient confirms", Who: "sam", Method: http.MethodPost, URL: d + "/funds-received", Status: 403, Events: refused, Want: []string{"Only the recipient can do this."}})
	j.Do(j.t, testutil.Call{Name: "the recipient confirms", Who: "rita", Method: http.MethodPost, URL: d + "/funds-received", Status: 200, Events: step, Want: []string{`"status":"funded"`}})
	j.Do(j.t, testutil.Call{Name: "a funded pledge stays", Who: "sam", Method: http.MethodPost, URL: "/api/commitments/" + j.deal(id).GetString("commitment") + "/withdraw", Body: `{"reason":"changed my mind"}`, Status: 409, Events: refused, Want: []string{"This pledge's deal is funded: it can no longer be withdrawn."}})

	item := d + "/deliverables/" + deal.Proposal[0].ID + "/done"
	j.Do(j.t, testutil.Call{Name: "only the recipient delivers", Who: "sam", Method: http.MethodPost, URL: item, Body: `{"proofText":"done"}`, Status: 403, Events: refused, Want: []string{"Only the recipient can do this."}})
	j.Do(j.t, testutil.Call{Name: "proof is needed", Who: "rita", Method: http.MethodPost, URL: item, Body: `{}`, Status: 400, Events: refused, Want: []string{"Add proof: a note, a link or a picture"}})
	j.Do(j.t, testutil.Call{Name: "a link is a web address", Who: "rita", Method: http.MethodPost, URL: item, Body: `{"proofLink":"javascript:alert(1)"}`, Status: 400, Events: refused, Want: []string{"Link must be a web address"}})
	j.Do(j.t, testutil.Call{Name: "an unknown deliverable", Who: "rita", Method: http.MethodPost, URL: d + "/deliverables/nothing/done", Body: `{"proofText":"x"}`, Status: 404, Events: refused, Want: []string{"Deliverable not found."}})
	j.Do(j.t, testutil.Call{Name: "the first is delivered", Who: "rita", Method: http.MethodPost, URL: item, Body: `{"proofText":"Banner photo","proofLink":"https://example.com/banner.jpg"}`, Status: 200, Events: step, Want: []string{`"status":"funded"`, `"proofLink":"https://example.com/banner.jpg"`}})
	j.Do(j.t, testutil.Call{Name: "not twice", Who: "rita", Method: http.MethodPost, URL: item, Body: `{"proofText":"again"}`, Status: 409, Events: refused, Want: []string{"This deliverable is already marked done."}})
	j.Do(j.t, testutil.Call{Name: "not complete before delivery", Who: "sam", Method: http.MethodPost, URL: d + "/complete", Status: 409, Events: refused, Want: []string{"This deal is funded: a deal is completed once everything is delivered."}})
	j.Do(j.t, testutil.Call{Name: "the last makes it delivered", Who: "rita", Method: http.MethodPost, URL: d + "/deliverables/" + deal.Proposal[1].ID + "/done", Body: `{"proofText":"Mentioned at 6 pm"}`, Status: 200, Events: step, Want: []string{`"status":"delivered"`}})
	j.Do(j.t, testutil.Call{Name: "only the sponsor completes", Who: "rita", Method: http.MethodPost, URL: d + "/complete", Status: 403, Events: refused, Want: []string{"Only the sponsor can do this."}})
	j.Do(j.t, testutil.Call{Name: "the sponsor completes", Who: "sam", Method: http.MethodPost, URL: d + "/complete", Status: 200, Events: step, Want: []string{`"status":"completed"`, `"completedAt":"20`}})
	j.Do(j.t, testutil.Call{Name: "a completed deal is not cancelled", Who: "rita", Method: http.MethodPost, URL: d + "/cancel", Body: `{"reason":"late"}`, Status: 409, Events: refused, Want: []string{"This deal is completed: it can no longer be cancelled."}})
	j.Do(j.t, testutil.Call{Name: "nor disputed", Who: "rita", Method: http.MethodPost, URL: d + "/dispute", Body: `{"reason":"late"}`, Status: 409, Events: refused, Want: []string{"This deal is completed: a dispute"}})

	for _, who := range []string{"sam", "rita"} {
		j.Do(j.t, testutil.Call{Name: who + "'s profile counts the deal", Who: "olive", Method: http.MethodGet, URL: "/api/users/" + testutil.FindByUsername(t, j.app, who).Id, Status: 200, Events: refused, Want: []string{`"reliability":{"fundedDeals":1,"completedDeals":1,`}})
	}
	var read struct {
		Events []struct{ Kind string } `json:"events"`
	}
	j.Do(j.t, testutil.Call{Name: "the history", Who: "rita", Method: http.MethodGet, URL: d, Status: 200, Events: refused, Want: []string{`"id":"`}}).Decode(t, &read)
	var kinds []string
	for _, e := range read.Events {
		kinds = append(kinds, e.Kind)
	}
	if got := strings.Join(kinds, " "); got != "opened proposed agreed funds_sent funded delivered delivered completed" {
		t.Errorf("history %s", got)
	}
	var notes int
	if err := j.app.DB().Select("COUNT(*)").From("notifications").Where(dbx.HashExp{"type": "deal"}).Row(&notes); err != nil || notes != 7 {
		t.Errorf("%d deal notifications (%v), want one per step", notes, err)
	}
}

// Before the money moves either side cancels; a pledge's deal then gives
// the pledge back and the request opens again.
func TestCancelBeforeFundingWithdrawsThePledge(t *testing.T) {
	t.Parallel()
	j := newJourney(t)
	id := j.pledge("sam", 1000)
	if j.request().GetString("status") != "sponsored" {
		t.Fatal("the whole amount did not sponsor the request")
	}
	j.Do(j.t, testutil.Call{Name: "a reason is needed", Who: "rita", Method: http.MethodPost, URL: "/api/deals/" + id + "/cancel", Body: `{"reason":"  "}`, Status: 400, Events: refused, Want: []string{"Say why you are cancelling"}})
	// the deal, its history, the commitment, the request and the notification
	j.Do(j.t, testutil.Call{Name: "the recipient cancels", Who: "rita", Method: http.MethodPost, URL: "/api/deals/" + id + "/cancel", Body: `{"reason":"The festival moved to spring"}`, Status: 200, Events: testutil.WritesAmidMail(2, 3), Want: []string{`"status":"cancelled"`, `"cancelReason":"The festival moved to spring"`}})
	req := j.request()
	if req.GetString("status") != "open" || req.GetInt("pledgedAmount") != 0 || req.GetInt("sponsorCount") != 0 {
		t.Errorf("request after the cancel: %s, %d pledged by %d", req.GetString("status"), req.GetInt("pledgedAmount"), req.GetInt("sponsorCount"))
	}
	if c := testutil.Find(t, j.app, "commitments", j.deal(id).GetString("commitment")); c.GetString("status") != "withdrawn" {
		t.Errorf("the pledge is %s", c.GetString("status"))
	}
	j.Do(j.t, testutil.Call{Name: "cancelled stays cancelled", Who: "sam", Method: http.MethodPost, URL: "/api/deals/" + id + "/cancel", Body: `{"reason":"x"}`, Status: 409, Events: refused, Want: []string{"This deal is cancelled: it can no longer be cancelled."}})

	// withdrawing a pledge cancels its deal with the same reason
	other := j.pledge("sid", 400)
	j.Do(j.t, testutil.Call{Name: "the sponsor withdraws the pledge", Who: "sid", Method: http.MethodPost, URL: "/api/commitments/" + j.deal(other).GetString("commitment") + "/withdraw", Body: `{"reason":"Budget cut"}`, Status: 200, Events: testutil.WritesAmidMail(3, 4), Want: []string{`"id":"`}})
	if d := j.deal(other); d.GetString("status") != "cancelled" || d.GetString("cancelReason") != "Budget cut" {
		t.Errorf("the withdrawn pledge's deal: %s %q", d.GetString("status"), d.GetString("cancelReason"))
	}
}

// A deal cancelled while a proposal waits answers no proposal: nobody can
// agree to it any more, and the page shows none.
func TestACancelledDealHasNoWaitingProposal(t *testing.T) {
	t.Parallel()
	j := newJourney(t)
	id := j.pledge("sam", 300)
	d := "/api/deals/" + id
	j.Do(j.t, testutil.Call{Name: "the recipient proposes", Who: "rita", Method: http.MethodPost, URL: d + "/deliverables", Body: `{"deliverables":[{"title":"Booth"}]}`, Status: 200, Events: step, Want: []string{`"proposal":[{"id":"`, `"proposedBy":"` + testutil.FindByUsername(t, j.app, "rita").Id + `"`}})
	j.Do(j.t, testutil.Call{Name: "the sponsor cancels", Who: "sam", Method: http.MethodPost, URL: d + "/cancel", Body: `{"reason":"Plans changed"}`, Status: 200, Events: testutil.WritesAmidMail(2, 3), Want: []string{`"status":"cancelled"`, `"proposal":[]`, `"proposedBy":""`}})
	j.Do(j.t, testutil.Call{Name: "and reads none", Who: "rita", Method: http.MethodGet, URL: d, Status: 200, Events: refused, Want: []string{`"status":"cancelled"`, `"proposal":[]`, `"proposedBy":""`}})
}

// After the money moved a cancel needs both sides, or a dispute goes to the
// administrators with both sides' words.
func TestAfterFundingCancelNeedsBothSidesOrADispute(t *testing.T) {
	t.Parallel()
	j := newJourney(t)
	fund := func(sponsor, id string) {
		j.t.Helper()
		d := "/api/deals/" + id
		j.Do(j.t, testutil.Call{Name: "propose", Who: "rita", Method: http.MethodPost, URL: d + "/deliverables", Body: `{"deliverables":[{"title":"Booth"}]}`, Status: 200, Events: step, Want: []string{`"id":"`}})
		j.Do(j.t, testutil.Call{Name: "agree", Who: sponsor, Method: http.MethodPost, URL: d + "/agree", Body: fmt.Sprintf(`{"version":%d}`, j.deal(id).GetInt("version")), Status: 200, Events: step, Want: []string{`"id":"`}})
		j.Do(j.t, testutil.Call{Name: "sent", Who: sponsor, Method: http.MethodPost, URL: d + "/funds-sent", Status: 200, Events: step, Want: []string{`"id":"`}})
		j.Do(j.t, testutil.Call{Name: "received", Who: "rita", Method: http.MethodPost, URL: d + "/funds-received", Status: 200, Events: step, Want: []string{`"status":"funded"`}})
	}
	id := j.pledge("sam", 500)
	fund("sam", id)
	d := "/api/deals/" + id
	j.Do(j.t, testutil.Call{Name: "the sponsor asks to cancel", Who: "sam", Method: http.MethodPost, URL: d + "/cancel", Body: `{"reason":"Event cancelled by the city"}`, Status: 200, Events: step, Want: []string{`"status":"funded"`, `"cancelRequestReason":"Event cancelled by the city"`}})
	j.Do(j.t, testutil.Call{Name: "asking twice", Who: "sam", Method: http.MethodPost, URL: d + "/cancel", Body: `{"reason":"again"}`, Status: 409, Events: refused, Want: []string{"You already asked to cancel"}})
	j.Do(j.t, testutil.Call{Name: "the recipient accepts", Who: "rita", Method: http.MethodPost, URL: d + "/cancel", Body: `{"reason":"Agreed, refunded"}`, Status: 200, Events: step, Want: []string{`"status":"cancelled"`}})
	j.Do(j.t, testutil.Call{Name: "a funded deal cancelled counts as funded, not completed", Who: "olive", Method: http.MethodGet, URL: "/api/users/" + testutil.FindByUsername(t, j.app, "sam").Id, Status: 200, Events: refused, Want: []string{`"reliability":{"fundedDeals":1,"completedDeals":0,`}})

	id = j.pledge("sid", 500)
	fund("sid", id)
	d = "/api/deals/" + id
	j.Do(j.t, testutil.Call{Name: "a dispute needs words", Who: "sid", Method: http.MethodPost, URL: d + "/dispute", Body: `{}`, Status: 400, Events: refused, Want: []string{"Tell the administrators what went wrong"}})
	j.Do(j.t, testutil.Call{Name: "the sponsor disputes", Who: "sid", Method: http.MethodPost, URL: d + "/dispute", Body: `{"reason":"No booth on the day"}`, Status: 200, Events: disputed, Want: []string{`"status":"disputed"`, `"disputeReason":"No booth on the day"`}})
	j.Do(j.t, testutil.Call{Name: "not one's own dispute", Who: "sid", Method: http.MethodPost, URL: d + "/dispute/answer", Body: `{"reason":"x"}`, Status: 409, Events: refused, Want: []string{"You raised this dispute"}})
	j.Do(j.t, testutil.Call{Name: "the recipient answers", Who: "rita", Method: http.MethodPost, URL: d + "/dispute/answer", Body: `{"reason":"The booth was there; photos sent"}`, Status: 200, Events: step, Want: []string{`"disputeResponse":"The booth was there; photos sent"`}})
	j.Do(j.t, testutil.Call{Name: "once", Who: "rita", Method: http.MethodPost, URL: d + "/dispute/answer", Body: `{"reason":"again"}`, Status: 409, Events: refused, Want: []string{"You already answered this dispute."}})
	j.Do(j.t, testutil.Call{Name: "an administrator reads a disputed deal", Who: "boss", Method: http.MethodGet, URL: d, Status: 200, Events: refused, Want: []string{`"disputeReason":"No booth on the day"`, `"disputeResponse":"The booth was there; photos sent"`}})
	j.Do(j.t, testutil.Call{Name: "but takes no member's step", Who: "boss", Method: http.MethodPost, URL: d + "/complete", Status: 404, Events: refused, Want: []string{"Deal not found."}})
	j.Do(j.t, testutil.Call{Name: "another member still cannot read it", Who: "olive", Method: http.MethodGet, URL: d, Status: 404, Events: refused})
}

// The two sides act on one deal at the same moment, many times over: the
// sponsor cancels while the recipient confirms the money. Each time the deal
// ends in one state its history explains, and a pledge is withdrawn exactly
// when its deal was cancelled before funding.
func TestBothSidesAtOnce(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	srv := testutil.Serve(t, app)
	rita := testutil.FindByUsername(t, app, "rita")
	for round := range 8 {
		sponsor := fmt.Sprintf("sponsor%d", round)
		testutil.CreateMember(t, app, sponsor, testutil.MemberOpts{})
		req := testutil.CreateListing(t, app, "sponsorship_requests", rita, testutil.ListingOpts{
			Title: fmt.Sprintf("Round %d", round), Amount: 100, Reviewed: true, Approved: true})
		as := func(who string) map[string]string {
			h := testutil.Cookie(t, testutil.FindByUsername(t, app, who))
			h["Origin"] = srv.URL
			return h
		}
		post := func(who, path, body string) int {
			res := testutil.Do(t, srv, http.MethodPost, path, body, as(who))
			_ = res.Body.Close()
			return res.StatusCode
		}
		if s := post(sponsor, "/api/sponsorship-requests/"+req.Id+"/sponsor", `{"amount":100}`); s != 201 {
			t.Fatalf("pledge: %d", s)
		}
		deal := &core.Record{}
		if err := app.RecordQuery("deals").AndWhere(dbx.HashExp{"listingId": req.Id}).One(deal); err != nil {
			t.Fatal(err)
		}
		d := "/api/deals/" + deal.Id
		for _, s := range []struct{ who, path, body string }{
			{"rita", d + "/deliverables", `{"deliverables":[{"title":"Logo"}]}`},
			{sponsor, d + "/agree", `{"version":1}`},
			{sponsor, d + "/funds-sent", ""},
		} {
			if got := post(s.who, s.path, s.body); got != 200 {
				t.Fatalf("%s %s: %d", s.who, s.path, got)
			}
		}

		var wg sync.WaitGroup
		var cancelled, confirmed int
		wg.Add(2)
		go func() { defer wg.Done(); cancelled = post(sponsor, d+"/cancel", `{"reason":"Changed plans"}`) }()
		go func() { defer wg.Done(); confirmed = post("rita", d+"/funds-received", "") }()
		wg.Wait()
		queue.Of(app).Wait()

		deal = testutil.Find(t, app, "deals", deal.Id)
		pledge := testutil.Find(t, app, "commitments", deal.GetString("commitment"))
		req = testutil.Find(t, app, "sponsorship_requests", req.Id)
		var history int
		_ = app.DB().Select("COUNT(*)").From("deal_events").Where(dbx.HashExp{"deal": deal.Id}).Row(&history)
		switch {
		case deal.GetString("status") == "cancelled":
			// the cancel came first: the money was never confirmed
			if confirmed != 409 || cancelled != 200 || pledge.GetString("status") != "withdrawn" || req.GetInt("pledgedAmount") != 0 ||
				req.GetString("status") != "open" || history != 5 {
				t.Errorf("round %d, cancelled: cancel %d, confirm %d, pledge %s, request %s %d, %d history entries",
					round, cancelled, confirmed, pledge.GetString("status"), req.GetString("status"), req.GetInt("pledgedAmount"), history)
			}
		case deal.GetString("status") == "funded":
			// the confirmation came first: the cancel is a request (or it
			// read the deal before and lost the race), the pledge stays
			asked := deal.GetString("cancelRequestedBy") != ""
			want := 5
			if asked {
				want = 6
			}
			if confirmed != 200 || (cancelled == 200) != asked || (cancelled != 200 && cancelled != 409) ||
				pledge.GetString("status") != "active" || req.GetInt("pledgedAmount") != 100 || history != want {
				t.Errorf("round %d, funded: cancel %d (asked %v), confirm %d, pledge %s, request %d, %d history entries",
					round, cancelled, asked, confirmed, pledge.GetString("status"), req.GetInt("pledgedAmount"), history)
			}
		default:
			t.Errorf("round %d: the deal is %s", round, deal.GetString("status"))
		}
	}
}

// The migration gives the active pledges and accepted applications of
// before their deals, and nothing else one.
func TestMigrationOpensDealsForWhatCameBefore(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	migration, reviews := testutil.Migration(t, "1795900000_deals.go"), testutil.Migration(t, "1796000000_reviews.go")
	pictures := testutil.Migration(t, "1796000300_deal_pictures.go")
	proof := testutil.Migration(t, "1796600000_proof_of_value.go")
	for _, m := range []*core.Migration{proof, pictures, reviews, migration} { // the later ones first
		if err := m.Down(app); err != nil {
			t.Fatal(err)
		}
	}
	rita, sam, sid := testutil.FindByUsername(t, app, "rita"), testutil.FindByUsername(t, app, "sam"), testutil.FindByUsername(t, app, "sid")
	req, err := app.FindFirstRecordByData("sponsorship_requests", "title", "Street festival")
	if err != nil {
		t.Fatal(err)
	}
	offer := testutil.CreateListing(t, app, "sponsorships", sam, testutil.ListingOpts{Title: "Library fund", Amount: 250,
		Reviewed: true, Approved: true})
	save := func(collection string, fields map[string]any) *core.Record {
		c, err := app.FindCollectionByNameOrId(collection)
		if err != nil {
			t.Fatal(err)
		}
		r := core.NewRecord(c)
		r.Load(fields)
		if err := app.Save(r); err != nil {
			t.Fatal(err)
		}
		return r
	}
	active := save("commitments", map[string]any{"request": req.Id, "sponsor": sam.Id, "poster": rita.Id, "amount": 300, "status": "active"})
	save("commitments", map[string]any{"request": req.Id, "sponsor": sid.Id, "poster": rita.Id, "amount": 200, "status": "withdrawn"})
	accepted := save("applications", map[string]any{"sponsorship": offer.Id, "applicant": rita.Id, "poster": sam.Id, "status": "accepted"})
	save("applications", map[string]any{"sponsorship": offer.Id, "applicant": sid.Id, "poster": sam.Id, "status": "pending"})
	for _, m := range []*core.Migration{migration, reviews} {
		if err := m.Up(app); err != nil {
			t.Fatal(err)
		}
	}

	rows, err := app.FindAllRecords("deals")
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 {
		t.Fatalf("%d deals, want 2 (the active pledge, the accepted application)", len(rows))
	}
	for _, d := range rows {
		want := map[string]any{"commitment": active.Id, "sponsor": sam.Id, "recipient": rita.Id, "amount": 300,
			"listingId": req.Id, "title": "Street festival"}
		if d.GetString("application") != "" {
			want = map[string]any{"application": accepted.Id, "sponsor": sam.Id, "recipient": rita.Id, "amount": 250,
				"listingId": offer.Id, "title": "Library fund"}
		}
		for k, v := range want {
			if fmt.Sprint(d.Get(k)) != fmt.Sprint(v) {
				t.Errorf("deal %s: %s = %v, want %v", d.Id, k, d.Get(k), v)
			}
		}
		if d.GetString("status") != "negotiating" || len(d.Id) != 15 {
			t.Errorf("deal %q is %s", d.Id, d.GetString("status"))
		}
		// and it reads like any other deal
		if got, err := app.FindRecordById("deals", d.Id); err != nil || got.GetString("sponsor") != sam.Id {
			t.Errorf("deal %s cannot be read back: %v", d.Id, err)
		}
	}
}

// Each step mails the other side: one member's steps share one limit, so a
// script cannot make the server mail someone in bulk (60 an hour; the 61st
// is refused and writes nothing).
func TestDealStepsAreLimitedPerMember(t *testing.T) {
	t.Parallel()
	cfg := testutil.Config()
	cfg.RateLimits = true
	app := apptest.NewApp(t, cfg)
	t.Cleanup(app.Cleanup)
	seed(t, app)
	j := &journey{Journey: testutil.NewJourney(t, app), t: t, app: app}
	d := "/api/deals/" + j.pledge("sam", 100) + "/deliverables"
	for i := range 60 {
		j.Do(j.t, testutil.Call{Name: fmt.Sprintf("proposal %d", i+1), Who: "sam", Method: http.MethodPost, URL: d, Body: fmt.Sprintf(`{"deliverables":[{"title":"Logo %d"}]}`, i), Status: 200, Events: step, Want: []string{`"id":"`}})
	}
	j.Do(j.t, testutil.Call{Name: "the 61st step in the hour", Who: "sam", Method: http.MethodPost, URL: d, Body: `{"deliverables":[{"title":"One more"}]}`, Status: 429, Events: refused, Want: []string{"You have taken many deal steps in a short time."}})
	j.Do(j.t, testutil.Call{Name: "the other side's steps count apart", Who: "rita", Method: http.MethodPost, URL: d, Body: `{"deliverables":[{"title":"Booth"}]}`, Status: 200, Events: step, Want: []string{`"id":"`}})
}

// The poster of a request tells all its sponsors at once: each reads the
// update on their own deal's page and is notified, linked to that deal.
func TestUpdatesReachEverySponsor(t *testing.T) {
	t.Parallel()
	j := newJourney(t)
	u := "/api/sponsorship-requests/" + j.request().Id + "/updates"
	j.Do(j.t, testutil.Call{Name: "a visitor", Method: http.MethodPost, URL: u, Body: `{"body":"x"}`, Status: 401, Events: refused})
	j.Do(j.t, testutil.Call{Name: "nobody to tell yet", Who: "rita", Method: http.MethodPost, URL: u, Body: `{"body":"We start on Friday"}`, Status: 409, Events: refused, Want: []string{"This request has no sponsors to update yet."}})
	samDeal, sidDeal := j.pledge("sam", 600), j.pledge("sid", 300)
	j.Do(j.t, testutil.Call{Name: "only the poster", Who: "sam", Method: http.MethodPost, URL: u, Body: `{"body":"x"}`, Status: 403, Events: refused, Want: []string{"Only the poster of the request can post updates to its sponsors."}})
	j.Do(j.t, testutil.Call{Name: "an empty update", Who: "rita", Method: http.MethodPost, URL: u, Body: `{"body":"  "}`, Status: 400, Events: refused, Want: []string{"Write the update"}})
	j.Do(j.t, testutil.Call{Name: "too long", Who: "rita", Method: http.MethodPost, URL: u, Body: `{"body":"` + strings.Repeat("x", 2001) + `"}`, Status: 400, Events: refused, Want: []string{"Update must be at most 2000 characters"}})
	j.Do(j.t, testutil.Call{Name: "an unknown request", Who: "rita", Method: http.MethodPost, URL: "/api/sponsorship-requests/nothing/updates", Body: `{"body":"x"}`, Status: 404, Events: refused})
	// the update and one notification to each sponsor, mailed in the background
	j.Do(j.t, testutil.Call{Name: "the poster tells both sponsors", Who: "rita", Method: http.MethodPost, URL: u, Body: `{"body":" The stage is booked for Friday. "}`, Status: 201, Events: testutil.WritesAmidMail(3, 0), Want: []string{`"body":"The stage is booked for Friday."`}})
	for who, id := range map[string]string{"sam": samDeal, "sid": sidDeal} {
		j.Do(j.t, testutil.Call{Name: who + " reads it on their deal", Who: who, Method: http.MethodGet, URL: "/api/deals/" + id, Status: 200, Events: refused, Want: []string{`"updates":[{"id":"`, `"body":"The stage is booked for Friday."`}})
		var n int
		err := j.app.DB().Select("COUNT(*)").From("notifications").Where(dbx.HashExp{"user": testutil.FindByUsername(t, j.app, who).Id,
			"type": "deal", "link": "/deals/" + id}).AndWhere(dbx.Like("title", "posted an update")).Row(&n)
		if err != nil || n != 1 {
			t.Errorf("%s has %d update notifications linking to their deal (%v)", who, n, err)
		}
	}
	// a cancelled deal's sponsor is not told again
	j.Do(j.t, testutil.Call{Name: "sid cancels", Who: "sid", Method: http.MethodPost, URL: "/api/deals/" + sidDeal + "/cancel", Body: `{"reason":"Budget"}`, Status: 200, Events: testutil.WritesAmidMail(2, 3), Want: []string{`"id":"`}})
	j.Do(j.t, testutil.Call{Name: "the next update", Who: "rita", Method: http.MethodPost, URL: u, Body: `{"body":"Posters are printed."}`, Status: 201, Events: testutil.WritesAmidMail(2, 0), Want: []string{`"id":"`}})
}

// A dispute reaches the administrators' queue with both sides' words; an
// administrator's decision ends it (completed or cancelled), is logged, and
// both sides are told. Members cannot read the queue or decide.
func TestAdministratorsResolveADispute(t *testing.T) {
	t.Parallel()
	j := newJourney(t)
	id := j.pledge("sam", 400)
	d := "/api/deals/" + id
	j.Do(j.t, testutil.Call{Name: "propose", Who: "rita", Method: http.MethodPost, URL: d + "/deliverables", Body: `{"deliverables":[{"title":"Booth"}]}`, Status: 200, Events: step, Want: []string{`"id":"`}})
	j.Do(j.t, testutil.Call{Name: "agree", Who: "sam", Method: http.MethodPost, URL: d + "/agree", Body: `{"version":1}`, Status: 200, Events: step, Want: []string{`"id":"`}})
	j.Do(j.t, testutil.Call{Name: "sent", Who: "sam", Method: http.MethodPost, URL: d + "/funds-sent", Status: 200, Events: step, Want: []string{`"id":"`}})
	j.Do(j.t, testutil.Call{Name: "received", Who: "rita", Method: http.MethodPost, URL: d + "/funds-received", Status: 200, Events: step, Want: []string{`"id":"`}})
	j.Do(j.t, testutil.Call{Name: "the queue is empty", Who: "boss", Method: http.MethodGet, URL: "/api/admin/disputes", Status: 200, Events: refused, Want: []string{"[]"}})
	j.Do(j.t, testutil.Call{Name: "no dispute to count", Who: "boss", Method: http.MethodGet, URL: "/api/admin/overview", Status: 200, Events: refused, Want: []string{`"openDisputes":0`}})
	j.Do(j.t, testutil.Call{Name: "sam disputes", Who: "sam", Method: http.MethodPost, URL: d + "/dispute", Body: `{"reason":"No booth on the day"}`, Status: 200, Events: disputed, Want: []string{`"id":"`}})
	j.Do(j.t, testutil.Call{Name: "the administrator is told", Who: "boss", Method: http.MethodGet, URL: "/api/notifications", Status: 200, Events: refused, Want: []string{`"title":"New dispute: Member sam raised one about “Street festival”"`, `"link":"/admin?tab=disputes"`}})
	j.Do(j.t, testutil.Call{Name: "and counts it", Who: "boss", Method: http.MethodGet, URL: "/api/admin/overview", Status: 200, Events: refused, Want: []string{`"openDisputes":1`}})
	if mails := inboxOf(t, j.app, "boss@example.com"); len(mails) != 1 || !strings.Contains(mails[0].Text, "No booth on the day") {
		t.Errorf("the administrator's mail: %+v", mails)
	}
	j.Do(j.t, testutil.Call{Name: "rita answers", Who: "rita", Method: http.MethodPost, URL: d + "/dispute/answer", Body: `{"reason":"It was there"}`, Status: 200, Events: step, Want: []string{`"id":"`}})

	j.Do(j.t, testutil.Call{Name: "a member cannot read the queue", Who: "sam", Method: http.MethodGet, URL: "/api/admin/disputes", Status: 403, Events: refused})
	queue := j.Do(j.t, testutil.Call{Name: "the queue", Who: "boss", Method: http.MethodGet, URL: "/api/admin/disputes", Status: 200, Events: refused, Want: []string{`"id":"` + id + `"`, `"disputeReason":"No booth on the day"`, `"disputeResponse":"It was there"`}})
	if queue.Header.Get("X-Total-Count") != "1" {
		t.Errorf("queue total %q", queue.Header.Get("X-Total-Count"))
	}
	j.Do(j.t, testutil.Call{Name: "a bad filter", Who: "boss", Method: http.MethodGet, URL: "/api/admin/disputes?status=later", Status: 400, Events: refused, Want: []string{"Status must be open, resolved or all"}})
	j.Do(j.t, testutil.Call{Name: "a member cannot decide", Who: "rita", Method: http.MethodPost, URL: "/api/admin/deals/" + id + "/resolve", Body: `{"outcome":"completed","note":"x"}`, Status: 403, Events: refused})
	j.Do(j.t, testutil.Call{Name: "an outcome is needed", Who: "boss", Method: http.MethodPost, URL: "/api/admin/deals/" + id + "/resolve", Body: `{"outcome":"funded","note":"x"}`, Status: 400, Events: refused, Want: []string{"Outcome must be completed or cancelled"}})
	j.Do(j.t, testutil.Call{Name: "and a note", Who: "boss", Method: http.MethodPost, URL: "/api/admin/deals/" + id + "/resolve", Body: `{"outcome":"completed"}`, Status: 400, Events: refused, Want: []string{"Tell both sides what you decided"}})
	j.Do(j.t, testutil.Call{Name: "an unknown deal", Who: "boss", Method: http.MethodPost, URL: "/api/admin/deals/nothing/resolve", Body: `{"outcome":"completed","note":"x"}`, Status: 404, Events: refused, Want: []string{"Deal not found."}})
	// the deal, its history, a notification to each side and the log entry
	j.Do(j.t, testutil.Call{Name: "the administrator decides", Who: "boss", Method: http.MethodPost, URL: "/api/admin/deals/" + id + "/resolve", Body: `{"outcome":"completed","note":"The photos show the booth."}`, Status: 200, Events: testutil.WritesAmidMail(4, 1), Want: []string{`"status":"completed"`, `"resolution":"The photos show the booth."`}})
	j.Do(j.t, testutil.Call{Name: "once", Who: "boss", Method: http.MethodPost, URL: "/api/admin/deals/" + id + "/resolve", Body: `{"outcome":"cancelled","note":"x"}`, Status: 409, Events: refused, Want: []string{"This deal is not in dispute."}})
	j.Do(j.t, testutil.Call{Name: "nothing left to decide", Who: "boss", Method: http.MethodGet, URL: "/api/admin/overview", Status: 200, Events: refused, Want: []string{`"openDisputes":0`}})
	j.Do(j.t, testutil.Call{Name: "resolved ones", Who: "boss", Method: http.MethodGet, URL: "/api/admin/disputes?status=resolved", Status: 200, Events: refused, Want: []string{`"id":"` + id + `"`}})
	j.Do(j.t, testutil.Call{Name: "the audit names it", Who: "boss", Method: http.MethodGet, URL: "/api/admin/audit?action=resolve_dispute", Status: 200, Events: refused, Want: []string{`"targetId":"` + id + `"`}})
	j.Do(j.t, testutil.Call{Name: "both sides read the decision", Who: "sam", Method: http.MethodGet, URL: d, Status: 200, Events: refused, Want: []string{`"kind":"resolved"`, "The photos show the booth."}})
	j.Do(j.t, testutil.Call{Name: "a dispute decided as completed counts as completed", Who: "olive", Method: http.MethodGet, URL: "/api/users/" + testutil.FindByUsername(t, j.app, "rita").Id, Status: 200, Events: refused, Want: []string{`"reliability":{"fundedDeals":1,"completedDeals":1,`}})
}
