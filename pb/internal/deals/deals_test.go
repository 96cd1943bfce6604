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

	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/queue"
	"sponsorbridge/pb/internal/apptest"
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

// journey is a deal's steps as its members take them, each an ApiScenario
// with its events; the mail a step leaves to the background is sent before
// the next step counts its own.
type journey struct {
	t   *testing.T
	app *tests.TestApp
	j   *testutil.Journey
}

func newJourney(t *testing.T) *journey {
	app := apptest.NewApp(t, nil)
	t.Cleanup(app.Cleanup)
	seed(t, app)
	return &journey{t: t, app: app, j: testutil.NewJourney(t, app)}
}

func (j *journey) do(name, who, method, url, body string, status int, events map[string]int, want ...string) testutil.Answer {
	j.t.Helper()
	h := map[string]string{"Origin": testutil.Origin}
	if who != "" {
		h = testutil.Cookie(j.t, testutil.FindByUsername(j.t, j.app, who))
	}
	if len(want) == 0 {
		want = []string{fmt.Sprintf(`"status":%d`, status)}
		if status < 400 {
			want = []string{`"id":"`}
		}
	}
	a := j.j.Step(j.t, tests.ApiScenario{Name: name, Method: method, URL: url, Body: strings.NewReader(body),
		Headers: h, ExpectedStatus: status, ExpectedContent: want, ExpectedEvents: events})
	queue.Of(j.app).Wait()
	return a
}

