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

const webhookURL = "/api/payments/webhook"

// orderPaid is Razorpay's order.paid event body (trimmed to real fields).
func orderPaid(orderID, paymentID string, amount int) string {
	return fmt.Sprintf(`{"entity":"event","account_id":"acc_T","event":"order.paid","contains":["payment","order"],`+
		`"payload":{"payment":{"entity":{"id":%q,"entity":"payment","amount":%d,"currency":"INR","status":"captured",`+
		`"order_id":%q,"captured":true,"method":"upi"}},"order":{"entity":{"id":%q,"entity":"order","amount":%d,`+
		`"amount_paid":%d,"amount_due":0,"currency":"INR","receipt":"sb_test","status":"paid","attempts":1}}},"created_at":%d}`,
		paymentID, amount, orderID, orderID, amount, amount, time.Now().Unix())
}

// paymentEvent is a payment.* event body (payment.captured, payment.failed).
func paymentEvent(event, orderID, paymentID string, amount int) string {
	return fmt.Sprintf(`{"entity":"event","account_id":"acc_T","event":%q,"contains":["payment"],`+
		`"payload":{"payment":{"entity":{"id":%q,"entity":"payment","amount":%d,"currency":"INR","order_id":%q}}},"created_at":%d}`,
		event, paymentID, amount, orderID, time.Now().Unix())
}

func signedHeaders(body, eventID string) map[string]string {
	return map[string]string{"X-Razorpay-Signature": hexHMAC(testWebhookSecret, body), "X-Razorpay-Event-Id": eventID}
}

func webhookFactory(t *testing.T) func(testing.TB) *tests.TestApp {
	return apptest.Factory(liveConfig(newStandIn(t).URL), func(t testing.TB, app core.App) {
		seedMembers(t, app)
		seedPayment(t, app, "dan", "order_W1", paymentOpts{plan: "quarterly"})
		seedPayment(t, app, "dan", "order_WS", paymentOpts{provider: "sandbox"})
	})
}

func notActivated(t testing.TB, app *tests.TestApp, _ *http.Response) {
	if p := paymentOf(t, app, "order_W1"); p.GetString("status") != "created" {
		t.Errorf("payment changed: %v", p.PublicExport())
	}
	if d := testutil.FindByUsername(t, app, "dan"); d.GetString("subscriptionStatus") != "" {
		t.Errorf("dan's plan changed: %v", d.PublicExport())
	}
}

func eventStored(id, outcome string) func(testing.TB, *tests.TestApp) {
	return func(t testing.TB, app *tests.TestApp) {
		r, err := app.FindFirstRecordByData("webhook_events", "eventId", id)
		if err != nil || r.GetString("outcome") != outcome {
			t.Errorf("event %s: %v %v", id, r, err)
		}
	}
}

