package payments_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
	"sponsorbridge/pb/internal/when"
)

// refundProcessed is Razorpay's refund.processed event body (trimmed to
// real fields): the refund entity and the refunded payment's entity.
func refundProcessed(refundID, paymentID, orderID string, amount int, currency string, captured bool) string {
	return fmt.Sprintf(`{"entity":"event","account_id":"acc_T","event":"refund.processed","contains":["refund","payment"],`+
		`"payload":{"refund":{"entity":{"id":%q,"entity":"refund","amount":%d,"currency":%q,"payment_id":%q,"notes":{},`+
		`"receipt":null,"created_at":%d,"status":"processed","speed_processed":"normal"}},`+
		`"payment":{"entity":{"id":%q,"entity":"payment","amount":90000,"currency":"INR","status":"refunded","order_id":%q,`+
		`"captured":%t,"method":"upi","amount_refunded":%d,"refund_status":"partial"}}},"created_at":%d}`,
		refundID, amount, currency, paymentID, time.Now().Unix(), paymentID, orderID, captured, amount, time.Now().Unix())
}

// seedRefundable: dan bought the 3 Month Plan (₹900, order_W1, its only
// plan); priya bought the 6 Month Plan (order_P0) and, a day later, the
// 1 Month Plan on top (order_P1), with a year ahead;
// order_WS is dan's paid sandbox order; order_U1 is dan's order whose
// activation never reached us.
func seedRefundable(t testing.TB, app core.App) {
	seedMembers(t, app)
	now := time.Now().UTC()
	markPaid(t, app, seedPayment(t, app, "dan", "order_W1", paymentOpts{plan: "quarterly"}), "pay_W1", 1, now)
	setExpiry(t, app, "dan", "active", when.AddMonths(now, 3))
	markPaid(t, app, seedPayment(t, app, "priya", "order_P0", paymentOpts{plan: "biannual"}), "pay_P0", 4, now.Add(-24*time.Hour))
	markPaid(t, app, seedPayment(t, app, "priya", "order_P1", paymentOpts{}), "pay_P1", 2, now)
	setExpiry(t, app, "priya", "active", when.AddMonths(now, 13)) // the 1 Month Plan named last
	markPaid(t, app, seedPayment(t, app, "dan", "order_WS", paymentOpts{provider: "sandbox"}), "pay_sandbox_WS", 3, now)
	seedPayment(t, app, "dan", "order_U1", paymentOpts{})
}

func notesOf(t testing.TB, app core.App, username string) []*core.Record {
	t.Helper()
	notes, err := app.FindRecordsByFilter("notifications", "user = {:u}", "", 0, 0,
		map[string]any{"u": testutil.FindByUsername(t, app, username).Id})
	if err != nil {
		t.Fatal(err)
	}
	return notes
}