// pledge has the named sponsor pledge amount to the festival and answers the
// deal it opened.
func (j *journey) pledge(who string, amount int) string {
	j.t.Helper()
	req := j.request()
	j.do(who+" pledges", who, http.MethodPost, "/api/sponsorship-requests/"+req.Id+"/sponsor",
		fmt.Sprintf(`{"amount":%d}`, amount), 201, testutil.WritesAmidMail(6, 2))
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
	j.do("the pledge's note in the conversation links to the deal", "rita", http.MethodGet, "/api/conversations/"+conv+"/messages", "",
		200, refused, `"kind":"system"`, `"dealId":"`+id+`"`)
	j.do("a visitor", "", http.MethodGet, "/api/deals", "", 401, refused)
	j.do("another member cannot read it", "olive", http.MethodGet, d, "", 404, refused, "Deal not found.")
	j.do("nor an administrator before a dispute", "boss", http.MethodGet, d, "", 404, refused, "Deal not found.")
	j.do("another member cannot act on it", "olive", http.MethodPost, d+"/cancel", `{"reason":"x"}`, 404, refused, "Deal not found.")
	j.do("the sponsor's list", "sam", http.MethodGet, "/api/deals", "", 200, refused, `"status":"negotiating"`, `"title":"Street festival"`)
	j.do("the recipient's list, by state", "rita", http.MethodGet, "/api/deals?status=negotiating", "", 200, refused, `"id":"`+id+`"`)
	j.do("an unknown state", "rita", http.MethodGet, "/api/deals?status=done", "", 400, refused, "Status must be one of")
	j.do("money before agreement", "sam", http.MethodPost, d+"/funds-sent", "", 409, refused,
		"This deal is negotiating: the money is marked sent once the deliverables are agreed, and only once.")
	j.do("nothing to agree to", "rita", http.MethodPost, d+"/agree", `{"version":0}`, 409, refused, "There is no proposal to agree to.")
	j.do("an empty list", "sam", http.MethodPost, d+"/deliverables", `{"deliverables":[]}`, 400, refused, "Add at least one deliverable")
	j.do("a bad date", "sam", http.MethodPost, d+"/deliverables", `{"deliverables":[{"title":"Logo","due":"soon"}]}`, 400, refused,
		"Due date must be a date (YYYY-MM-DD)")
	j.do("a title too long", "sam", http.MethodPost, d+"/deliverables",
		`{"deliverables":[{"title":"`+strings.Repeat("x", 121)+`"}]}`, 400, refused, "A deliverable is at most 120 characters")
	proposed := j.do("the sponsor proposes", "sam", http.MethodPost, d+"/deliverables",
		`{"deliverables":[{"title":" Logo on the banner ","due":"2026-12-20"},{"title":"A mention on stage"}]}`, 200, step,
		`"proposal":[{"id":"`, `"title":"Logo on the banner","due":"2026-12-20"`, `"status":"negotiating"`)
	var deal struct {
		Version  int `json:"version"`
		Proposal []struct {
			ID string `json:"id"`
		} `json:"proposal"`
	}
	proposed.Decode(t, &deal)
	j.do("not one's own proposal", "sam", http.MethodPost, d+"/agree", fmt.Sprintf(`{"version":%d}`, deal.Version), 409, refused,
		"The other side agrees to your proposal")
	j.do("agreeing to what one did not read", "rita", http.MethodPost, d+"/agree", fmt.Sprintf(`{"version":%d}`, deal.Version-1), 409,
		refused, "This deal changed while you were looking at it.")
	j.do("agreeing names a version", "rita", http.MethodPost, d+"/agree", `{}`, 400, refused, "Say which version of the deal you agree to")
	j.do("the recipient agrees", "rita", http.MethodPost, d+"/agree", fmt.Sprintf(`{"version":%d}`, deal.Version), 200, step,
		`"status":"agreed"`, `"proposal":[]`, `"deliverables":[{"id":"`+deal.Proposal[0].ID+`","title":"Logo on the banner"`)

	j.do("only the sponsor sends money", "rita", http.MethodPost, d+"/funds-sent", "", 403, refused, "Only the sponsor can do this.")
	j.do("nothing to confirm yet", "rita", http.MethodPost, d+"/funds-received", "", 409, refused,
		"The sponsor has not marked the money as sent yet.")
	j.do("the sponsor sends the money", "sam", http.MethodPost, d+"/funds-sent", "", 200, step, `"fundsSentAt":"20`)
	j.do("once", "sam", http.MethodPost, d+"/funds-sent", "", 409, refused, "You already marked the money as sent.")
	j.do("only the recipient confirms", "sam", http.MethodPost, d+"/funds-received", "", 403, refused, "Only the recipient can do this.")
	j.do("the recipient confirms", "rita", http.MethodPost, d+"/funds-received", "", 200, step, `"status":"funded"`)
	j.do("a funded pledge stays", "sam", http.MethodPost, "/api/commitments/"+j.deal(id).GetString("commitment")+"/withdraw",
		`{"reason":"changed my mind"}`, 409, refused, "This pledge's deal is funded: it can no longer be withdrawn.")

	item := d + "/deliverables/" + deal.Proposal[0].ID + "/done"
	j.do("only the recipient delivers", "sam", http.MethodPost, item, `{"proofText":"done"}`, 403, refused, "Only the recipient can do this.")
	j.do("proof is needed", "rita", http.MethodPost, item, `{}`, 400, refused, "Add proof: a note, a link or a picture")
	j.do("a link is a web address", "rita", http.MethodPost, item, `{"proofLink":"javascript:alert(1)"}`, 400, refused,
		"Link must be a web address")
	j.do("an unknown deliverable", "rita", http.MethodPost, d+"/deliverables/nothing/done", `{"proofText":"x"}`, 404, refused,
		"Deliverable not found.")
	j.do("the first is delivered", "rita", http.MethodPost, item, `{"proofText":"Banner photo","proofLink":"https://example.com/banner.jpg"}`,
		200, step, `"status":"funded"`, `"proofLink":"https://example.com/banner.jpg"`)
	j.do("not twice", "rita", http.MethodPost, item, `{"proofText":"again"}`, 409, refused, "This deliverable is already marked done.")
	j.do("not complete before delivery", "sam", http.MethodPost, d+"/complete", "", 409, refused,
		"This deal is funded: a deal is completed once everything is delivered.")
	j.do("the last makes it delivered", "rita", http.MethodPost, d+"/deliverables/"+deal.Proposal[1].ID+"/done",
		`{"proofText":"Mentioned at 6 pm"}`, 200, step, `"status":"delivered"`)
	j.do("only the sponsor completes", "rita", http.MethodPost, d+"/complete", "", 403, refused, "Only the sponsor can do this.")
	j.do("the sponsor completes", "sam", http.MethodPost, d+"/complete", "", 200, step, `"status":"completed"`, `"completedAt":"20`)
	j.do("a completed deal is not cancelled", "rita", http.MethodPost, d+"/cancel", `{"reason":"late"}`, 409, refused,
		"This deal is completed: it can no longer be cancelled.")
	j.do("nor disputed", "rita", http.MethodPost, d+"/dispute", `{"reason":"late"}`, 409, refused, "This deal is completed: a dispute")

	for _, who := range []string{"sam", "rita"} {
		j.do(who+"'s profile counts the deal", "olive", http.MethodGet, "/api/users/"+testutil.FindByUsername(t, j.app, who).Id, "", 200,
			refused, `"reliability":{"fundedDeals":1,"completedDeals":1,`)
	}
	var read struct {
		Events []struct{ Kind string } `json:"events"`
	}
	j.do("the history", "rita", http.MethodGet, d, "", 200, refused).Decode(t, &read)
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
	j.do("a reason is needed", "rita", http.MethodPost, "/api/deals/"+id+"/cancel", `{"reason":"  "}`, 400, refused, "Say why you are cancelling")
	// the deal, its history, the commitment, the request and the notification
	j.do("the recipient cancels", "rita", http.MethodPost, "/api/deals/"+id+"/cancel", `{"reason":"The festival moved to spring"}`, 200,
		testutil.WritesAmidMail(2, 3), `"status":"cancelled"`, `"cancelReason":"The festival moved to spring"`)
	req := j.request()
	if req.GetString("status") != "open" || req.GetInt("pledgedAmount") != 0 || req.GetInt("sponsorCount") != 0 {
		t.Errorf("request after the cancel: %s, %d pledged by %d", req.GetString("status"), req.GetInt("pledgedAmount"), req.GetInt("sponsorCount"))
	}
	if c := testutil.Find(t, j.app, "commitments", j.deal(id).GetString("commitment")); c.GetString("status") != "withdrawn" {
		t.Errorf("the pledge is %s", c.GetString("status"))
	}
	j.do("cancelled stays cancelled", "sam", http.MethodPost, "/api/deals/"+id+"/cancel", `{"reason":"x"}`, 409, refused,
		"This deal is cancelled: it can no longer be cancelled.")

	// withdrawing a pledge cancels its deal with the same reason
	other := j.pledge("sid", 400)
	j.do("the sponsor withdraws the pledge", "sid", http.MethodPost, "/api/commitments/"+j.deal(other).GetString("commitment")+"/withdraw",
		`{"reason":"Budget cut"}`, 200, testutil.WritesAmidMail(3, 4))
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
	j.do("the recipient proposes", "rita", http.MethodPost, d+"/deliverables", `{"deliverables":[{"title":"Booth"}]}`, 200, step,
		`"proposal":[{"id":"`, `"proposedBy":"`+testutil.FindByUsername(t, j.app, "rita").Id+`"`)
	j.do("the sponsor cancels", "sam", http.MethodPost, d+"/cancel", `{"reason":"Plans changed"}`, 200, testutil.WritesAmidMail(2, 3),
		`"status":"cancelled"`, `"proposal":[]`, `"proposedBy":""`)
	j.do("and reads none", "rita", http.MethodGet, d, "", 200, refused, `"status":"cancelled"`, `"proposal":[]`, `"proposedBy":""`)
}