func TestWebhook(t *testing.T) {
	t.Parallel()
	factory := webhookFactory(t)
	// hook posts c.Body to the webhook route (no session: Razorpay calls it).
	hook := func(c testutil.Call) {
		c.Method, c.URL = http.MethodPost, webhookURL
		c.Test(t, factory)
	}

	// Every signed event is recorded (one webhook_events record); an
	// activation also updates the payment and the member, a failure the
	// payment. Refused events write nothing.
	paid := orderPaid("order_W1", "pay_W1", 90000)
	hook(testutil.Call{
		Name:    "order.paid activates the plan without a session",
		Body:    paid,
		Headers: signedHeaders(paid, "evt_1"),
		Status:  200,
		Events:  testutil.Writes(1, 2, 0),
		Want:    []string{`"status":"activated"`},
		After: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			p := paymentOf(t, app, "order_W1")
			if p.GetString("status") != "paid" || p.GetString("paymentId") != "pay_W1" {
				t.Errorf("payment = %v", p.PublicExport())
			}
			if d := testutil.FindByUsername(t, app, "dan"); d.GetString("subscriptionPlan") != "quarterly" ||
				!near(d.GetDateTime("subscriptionExpiry").Time(), when.AddMonths(time.Now().UTC(), 3)) {
				t.Errorf("dan = %v", d.PublicExport())
			}
			eventStored("evt_1", "activated")(t, app)
		},
	})
	captured := paymentEvent("payment.captured", "order_W1", "pay_W1", 90000)
	hook(testutil.Call{
		Name:    "payment.captured activates too",
		Body:    captured,
		Headers: signedHeaders(captured, "evt_2"),
		Status:  200,
		Events:  testutil.Writes(1, 2, 0),
		Want:    []string{`"status":"activated"`},
		After: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			if p := paymentOf(t, app, "order_W1"); p.GetString("status") != "paid" {
				t.Errorf("payment = %v", p.PublicExport())
			}
		},
	})

	hook(testutil.Call{
		Name:    "bad signature",
		Body:    paid,
		Headers: map[string]string{"X-Razorpay-Signature": hexHMAC("guess", paid), "X-Razorpay-Event-Id": "evt_x"},
		Status:  400,
		Want:    []string{`"message":"Invalid webhook signature."`},
		Events:  testutil.NoWrites(),
		After: func(t testing.TB, app *tests.TestApp, r *http.Response) {
			notActivated(t, app, r)
			if n, _ := app.CountRecords("webhook_events"); n != 0 {
				t.Error("an unsigned event was recorded")
			}
		},
	})
	hook(testutil.Call{
		Name:    "missing signature",
		Body:    paid,
		Headers: map[string]string{"X-Razorpay-Event-Id": "evt_x"},
		Status:  400,
		Want:    []string{"Invalid webhook signature."},
		Events:  testutil.NoWrites(),
		After:   notActivated,
	})
	hook(testutil.Call{
		Name:    "signature of another body",
		Body:    paid,
		Headers: signedHeaders(orderPaid("order_W1", "pay_W1", 90001), "evt_x"),
		Status:  400,
		Want:    []string{"Invalid webhook signature."},
		Events:  testutil.NoWrites(),
		After:   notActivated,
	})

	tampered := orderPaid("order_W1", "pay_W1", 100)
	hook(testutil.Call{
		Name:    "signed event whose amount is not the order's: recorded, not activated",
		Body:    tampered,
		Headers: signedHeaders(tampered, "evt_t"),
		Status:  200,
		Events:  testutil.Writes(1, 0, 0),
		Want:    []string{`"status":"amount_mismatch"`},
		After: func(t testing.TB, app *tests.TestApp, r *http.Response) {
			notActivated(t, app, r)
			eventStored("evt_t", "amount_mismatch")(t, app)
		},
	})
	noAmount := `{"event":"order.paid","payload":{"order":{"entity":{"id":"order_W1","currency":"INR"}}}}`
	hook(testutil.Call{
		Name:    "paid event without an amount is not trusted",
		Body:    noAmount,
		Headers: signedHeaders(noAmount, "evt_n"),
		Status:  200,
		Events:  testutil.Writes(1, 0, 0),
		Want:    []string{`"status":"amount_mismatch"`},
		After:   notActivated,
	})

	refund := `{"entity":"event","event":"refund.created","payload":{"refund":{"entity":{"id":"rfnd_1"}}}}`
	hook(testutil.Call{
		Name:    "events we do not handle answer 200",
		Body:    refund,
		Headers: signedHeaders(refund, "evt_r"),
		Status:  200,
		Events:  testutil.Writes(1, 0, 0),
		Want:    []string{`"status":"ignored"`},
		After:   notActivated,
	})
	unknown := orderPaid("order_elsewhere", "pay_E", 40000)
	hook(testutil.Call{
		Name:    "orders we never made answer 200",
		Body:    unknown,
		Headers: signedHeaders(unknown, "evt_u"),
		Status:  200,
		Events:  testutil.Writes(1, 0, 0),
		Want:    []string{`"status":"unknown_order"`},
		After:   notActivated,
	})
	sandboxOrder := orderPaid("order_WS", "pay_S", 40000)
	hook(testutil.Call{
		Name:    "the webhook never activates a sandbox order",
		Body:    sandboxOrder,
		Headers: signedHeaders(sandboxOrder, "evt_s"),
		Status:  200,
		Events:  testutil.Writes(1, 0, 0),
		Want:    []string{`"status":"ignored"`},
		After: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			if p := paymentOf(t, app, "order_WS"); p.GetString("status") != "created" {
				t.Errorf("sandbox order changed: %v", p.PublicExport())
			}
		},
	})
	failed := paymentEvent("payment.failed", "order_W1", "pay_F", 90000)
	hook(testutil.Call{
		Name:    "payment.failed marks the attempt failed",
		Body:    failed,
		Headers: signedHeaders(failed, "evt_f"),
		Status:  200,
		Events:  testutil.Writes(1, 1, 0),
		Want:    []string{`"status":"marked_failed"`},
		After: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			if p := paymentOf(t, app, "order_W1"); p.GetString("status") != "failed" {
				t.Errorf("payment = %v", p.PublicExport())
			}
		},
	})
	garbage := `not json`
	hook(testutil.Call{
		Name:    "signed garbage",
		Body:    garbage,
		Headers: signedHeaders(garbage, "evt_g"),
		Status:  400,
		Want:    []string{"The webhook body is not valid JSON."},
		Events:  testutil.NoWrites(),
		After:   notActivated,
	})
	big := `{"event":"refund.created","pad":"` + strings.Repeat("x", 1<<20) + `"}`
	hook(testutil.Call{
		Name:    "bodies over 1 MB",
		Body:    big,
		Headers: signedHeaders(big, "evt_b"),
		Status:  413,
		Want:    []string{`"status":413`},
		Events:  testutil.NoWrites(),
		After:   notActivated,
	})
	medium := `{"event":"refund.created","pad":"` + strings.Repeat("x", 200<<10) + `"}`
	hook(testutil.Call{
		Name:    "bodies under 1 MB pass",
		Body:    medium,
		Headers: signedHeaders(medium, "evt_m"),
		Status:  200,
		Events:  testutil.Writes(1, 0, 0),
		Want:    []string{`"status":"ignored"`},
	})

	withCookie := func(t testing.TB, app core.App, s *tests.ApiScenario) {
		// A cross-site page cannot use a member's cookie to pass the webhook off as theirs.
		s.Headers = signedHeaders(paid, "evt_c")
		s.Headers["Cookie"] = testutil.Cookie(t, testutil.FindByUsername(t, app, "priya"))["Cookie"]
		s.Headers["Origin"] = "https://evil.example"
	}
	testutil.Prepared(factory, tests.ApiScenario{Name: "cookie from another origin is still refused", Method: http.MethodPost,
		URL: webhookURL, Body: strings.NewReader(paid), ExpectedStatus: 403, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{"Cross-origin request rejected."},
		AfterTestFunc: notActivated}, withCookie).Test(t)
}

