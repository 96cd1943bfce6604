package packages_test

import (
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/packages"
	"sponsorbridge/pb/internal/refusal"
	"sponsorbridge/pb/internal/sponsoring"
	"sponsorbridge/pb/internal/testutil"
	"sponsorbridge/pb/internal/tiers"
	"sponsorbridge/pb/internal/when"
)

// The hold job runs at a time the test chooses (Run's now): no sleeping.
var start = time.Date(2026, 12, 5, 14, 0, 0, 0, time.UTC)

// fixture: rita asks for $1,000 with a “Gold” package of $300 and five
// slots, held seven days; each sponsor takes a slot (a tier pledge).
type fixture struct {
	t       *testing.T
	app     *tests.TestApp
	rita    *core.Record
	request *core.Record
	gold    string // the tier's id
}

func newFixture(t *testing.T) *fixture {
	app := apptest.NewApp(t, nil)
	t.Cleanup(app.Cleanup)
	rita := testutil.CreateMember(t, app, "rita", testutil.MemberOpts{Email: "rita@example.com"})
	req := testutil.CreateListing(t, app, "sponsorship_requests", rita, testutil.ListingOpts{Title: "Street festival",
		Amount: 1000, Reviewed: true, Approved: true})
	err := app.RunInTransaction(func(tx core.App) error {
		req.Set("hasTiers", true)
		req.Set("holdDays", 7)
		if err := tx.Save(req); err != nil {
			return err
		}
		return tiers.Save(tx, req.Id, []tiers.Spec{{Name: "Gold", Price: 300, Quantity: 5, Benefits: []tiers.Benefit{{Title: "Logo"}}}})
	})
	if err != nil {
		t.Fatal(err)
	}
	gold, err := app.FindFirstRecordByData(tiers.Table, "request", req.Id)
	if err != nil {
		t.Fatal(err)
	}
	return &fixture{t: t, app: app, rita: rita, request: req, gold: gold.Id}
}

// hold has a new member take a slot of Gold and moves the hold's end to
// start plus seven days (the clock the job is run with); it answers the
// sponsor and the deal.
func (f *fixture) hold(name string) (*core.Record, *core.Record) {
	f.t.Helper()
	sponsor := testutil.CreateMember(f.t, f.app, name, testutil.MemberOpts{Email: name + "@example.com"})
	c, err := sponsoring.Pledge(f.app, sponsor, f.request.Id, sponsoring.PledgeBody{Tier: f.gold})
	if err != nil {
		f.t.Fatal(err)
	}
	d, err := f.app.FindFirstRecordByData("deals", "commitment", c.Id)
	if err != nil {
		f.t.Fatal(err)
	}
	if d.GetString("tierName") != "Gold" || d.GetDateTime("holdUntil").IsZero() {
		f.t.Fatalf("the tier pledge's deal holds %q until %v", d.GetString("tierName"), d.GetDateTime("holdUntil"))
	}
	d.Set("holdUntil", when.Stored(start.Add(7*24*time.Hour)))
	if err := f.app.Save(d); err != nil {
		f.t.Fatal(err)
	}
	return sponsor, d
}

func (f *fixture) taken() int { return testutil.Find(f.t, f.app, tiers.Table, f.gold).GetInt("taken") }

func (f *fixture) run(at time.Time) {
	f.t.Helper()
	if err := packages.Run(f.app, at); err != nil {
		f.t.Fatal(err)
	}
}

func (f *fixture) notes(user *core.Record) []string {
	f.t.Helper()
	var titles []string
	err := f.app.DB().Select("title").From(notify.Collection).
		Where(dbx.HashExp{"user": user.Id, "type": notify.TypeDeal}).OrderBy("rowid").Column(&titles)
	if err != nil {
		f.t.Fatal(err)
	}
	return titles
}

func (f *fixture) pledged() int {
	return testutil.Find(f.t, f.app, "sponsorship_requests", f.request.Id).GetInt("pledgedAmount")
}