func refundCount(t testing.TB, app core.App) int {
	n, err := app.CountRecords("refunds")
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

// planUntouched checks dan still has his 3 Month Plan and order_W1 is paid.
func planUntouched(t testing.TB, app *tests.TestApp, _ *http.Response) {
	if p := paymentOf(t, app, "order_W1"); p.GetString("status") != "paid" {
		t.Errorf("payment changed: %v", p.PublicExport())
	}
	d := testutil.FindByUsername(t, app, "dan")
	if d.GetString("subscriptionStatus") != "active" || !near(d.GetDateTime("subscriptionExpiry").Time(), when.AddMonths(time.Now(), 3)) {
		t.Errorf("dan's plan changed: %v", d.PublicExport())
	}
	if n := len(notesOf(t, app, "dan")); n != 0 {
		t.Errorf("%d notifications for dan", n)
	}
}

func TestWebhookRefunds(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(liveConfig(newStandIn(t).URL), seedRefundable)
	hook := func(c testutil.Call) {
		c.Method, c.URL = http.MethodPost, webhookURL
		c.Test(t, factory)
	}

	// A full refund stores the webhook event, the refund and a notification,
	// and updates the payment and the member.
	full := refundProcessed("rfnd_1", "pay_W1", "order_W1", 90000, "INR", true)
	hook(testutil.Call{
		Name:    "a full refund ends the plan and tells the member",
		Body:    full,
		Headers: signedHeaders(full, "evt_rf1"),
		Status:  200,
		Want:    []string{`"status":"refunded"`},
		Events:  testutil.WritesAmidMail(3, 2),
		After: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			p := paymentOf(t, app, "order_W1")
			if p.GetString("status") != "refunded" || p.GetInt("receiptNo") != 1 {
				t.Errorf("payment = %v", p.PublicExport())
			}
			d := testutil.FindByUsername(t, app, "dan")
			if d.GetString("subscriptionStatus") != "cancelled" || !near(d.GetDateTime("subscriptionExpiry").Time(), time.Now()) {
				t.Errorf("dan = %v", d.PublicExport())
			}
			notes := notesOf(t, app, "dan")
			if len(notes) != 1 || notes[0].GetString("type") != "plan_refunded" ||
				notes[0].GetString("title") != "Your payment of ₹900 was refunded" ||
				notes[0].GetString("body") != "The 3 Month Plan it paid for has ended." ||
				notes[0].GetString("link") != "/subscription/receipts/"+p.Id {
				t.Errorf("notifications = %v", notes)
			}
			r, err := app.FindFirstRecordByData("refunds", "refundId", "rfnd_1")
			if err != nil || r.GetInt("amount") != 90000 || r.GetString("payment") != p.Id {
				t.Errorf("refund = %v %v", r, err)
			}
			eventStored("evt_rf1", "refunded")(t, app)
		},
	})
	partial := refundProcessed("rfnd_2", "pay_W1", "order_W1", 25050, "INR", true)
	hook(testutil.Call{
		Name:    "a partial refund is recorded and told, and the plan stays",
		Body:    partial,
		Headers: signedHeaders(partial, "evt_rf2"),
		Status:  200,
		Want:    []string{`"status":"partially_refunded"`},
		Events:  testutil.WritesAmidMail(3, 0),
		After: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			if p := paymentOf(t, app, "order_W1"); p.GetString("status") != "paid" {
				t.Errorf("payment = %v", p.PublicExport())
			}
			d := testutil.FindByUsername(t, app, "dan")
			if d.GetString("subscriptionStatus") != "active" || !near(d.GetDateTime("subscriptionExpiry").Time(), when.AddMonths(time.Now(), 3)) {
				t.Errorf("dan = %v", d.PublicExport())
			}
			notes := notesOf(t, app, "dan")
			if len(notes) != 1 || notes[0].GetString("title") != "₹250.50 of your payment for the 3 Month Plan was refunded" ||
				notes[0].GetString("body") != "Your plan is unchanged." {
				t.Errorf("notifications = %v", notes)
			}
		},
	})
	stacked := refundProcessed("rfnd_3", "pay_P1", "order_P1", 40000, "INR", true)
	hook(testutil.Call{
		Name:    "a full refund of a plan bought on top takes back only its months",
		Body:    stacked,
		Headers: signedHeaders(stacked, "evt_rf3"),
		Status:  200,
		Want:    []string{`"status":"refunded"`},
		Events:  testutil.WritesAmidMail(3, 2),
		After: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			p := testutil.FindByUsername(t, app, "priya")
			want := when.AddMonths(when.AddMonths(time.Now().UTC(), 13), -1)
			if p.GetString("subscriptionStatus") != "active" || !near(p.GetDateTime("subscriptionExpiry").Time(), want) {
				t.Errorf("priya = %v", p.PublicExport())
			}
			// the subscription names the plan still paid for, not the refunded one
			if got := p.GetString("subscriptionPlan"); got != "biannual" {
				t.Errorf("priya's plan = %q, want biannual (the 6 Month Plan she still holds)", got)
			}
			notes := notesOf(t, app, "priya")
			if len(notes) != 1 || !strings.HasPrefix(notes[0].GetString("body"),
				"The 1 Month Plan it paid for was taken off your subscription, which now ends on ") {
				t.Errorf("notifications = %v", notes)
			}
		},
	})
	unactivated := refundProcessed("rfnd_4", "pay_U1", "order_U1", 40000, "INR", true)
	hook(testutil.Call{
		Name:    "a refund of a payment whose activation never reached us marks it refunded and changes no plan",
		Body:    unactivated,
		Headers: signedHeaders(unactivated, "evt_rf4"),
		Status:  200,
		Want:    []string{`"status":"refunded"`},
		Events:  testutil.WritesAmidMail(3, 1),
		After: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			p := paymentOf(t, app, "order_U1")
			if p.GetString("status") != "refunded" || p.GetString("paymentId") != "pay_U1" || p.GetInt("receiptNo") != 0 {
				t.Errorf("payment = %v", p.PublicExport())
			}
			if d := testutil.FindByUsername(t, app, "dan"); d.GetString("subscriptionStatus") != "active" {
				t.Errorf("dan = %v", d.PublicExport())
			}
			notes := notesOf(t, app, "dan")
			if len(notes) != 1 || notes[0].GetString("body") != "It never activated a plan, so your plan is unchanged." ||
				notes[0].GetString("link") != "/subscription" {
				t.Errorf("notifications = %v", notes)
			}
		},
	})

	// Refused or not ours: recorded as an event (when signed), nothing else.
	hook(testutil.Call{
		Name:    "a refund with a bad signature",
		Body:    full,
		Headers: map[string]string{"X-Razorpay-Signature": hexHMAC("guess", full), "X-Razorpay-Event-Id": "evt_x"},
		Status:  400,
		Want:    []string{"Invalid webhook signature."},
		Events:  testutil.NoWrites(),
		After: func(t testing.TB, app *tests.TestApp, r *http.Response) {
			planUntouched(t, app, r)
			if n := refundCount(t, app); n != 0 {
				t.Errorf("%d refunds stored", n)
			}
		},
	})
	for _, c := range []struct{ name, body, outcome string }{
		{"a refund of a payment we never took", refundProcessed("rfnd_5", "pay_elsewhere", "order_elsewhere", 40000, "INR", true), "unknown_payment"},
		{"a refund of another attempt of our order", refundProcessed("rfnd_6", "pay_other", "order_W1", 90000, "INR", true), "unknown_payment"},
		{"a refund of more than was paid", refundProcessed("rfnd_7", "pay_W1", "order_W1", 90001, "INR", true), "amount_mismatch"},
		{"a refund in another currency", refundProcessed("rfnd_8", "pay_W1", "order_W1", 90000, "USD", true), "amount_mismatch"},
		{"a refund of nothing", refundProcessed("rfnd_9", "pay_W1", "order_W1", 0, "INR", true), "amount_mismatch"},
		{"an auto-refund of an attempt never captured", refundProcessed("rfnd_10", "pay_W1", "order_W1", 90000, "INR", false), "ignored"},
		{"a refund of a sandbox payment", refundProcessed("rfnd_11", "pay_sandbox_WS", "order_WS", 40000, "INR", true), "ignored"},
		{"a refund without its ids", `{"event":"refund.processed","payload":{"refund":{"entity":{"amount":100}}}}`, "ignored"},
	} {
		hook(testutil.Call{
			Name:    c.name,
			Body:    c.body,
			Headers: signedHeaders(c.body, "evt_n"),
			Status:  200,
			Want:    []string{`"status":"` + c.outcome + `"`},
			Events:  testutil.Writes(1, 0, 0),
			After: func(t testing.TB, app *tests.TestApp, r *http.Response) {
				planUntouched(t, app, r)
				if n := refundCount(t, app); n != 0 {
					t.Errorf("%d refunds stored", n)
				}
				eventStored("evt_n", c.outcome)(t, app)
			},
		})
	}
}