func TestWebhookPublishedVectorThroughTheRoute(t *testing.T) {
	t.Parallel()
	cfg := liveConfig(newStandIn(t).URL)
	cfg.RazorpayWebhookSecret = publishedWebhookSecret
	testutil.Prepared(apptest.Factory(cfg, seedMembers), tests.ApiScenario{
		Name: "Razorpay's published payment.authorized example verifies and is ignored", Method: http.MethodPost,
		URL: webhookURL, Body: strings.NewReader(publishedWebhookBody),
		Headers:        map[string]string{"X-Razorpay-Signature": publishedWebhookSig, "X-Razorpay-Event-Id": "evt_pub"},
		ExpectedStatus: 200, ExpectedEvents: testutil.Writes(1, 0, 0), ExpectedContent: []string{`"status":"ignored"`},
	}, nil).Test(t)
}

func TestWebhookNeedsASecret(t *testing.T) {
	t.Parallel()
	body := orderPaid("order_W1", "pay_W1", 90000)
	testutil.Prepared(apptest.Factory(nil, seedMembers), tests.ApiScenario{
		Name: "without RAZORPAY_WEBHOOK_SECRET nothing is accepted, even signed with an empty key", Method: http.MethodPost,
		URL: webhookURL, Body: strings.NewReader(body),
		Headers:        map[string]string{"X-Razorpay-Signature": hexHMAC("", body), "X-Razorpay-Event-Id": "evt_e"},
		ExpectedStatus: 503, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{"Payment webhooks are not configured on this server."},
	}, nil).Test(t)
}

// A retried delivery (same event id) and a second event for the same
// payment each leave the plan extended exactly once.
func TestWebhookReplays(t *testing.T) {
	t.Parallel()
	app := webhookFactory(t)(t)
	defer app.Cleanup()
	j := testutil.NewJourney(t, app)
	deliver := func(name, body, eventID string, events map[string]int, want string) {
		t.Helper()
		j.Do(t, testutil.Call{Name: name, Method: http.MethodPost, URL: webhookURL, Body: body,
			Headers: signedHeaders(body, eventID), Status: 200, Events: events, Want: []string{`"status":"` + want + `"`}})
	}
	paid := orderPaid("order_W1", "pay_W1", 90000)
	deliver("the first delivery", paid, "evt_1", testutil.Writes(1, 2, 0), "activated") // the event, the payment, the plan
	expiry := expiryOf(t, app, "dan")
	deliver("its redelivery", paid, "evt_1", duplicate, "duplicate")
	captured := paymentEvent("payment.captured", "order_W1", "pay_W1", 90000)
	deliver("a second event for the payment", captured, "evt_2", recorded, "already_paid")
	failed := paymentEvent("payment.failed", "order_W1", "pay_late", 90000)
	deliver("a late failure", failed, "evt_3", recorded, "ignored")

	if got := expiryOf(t, app, "dan"); !got.Equal(expiry) {
		t.Errorf("expiry moved from %v to %v on a replay", expiry, got)
	}
	if p := paymentOf(t, app, "order_W1"); p.GetString("status") != "paid" {
		t.Errorf("a late failure un-paid the order: %v", p.PublicExport())
	}
	if n, _ := app.CountRecords("webhook_events"); n != 3 {
		t.Errorf("%d events recorded, want 3", n)
	}
}