// A hold is left alone until a day before its end, then both sides are
// reminded once; at its end the deal is cancelled by nobody with the
// contract's reason, its pledge withdrawn with it and the request's
// counters freed, and both sides are told, in the app and by e-mail.
func TestAHoldIsRemindedOnceThenEnds(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	asha, d := f.hold("asha")
	if f.pledged() != 300 || f.taken() != 1 {
		t.Fatalf("pledged %d, Gold taken %d after the hold", f.pledged(), f.taken())
	}
	held := f.notes(asha) // the pledge's notice of the slot taken
	if len(held) != 1 || !strings.HasPrefix(held[0], "You hold the “Gold” package until ") {
		t.Fatalf("the sponsor's notes after the pledge: %v", held)
	}

	f.run(start.Add(5 * 24 * time.Hour)) // two days before its end
	if n := f.notes(asha); len(n) != 1 {
		t.Fatalf("notes two days before the end: %v", n)
	}

	f.run(start.Add(6*24*time.Hour + time.Hour)) // 23 hours before
	f.run(start.Add(6*24*time.Hour + 2*time.Hour))
	if got := f.notes(asha)[1:]; len(got) != 1 || got[0] != "Your hold on “Gold” ends in 24 hours" {
		t.Errorf("the sponsor's reminders: %v", got)
	}
	if got := f.notes(f.rita); len(got) != 1 || got[0] != "The hold on “Gold” by Member asha ends in 24 hours" {
		t.Errorf("the poster's reminders: %v", got)
	}
	if got := testutil.Find(t, f.app, "deals", d.Id); got.GetString("status") != deals.StatusNegotiating || !got.GetBool("holdReminded") ||
		got.GetInt("version") != d.GetInt("version") {
		t.Errorf("after the reminder the deal is %s, reminded %v, version %d (a reminder is no step)", got.GetString("status"),
			got.GetBool("holdReminded"), got.GetInt("version"))
	}

	f.run(start.Add(7*24*time.Hour - time.Second)) // not yet
	if got := testutil.Find(t, f.app, "deals", d.Id); got.GetString("status") != deals.StatusNegotiating {
		t.Fatalf("a second before its end the deal is %s", got.GetString("status"))
	}
	f.run(start.Add(7 * 24 * time.Hour))
	reason := "The hold on the “Gold” package ended before the deal was funded, so the slot is free again."
	got := testutil.Find(t, f.app, "deals", d.Id)
	if got.GetString("status") != deals.StatusCancelled || got.GetString("cancelledBy") != "" || got.GetString("cancelReason") != reason {
		t.Errorf("the ended hold's deal: %s by %q: %q", got.GetString("status"), got.GetString("cancelledBy"), got.GetString("cancelReason"))
	}
	c := testutil.Find(t, f.app, "commitments", d.GetString("commitment"))
	if c.GetString("status") != "withdrawn" || c.GetString("withdrawReason") != reason {
		t.Errorf("its pledge: %s, %q", c.GetString("status"), c.GetString("withdrawReason"))
	}
	if r := testutil.Find(t, f.app, "sponsorship_requests", f.request.Id); r.GetInt("pledgedAmount") != 0 || r.GetInt("sponsorCount") != 0 {
		t.Errorf("the request still counts %d from %d sponsors", r.GetInt("pledgedAmount"), r.GetInt("sponsorCount"))
	}
	if f.taken() != 0 {
		t.Errorf("Gold still counts %d taken: the slot is not free again", f.taken())
	}
	ended := "Your hold on “Gold” ended: the deal for “Street festival” is cancelled"
	if got := f.notes(asha)[1:]; len(got) != 2 || got[1] != ended {
		t.Errorf("the sponsor's notes: %v", got)
	}
	if got := f.notes(f.rita); len(got) != 2 || got[1] != "The hold on “Gold” by Member asha ended: the deal for “Street festival” is cancelled" {
		t.Errorf("the poster's notes: %v", got)
	}
	var history []string
	if err := f.app.DB().Select("text").From("deal_events").Where(dbx.HashExp{"deal": d.Id, "kind": "cancelled", "actor": ""}).Column(&history); err != nil || len(history) != 1 || history[0] != reason {
		t.Errorf("the deal's history: %v, %v", history, err)
	}

	// Both sides are e-mailed (the deals choice): the sponsor who just
	// signed up reads the slot taken, the reminder and the end, with the way
	// to the deal.
	for _, who := range []string{"asha@example.com", "rita@example.com"} {
		testutil.Eventually(t, 5*time.Second, "the hold's reminder and end mailed to "+who, func() bool {
			mails, err := mailbox.Read(mailbox.Dir(f.app), who)
			reminded, ended, held := false, false, who != "asha@example.com" // the slot's notice goes to the sponsor
			for _, m := range mails {
				reminded = reminded || strings.Contains(m.Subject, "ends in 24 hours")
				ended = ended || (strings.Contains(m.Text, reason) && strings.Contains(m.Text, "/deals/"+d.Id))
				held = held || strings.Contains(m.Subject, "You hold the “Gold” package until")
			}
			return err == nil && reminded && ended && held
		})
	}

	// Once ended, the job leaves it.
	f.app.ResetEventCalls()
	f.run(start.Add(8 * 24 * time.Hour))
	testutil.ExpectEvents(t, f.app, testutil.NoWrites())
}