// Redeliveries, the same refund under another event id, a paid event after
// the refund, and two partial refunds that add up: each counts once.
func TestWebhookRefundReplays(t *testing.T) {
	t.Parallel()
	app := apptest.Factory(liveConfig(newStandIn(t).URL), seedRefundable)(t)
	defer app.Cleanup()
	j := testutil.NewJourney(t, app)
	deliver := func(body, eventID, want string, events map[string]int) {
		t.Helper()
		j.Do(t, testutil.Call{Name: eventID + " (" + want + ")", Method: http.MethodPost, URL: webhookURL, Body: body,
			Headers: signedHeaders(body, eventID), Status: 200, Events: events, Want: []string{`"status":"` + want + `"`}})
	}

	// the event, the refund and the member's notification (mailed in the
	// background); the last refund also ends the payment and the plan
	first := refundProcessed("rfnd_a", "pay_W1", "order_W1", 30000, "INR", true)
	deliver(first, "evt_a", "partially_refunded", testutil.WritesAmidMail(3, 0))
	deliver(first, "evt_a", "duplicate", duplicate)
	deliver(first, "evt_a_again", "refund_already_recorded", recorded)
	if d := testutil.FindByUsername(t, app, "dan"); d.GetString("subscriptionStatus") != "active" {
		t.Errorf("a partial refund ended the plan: %v", d.PublicExport())
	}

	rest := refundProcessed("rfnd_b", "pay_W1", "order_W1", 60000, "INR", true)
	deliver(rest, "evt_b", "refunded", testutil.WritesAmidMail(3, 2))
	d := testutil.FindByUsername(t, app, "dan")
	if d.GetString("subscriptionStatus") != "cancelled" {
		t.Errorf("refunds adding up to the amount did not end the plan: %v", d.PublicExport())
	}
	expiry := d.GetDateTime("subscriptionExpiry").Time()

	deliver(refundProcessed("rfnd_c", "pay_W1", "order_W1", 100, "INR", true), "evt_c", "amount_mismatch", recorded)
	paid := orderPaid("order_W1", "pay_W1", 90000)
	deliver(paid, "evt_paid_late", "already_refunded", recorded)

	if got := expiryOf(t, app, "dan"); !got.Equal(expiry) {
		t.Errorf("expiry moved from %v to %v", expiry, got)
	}
	if p := paymentOf(t, app, "order_W1"); p.GetString("status") != "refunded" {
		t.Errorf("a late paid event revived a refunded payment: %v", p.PublicExport())
	}
	if n := refundCount(t, app); n != 2 {
		t.Errorf("%d refunds stored, want 2", n)
	}
	if n := len(notesOf(t, app, "dan")); n != 2 {
		t.Errorf("%d notifications, want one per refund", n)
	}
}

var (
	// recorded: the event is stored and nothing else changes (mail of an
	// earlier step may still go out meanwhile)
	recorded = testutil.WritesAmidMail(1, 0)
	// duplicate: a redelivered event id changes nothing, not even the log of events
	duplicate = testutil.NoWrites()
)
