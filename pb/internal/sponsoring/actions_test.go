package sponsoring_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/refusal"
	"sponsorbridge/pb/internal/sponsoring"
	"sponsorbridge/pb/internal/testutil"
)

// gone is a member whose account no longer exists.
func gone(app core.App, t *testing.T) *core.Record {
	c, err := app.FindCachedCollectionByNameOrId("users")
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewRecord(c)
	r.Id = "gonegonegone123"
	return r
}

func TestPledgeAction(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	priya, dan, zed := testutil.FindByUsername(t, app, "priya"), testutil.FindByUsername(t, app, "dan"), testutil.FindByUsername(t, app, "zed")
	camp, fair := listing(t, app, "sponsorship_requests", "Health camp"), listing(t, app, "sponsorship_requests", "Old fair")
	amount := func(s string) (b sponsoring.PledgeBody) {
		if err := json.Unmarshal([]byte(`{"amount":`+s+`}`), &b); err != nil {
			t.Fatal(err)
		}
		return b
	}

	_, err := sponsoring.Pledge(app, priya, camp.Id, amount("1.5"))
	testutil.WantRefusal(t, err, refusal.Invalid, "Please check the highlighted fields.", "amount")
	_, err = sponsoring.Pledge(app, priya, camp.Id, amount(`"lots"`))
	testutil.WantRefusal(t, err, refusal.Invalid, "Please check the highlighted fields.", "amount")
	tooLong := amount("0")
	tooLong.Message = strings.Repeat("y", sponsoring.MaxMessage+1)
	_, err = sponsoring.Pledge(app, priya, camp.Id, tooLong)
	testutil.WantRefusal(t, err, refusal.Invalid, "Please check the highlighted fields.", "amount", "message")
	_, err = sponsoring.Pledge(app, priya, "nosuchrequest12", amount("5"))
	testutil.WantRefusal(t, err, refusal.NotFound, "Listing not found.")
	_, err = sponsoring.Pledge(app, dan, camp.Id, amount("5"))
	testutil.WantRefusal(t, err, refusal.Forbidden, "You cannot sponsor your own request.")
	_, err = sponsoring.Pledge(app, gone(app, t), camp.Id, amount("5"))
	testutil.WantRefusal(t, err, refusal.NotSignedIn, "You are not signed in.")
	_, err = sponsoring.Pledge(app, priya, fair.Id, amount("5"))
	testutil.WantRefusal(t, err, refusal.Conflict, "This request is closed and can no longer be sponsored.")
	_, err = sponsoring.Pledge(app, priya, camp.Id, amount("5000"))
	testutil.WantRefusal(t, err, refusal.Conflict, "Only $3,200 is still open on this request. Pledge at most that.")
	if n := count(t, app, "commitments", nil); n != 0 {
		t.Fatalf("refused pledges stored %d commitments", n)
	}

	c, err := sponsoring.Pledge(app, priya, camp.Id, amount("1200"))
	if err != nil {
		t.Fatal(err)
	}
	if c.GetInt("amount") != 1200 || c.GetString("status") != sponsoring.PledgeActive {
		t.Errorf("stored pledge: %d %s", c.GetInt("amount"), c.GetString("status"))
	}
	_, err = sponsoring.Pledge(app, priya, camp.Id, amount("5"))
	testutil.WantRefusal(t, err, refusal.Invalid, "You have already pledged to this request. Withdraw it to pledge a different amount.")

	// no amount: what is still open, which sponsors the request
	rest, err := sponsoring.Pledge(app, zed, camp.Id, amount("null"))
	if err != nil {
		t.Fatal(err)
	}
	camp = listing(t, app, "sponsorship_requests", "Health camp")
	if rest.GetInt("amount") != 2000 || camp.GetInt("pledgedAmount") != 3200 || camp.GetInt("sponsorCount") != 2 ||
		camp.GetString("status") != "sponsored" {
		t.Errorf("pledge of the rest: %d; request %d pledged by %d, %s", rest.GetInt("amount"),
			camp.GetInt("pledgedAmount"), camp.GetInt("sponsorCount"), camp.GetString("status"))
	}
	deal, err := app.FindFirstRecordByData("deals", "commitment", rest.Id)
	if err != nil || deal.GetInt("amount") != 2000 {
		t.Errorf("the pledge's deal: %v %v", deal, err)
	}
}