// A deal funded at the moment its hold ends is never cancelled: the job
// and the recipient's confirmation race for each of several deals, and
// every deal ends either funded with its pledge, or cancelled with its
// pledge withdrawn and the confirmation refused; the request's counters
// agree with the pledges left.
func TestADealFundedAsItsHoldEndsIsNeverCancelled(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	type held struct {
		sponsor, deal *core.Record
		err           error
	}
	var all []*held
	for _, name := range []string{"asha", "ben", "cho"} {
		s, d := f.hold(name)
		v := 0
		for _, step := range []func() error{
			func() error {
				_, err := deals.Take(f.app, d.Id, s, deals.Propose, deals.ProposeInput{Deliverables: []deals.DeliverableInput{{Title: "Logo"}}})
				return err
			},
			func() error {
				v = testutil.Find(t, f.app, "deals", d.Id).GetInt("version")
				_, err := deals.Take(f.app, d.Id, f.rita, deals.Agree, deals.AgreeInput{Version: &v})
				return err
			},
			func() error { _, err := deals.Take(f.app, d.Id, s, deals.FundsSent, deals.NoInput{}); return err },
		} {
			if err := step(); err != nil {
				t.Fatal(err)
			}
		}
		all = append(all, &held{sponsor: s, deal: d})
	}
	// One deal funded a moment before the job: it stays funded.
	if _, err := deals.Take(f.app, all[0].deal.Id, f.rita, deals.FundsReceived, deals.NoInput{}); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var jobErr error
	wg.Add(1)
	go func() { defer wg.Done(); jobErr = packages.Run(f.app, start.Add(8*24*time.Hour)) }()
	for _, h := range all[1:] {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, h.err = deals.Take(f.app, h.deal.Id, f.rita, deals.FundsReceived, deals.NoInput{})
		}()
	}
	wg.Wait()
	if jobErr != nil {
		t.Fatal(jobErr)
	}
	active := 0
	for i, h := range all {
		d := testutil.Find(t, f.app, "deals", h.deal.Id)
		c := testutil.Find(t, f.app, "commitments", d.GetString("commitment"))
		switch d.GetString("status") {
		case deals.StatusFunded:
			if h.err != nil || c.GetString("status") != "active" {
				t.Errorf("deal %d funded but the confirmation answered %v, the pledge %s", i, h.err, c.GetString("status"))
			}
			active += c.GetInt("amount")
		case deals.StatusCancelled:
			if i == 0 || c.GetString("status") != "withdrawn" || !d.GetDateTime("fundedAt").IsZero() {
				t.Errorf("deal %d cancelled: pledge %s, funded at %v", i, c.GetString("status"), d.GetDateTime("fundedAt"))
			}
			// refused as stale (read before the cancel) or as cancelled (read after)
			if r, ok := refusal.As(h.err); !ok || r.Kind != refusal.Conflict {
				t.Errorf("deal %d cancelled, and the confirmation answered %v", i, h.err)
			}
		default:
			t.Errorf("deal %d ended %s", i, d.GetString("status"))
		}
	}
	if f.pledged() != active || f.taken()*300 != active {
		t.Errorf("the request counts %d pledged and Gold %d taken, the active pledges %d", f.pledged(), f.taken(), active)
	}
}

// The job is registered under its id: a superuser runs it at once through
// PocketBase's crons API (as the web journey does after moving a hold into
// the past), and it cancels the deal whose hold ended; a member may not.
func TestASuperuserRunsTheHoldJob(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	_, d := f.hold("asha")
	d.Set("holdUntil", when.Stored(time.Now().Add(-time.Minute)))
	if err := f.app.Save(d); err != nil {
		t.Fatal(err)
	}
	j := testutil.NewJourney(t, f.app)
	j.Do(t, testutil.Call{Name: "a member may not", Who: "asha", Method: http.MethodPost, URL: "/api/crons/" + packages.JobID, Status: 404})
	if got := testutil.Find(t, f.app, "deals", d.Id).GetString("status"); got != deals.StatusNegotiating {
		t.Fatalf("after a member's try the deal is %s", got)
	}
	j.Do(t, testutil.Call{Name: "a superuser runs it", Method: http.MethodPost, URL: "/api/crons/" + packages.JobID,
		Headers: testutil.SuperuserHeaders(t, f.app), Status: 204})
	// PocketBase runs the job after answering
	testutil.Eventually(t, 5*time.Second, "the deal cancelled by the job", func() bool {
		return testutil.Find(t, f.app, "deals", d.Id).GetString("status") == deals.StatusCancelled
	})
}