// After the money moved a cancel needs both sides, or a dispute goes to the
// administrators with both sides' words.
func TestAfterFundingCancelNeedsBothSidesOrADispute(t *testing.T) {
	t.Parallel()
	j := newJourney(t)
	fund := func(sponsor, id string) {
		j.t.Helper()
		d := "/api/deals/" + id
		j.do("propose", "rita", http.MethodPost, d+"/deliverables", `{"deliverables":[{"title":"Booth"}]}`, 200, step)
		j.do("agree", sponsor, http.MethodPost, d+"/agree", fmt.Sprintf(`{"version":%d}`, j.deal(id).GetInt("version")), 200, step)
		j.do("sent", sponsor, http.MethodPost, d+"/funds-sent", "", 200, step)
		j.do("received", "rita", http.MethodPost, d+"/funds-received", "", 200, step, `"status":"funded"`)
	}
	id := j.pledge("sam", 500)
	fund("sam", id)
	d := "/api/deals/" + id
	j.do("the sponsor asks to cancel", "sam", http.MethodPost, d+"/cancel", `{"reason":"Event cancelled by the city"}`, 200, step,
		`"status":"funded"`, `"cancelRequestReason":"Event cancelled by the city"`)
	j.do("asking twice", "sam", http.MethodPost, d+"/cancel", `{"reason":"again"}`, 409, refused, "You already asked to cancel")
	j.do("the recipient accepts", "rita", http.MethodPost, d+"/cancel", `{"reason":"Agreed, refunded"}`, 200, step, `"status":"cancelled"`)
	j.do("a funded deal cancelled counts as funded, not completed", "olive", http.MethodGet,
		"/api/users/"+testutil.FindByUsername(t, j.app, "sam").Id, "", 200, refused, `"reliability":{"fundedDeals":1,"completedDeals":0,`)

	id = j.pledge("sid", 500)
	fund("sid", id)
	d = "/api/deals/" + id
	j.do("a dispute needs words", "sid", http.MethodPost, d+"/dispute", `{}`, 400, refused, "Tell the administrators what went wrong")
	j.do("the sponsor disputes", "sid", http.MethodPost, d+"/dispute", `{"reason":"No booth on the day"}`, 200, disputed,
		`"status":"disputed"`, `"disputeReason":"No booth on the day"`)
	j.do("not one's own dispute", "sid", http.MethodPost, d+"/dispute/answer", `{"reason":"x"}`, 409, refused, "You raised this dispute")
	j.do("the recipient answers", "rita", http.MethodPost, d+"/dispute/answer", `{"reason":"The booth was there; photos sent"}`, 200,
		step, `"disputeResponse":"The booth was there; photos sent"`)
	j.do("once", "rita", http.MethodPost, d+"/dispute/answer", `{"reason":"again"}`, 409, refused, "You already answered this dispute.")
	j.do("an administrator reads a disputed deal", "boss", http.MethodGet, d, "", 200, refused,
		`"disputeReason":"No booth on the day"`, `"disputeResponse":"The booth was there; photos sent"`)
	j.do("but takes no member's step", "boss", http.MethodPost, d+"/complete", "", 404, refused, "Deal not found.")
	j.do("another member still cannot read it", "olive", http.MethodGet, d, "", 404, refused)
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
	for _, m := range []*core.Migration{pictures, reviews, migration} { // the later ones first
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
	j := &journey{t: t, app: app, j: testutil.NewJourney(t, app)}
	d := "/api/deals/" + j.pledge("sam", 100) + "/deliverables"
	for i := range 60 {
		j.do(fmt.Sprintf("proposal %d", i+1), "sam", http.MethodPost, d, fmt.Sprintf(`{"deliverables":[{"title":"Logo %d"}]}`, i), 200, step)
	}
	j.do("the 61st step in the hour", "sam", http.MethodPost, d, `{"deliverables":[{"title":"One more"}]}`, 429, refused,
		"You have taken many deal steps in a short time.")
	j.do("the other side's steps count apart", "rita", http.MethodPost, d, `{"deliverables":[{"title":"Booth"}]}`, 200, step)
}

// The poster of a request tells all its sponsors at once: each reads the
// update on their own deal's page and is notified, linked to that deal.
func TestUpdatesReachEverySponsor(t *testing.T) {
	t.Parallel()
	j := newJourney(t)
	u := "/api/sponsorship-requests/" + j.request().Id + "/updates"
	j.do("a visitor", "", http.MethodPost, u, `{"body":"x"}`, 401, refused)
	j.do("nobody to tell yet", "rita", http.MethodPost, u, `{"body":"We start on Friday"}`, 409, refused,
		"This request has no sponsors to update yet.")
	samDeal, sidDeal := j.pledge("sam", 600), j.pledge("sid", 300)
	j.do("only the poster", "sam", http.MethodPost, u, `{"body":"x"}`, 403, refused,
		"Only the poster of the request can post updates to its sponsors.")
	j.do("an empty update", "rita", http.MethodPost, u, `{"body":"  "}`, 400, refused, "Write the update")
	j.do("too long", "rita", http.MethodPost, u, `{"body":"`+strings.Repeat("x", 2001)+`"}`, 400, refused,
		"Update must be at most 2000 characters")
	j.do("an unknown request", "rita", http.MethodPost, "/api/sponsorship-requests/nothing/updates", `{"body":"x"}`, 404, refused)
	// the update and one notification to each sponsor, mailed in the background
	j.do("the poster tells both sponsors", "rita", http.MethodPost, u, `{"body":" The stage is booked for Friday. "}`, 201,
		testutil.WritesAmidMail(3, 0), `"body":"The stage is booked for Friday."`)
	for who, id := range map[string]string{"sam": samDeal, "sid": sidDeal} {
		j.do(who+" reads it on their deal", who, http.MethodGet, "/api/deals/"+id, "", 200, refused,
			`"updates":[{"id":"`, `"body":"The stage is booked for Friday."`)
		var n int
		err := j.app.DB().Select("COUNT(*)").From("notifications").Where(dbx.HashExp{"user": testutil.FindByUsername(t, j.app, who).Id,
			"type": "deal", "link": "/deals/" + id}).AndWhere(dbx.Like("title", "posted an update")).Row(&n)
		if err != nil || n != 1 {
			t.Errorf("%s has %d update notifications linking to their deal (%v)", who, n, err)
		}
	}
	// a cancelled deal's sponsor is not told again
	j.do("sid cancels", "sid", http.MethodPost, "/api/deals/"+sidDeal+"/cancel", `{"reason":"Budget"}`, 200, testutil.WritesAmidMail(2, 3))
	j.do("the next update", "rita", http.MethodPost, u, `{"body":"Posters are printed."}`, 201, testutil.WritesAmidMail(2, 0))
}

// A dispute reaches the administrators' queue with both sides' words; an
// administrator's decision ends it (completed or cancelled), is logged, and
// both sides are told. Members cannot read the queue or decide.
func TestAdministratorsResolveADispute(t *testing.T) {
	t.Parallel()
	j := newJourney(t)
	id := j.pledge("sam", 400)
	d := "/api/deals/" + id
	j.do("propose", "rita", http.MethodPost, d+"/deliverables", `{"deliverables":[{"title":"Booth"}]}`, 200, step)
	j.do("agree", "sam", http.MethodPost, d+"/agree", `{"version":1}`, 200, step)
	j.do("sent", "sam", http.MethodPost, d+"/funds-sent", "", 200, step)
	j.do("received", "rita", http.MethodPost, d+"/funds-received", "", 200, step)
	j.do("the queue is empty", "boss", http.MethodGet, "/api/admin/disputes", "", 200, refused, "[]")
	j.do("no dispute to count", "boss", http.MethodGet, "/api/admin/overview", "", 200, refused, `"openDisputes":0`)
	j.do("sam disputes", "sam", http.MethodPost, d+"/dispute", `{"reason":"No booth on the day"}`, 200, disputed)
	j.do("the administrator is told", "boss", http.MethodGet, "/api/notifications", "", 200, refused,
		`"title":"New dispute: Member sam raised one about “Street festival”"`, `"link":"/admin?tab=disputes"`)
	j.do("and counts it", "boss", http.MethodGet, "/api/admin/overview", "", 200, refused, `"openDisputes":1`)
	if mails := inboxOf(t, j.app, "boss@example.com"); len(mails) != 1 || !strings.Contains(mails[0].Text, "No booth on the day") {
		t.Errorf("the administrator's mail: %+v", mails)
	}
	j.do("rita answers", "rita", http.MethodPost, d+"/dispute/answer", `{"reason":"It was there"}`, 200, step)

	j.do("a member cannot read the queue", "sam", http.MethodGet, "/api/admin/disputes", "", 403, refused)
	queue := j.do("the queue", "boss", http.MethodGet, "/api/admin/disputes", "", 200, refused,
		`"id":"`+id+`"`, `"disputeReason":"No booth on the day"`, `"disputeResponse":"It was there"`)
	if queue.Header.Get("X-Total-Count") != "1" {
		t.Errorf("queue total %q", queue.Header.Get("X-Total-Count"))
	}
	j.do("a bad filter", "boss", http.MethodGet, "/api/admin/disputes?status=later", "", 400, refused, "Status must be open, resolved or all")
	j.do("a member cannot decide", "rita", http.MethodPost, "/api/admin/deals/"+id+"/resolve", `{"outcome":"completed","note":"x"}`, 403, refused)
	j.do("an outcome is needed", "boss", http.MethodPost, "/api/admin/deals/"+id+"/resolve", `{"outcome":"funded","note":"x"}`, 400, refused,
		"Outcome must be completed or cancelled")
	j.do("and a note", "boss", http.MethodPost, "/api/admin/deals/"+id+"/resolve", `{"outcome":"completed"}`, 400, refused,
		"Tell both sides what you decided")
	j.do("an unknown deal", "boss", http.MethodPost, "/api/admin/deals/nothing/resolve", `{"outcome":"completed","note":"x"}`, 404, refused,
		"Deal not found.")
	// the deal, its history, a notification to each side and the log entry
	j.do("the administrator decides", "boss", http.MethodPost, "/api/admin/deals/"+id+"/resolve",
		`{"outcome":"completed","note":"The photos show the booth."}`, 200, testutil.WritesAmidMail(4, 1),
		`"status":"completed"`, `"resolution":"The photos show the booth."`)
	j.do("once", "boss", http.MethodPost, "/api/admin/deals/"+id+"/resolve", `{"outcome":"cancelled","note":"x"}`, 409, refused,
		"This deal is not in dispute.")
	j.do("nothing left to decide", "boss", http.MethodGet, "/api/admin/overview", "", 200, refused, `"openDisputes":0`)
	j.do("resolved ones", "boss", http.MethodGet, "/api/admin/disputes?status=resolved", "", 200, refused, `"id":"`+id+`"`)
	j.do("the audit names it", "boss", http.MethodGet, "/api/admin/audit?action=resolve_dispute", "", 200, refused, `"targetId":"`+id+`"`)
	j.do("both sides read the decision", "sam", http.MethodGet, d, "", 200, refused, `"kind":"resolved"`, "The photos show the booth.")
	j.do("a dispute decided as completed counts as completed", "olive", http.MethodGet,
		"/api/users/"+testutil.FindByUsername(t, j.app, "rita").Id, "", 200, refused, `"reliability":{"fundedDeals":1,"completedDeals":1,`)
}