func TestWithdrawAction(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	priya, zed := testutil.FindByUsername(t, app, "priya"), testutil.FindByUsername(t, app, "zed")
	camp := listing(t, app, "sponsorship_requests", "Health camp")
	seven := sponsoring.PledgeAmount(700)
	c, err := sponsoring.Pledge(app, priya, camp.Id, sponsoring.PledgeBody{Amount: &seven})
	if err != nil {
		t.Fatal(err)
	}
	because := sponsoring.WithdrawBody{Reason: "  Budget moved  "}

	_, err = sponsoring.Withdraw(app, priya, c.Id, sponsoring.WithdrawBody{Reason: " "})
	testutil.WantRefusal(t, err, refusal.Invalid, "Please check the highlighted fields.", "reason")
	_, err = sponsoring.Withdraw(app, zed, c.Id, because)
	testutil.WantRefusal(t, err, refusal.NotFound, "Pledge not found.")
	_, err = sponsoring.Withdraw(app, gone(app, t), c.Id, because)
	testutil.WantRefusal(t, err, refusal.NotSignedIn, "You are not signed in.")

	w, err := sponsoring.Withdraw(app, priya, c.Id, because)
	if err != nil {
		t.Fatal(err)
	}
	camp = listing(t, app, "sponsorship_requests", "Health camp")
	if w.GetString("status") != sponsoring.PledgeWithdrawn || w.GetString("withdrawReason") != "Budget moved" ||
		camp.GetInt("pledgedAmount") != 0 || camp.GetInt("sponsorCount") != 0 {
		t.Errorf("withdrawn: %s %q; request %d by %d", w.GetString("status"), w.GetString("withdrawReason"),
			camp.GetInt("pledgedAmount"), camp.GetInt("sponsorCount"))
	}
	_, err = sponsoring.Withdraw(app, priya, c.Id, because)
	testutil.WantRefusal(t, err, refusal.Conflict, "This pledge was already withdrawn.")
}

func TestApplyAction(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	priya, dan, boss := testutil.FindByUsername(t, app, "priya"), testutil.FindByUsername(t, app, "dan"), testutil.FindByUsername(t, app, "boss")
	offer := listing(t, app, "sponsorships", "Robotics kits")
	note := sponsoring.ApplyBody{MessageBody: sponsoring.MessageBody{Message: "  We build robots.  "}}

	_, err := sponsoring.Apply(app, priya, offer.Id, sponsoring.ApplyBody{MessageBody: sponsoring.MessageBody{Message: strings.Repeat("y", sponsoring.MaxMessage+1)}})
	testutil.WantRefusal(t, err, refusal.Invalid, "Please check the highlighted fields.", "message")
	_, err = sponsoring.Apply(app, priya, "nosuchoffer1234", note)
	testutil.WantRefusal(t, err, refusal.NotFound, "Listing not found.")
	_, err = sponsoring.Apply(app, dan, offer.Id, note)
	testutil.WantRefusal(t, err, refusal.Forbidden, "You cannot apply to your own sponsorship.")
	// an administrator sees the rejected offer; nobody may apply to it
	_, err = sponsoring.Apply(app, boss, listing(t, app, "sponsorships", "Spam offer").Id, note)
	testutil.WantRefusal(t, err, refusal.Invalid, "This sponsorship was not approved and does not take applications.")
	_, err = sponsoring.Apply(app, gone(app, t), offer.Id, note)
	testutil.WantRefusal(t, err, refusal.NotSignedIn, "You are not signed in.")

	a, err := sponsoring.Apply(app, priya, offer.Id, note)
	if err != nil {
		t.Fatal(err)
	}
	if a.GetString("status") != sponsoring.StatusPending || a.GetString("message") != "We build robots." {
		t.Errorf("stored application: %s %q", a.GetString("status"), a.GetString("message"))
	}
	_, err = sponsoring.Apply(app, priya, offer.Id, note)
	testutil.WantRefusal(t, err, refusal.Conflict, "You have already applied for this sponsorship.")
}

func TestDecideAction(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seedApplied(t, app)
	dan, priya, boss := testutil.FindByUsername(t, app, "dan"), testutil.FindByUsername(t, app, "priya"), testutil.FindByUsername(t, app, "boss")
	pending, declined := applicationOf(t, app, "priya"), applicationOf(t, app, "zed")

	_, err := sponsoring.Decide(app, boss, pending.Id, sponsoring.StatusAccepted)
	testutil.WantRefusal(t, err, refusal.NotFound, "Application not found.")
	_, err = sponsoring.Decide(app, priya, pending.Id, sponsoring.StatusAccepted)
	testutil.WantRefusal(t, err, refusal.Forbidden, "Only the poster of the sponsorship can accept or decline applications.")
	_, err = sponsoring.Decide(app, dan, declined.Id, sponsoring.StatusAccepted)
	testutil.WantRefusal(t, err, refusal.Conflict, "This application has already been declined.")

	a, err := sponsoring.Decide(app, dan, pending.Id, sponsoring.StatusAccepted)
	if err != nil {
		t.Fatal(err)
	}
	deal, err := app.FindFirstRecordByData("deals", "application", a.Id)
	if a.GetString("status") != sponsoring.StatusAccepted || err != nil || deal.GetInt("amount") != 250 {
		t.Errorf("accepted: %s; its deal %v %v", a.GetString("status"), deal, err)
	}
	_, err = sponsoring.Decide(app, dan, pending.Id, sponsoring.StatusDeclined)
	testutil.WantRefusal(t, err, refusal.Conflict, "This application has already been accepted.")
}
