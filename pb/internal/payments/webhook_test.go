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
	// hook posts s.Body to the webhook route (no session: Razorpay calls it).
	hook := func(s tests.ApiScenario) {
		s.Method, s.URL = http.MethodPost, webhookURL
		testutil.Prepared(factory, s, nil).Test(t)
	}

	// Every signed event is recorded (one webhook_events record); an
	// activation also updates the payment and the member, a failure the
	// payment. Refused events write nothing.
	paid := orderPaid("order_W1", "pay_W1", 90000)
	hook(tests.ApiScenario{
		Name:            "order.paid activates the plan without a session",
		Body:            strings.NewReader(paid),
		Headers:         signedHeaders(paid, "evt_1"),
		ExpectedStatus:  200,
		ExpectedEvents:  testutil.Writes(1, 2, 0),
		ExpectedContent: []string{`"status":"activated"`},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
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
	hook(tests.ApiScenario{
		Name:            "payment.captured activates too",
		Body:            strings.NewReader(captured),
		Headers:         signedHeaders(captured, "evt_2"),
		ExpectedStatus:  200,
		ExpectedEvents:  testutil.Writes(1, 2, 0),
		ExpectedContent: []string{`"status":"activated"`},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			if p := paymentOf(t, app, "order_W1"); p.GetString("status") != "paid" {
				t.Errorf("payment = %v", p.PublicExport())
			}
		},
	})

	hook(tests.ApiScenario{
		Name:            "bad signature",
		Body:            strings.NewReader(paid),
		Headers:         map[string]string{"X-Razorpay-Signature": hexHMAC("guess", paid), "X-Razorpay-Event-Id": "evt_x"},
		ExpectedStatus:  400,
		ExpectedContent: []string{`"message":"Invalid webhook signature."`},
		ExpectedEvents:  testutil.NoWrites(),
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, r *http.Response) {
			notActivated(t, app, r)
			if n, _ := app.CountRecords("webhook_events"); n != 0 {
				t.Error("an unsigned event was recorded")
			}
		},
	})
	hook(tests.ApiScenario{
		Name:            "missing signature",
		Body:            strings.NewReader(paid),
		Headers:         map[string]string{"X-Razorpay-Event-Id": "evt_x"},
		ExpectedStatus:  400,
		ExpectedContent: []string{"Invalid webhook signature."},
		ExpectedEvents:  testutil.NoWrites(),
		AfterTestFunc:   notActivated,
	})
	hook(tests.ApiScenario{
		Name:            "signature of another body",
		Body:            strings.NewReader(paid),
		Headers:         signedHeaders(orderPaid("order_W1", "pay_W1", 90001), "evt_x"),
		ExpectedStatus:  400,
		ExpectedContent: []string{"Invalid webhook signature."},
		ExpectedEvents:  testutil.NoWrites(),
		AfterTestFunc:   notActivated,
	})

	tampered := orderPaid("order_W1", "pay_W1", 100)
	hook(tests.ApiScenario{
		Name:            "signed event whose amount is not the order's: recorded, not activated",
		Body:            strings.NewReader(tampered),
		Headers:         signedHeaders(tampered, "evt_t"),
		ExpectedStatus:  200,
		ExpectedEvents:  testutil.Writes(1, 0, 0),
		ExpectedContent: []string{`"status":"amount_mismatch"`},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, r *http.Response) {
			notActivated(t, app, r)
			eventStored("evt_t", "amount_mismatch")(t, app)
		},
	})
	noAmount := `{"event":"order.paid","payload":{"order":{"entity":{"id":"order_W1","currency":"INR"}}}}`
	hook(tests.ApiScenario{
		Name:            "paid event without an amount is not trusted",
		Body:            strings.NewReader(noAmount),
		Headers:         signedHeaders(noAmount, "evt_n"),
		ExpectedStatus:  200,
		ExpectedEvents:  testutil.Writes(1, 0, 0),
		ExpectedContent: []string{`"status":"amount_mismatch"`},
		AfterTestFunc:   notActivated,
	})

	refund := `{"entity":"event","event":"refund.created","payload":{"refund":{"entity":{"id":"rfnd_1"}}}}`
	hook(tests.ApiScenario{
		Name:            "events we do not handle answer 200",
		Body:            strings.NewReader(refund),
		Headers:         signedHeaders(refund, "evt_r"),
		ExpectedStatus:  200,
		ExpectedEvents:  testutil.Writes(1, 0, 0),
		ExpectedContent: []string{`"status":"ignored"`},
		AfterTestFunc:   notActivated,
	})
	unknown := orderPaid("order_elsewhere", "pay_E", 40000)
	hook(tests.ApiScenario{
		Name:            "orders we never made answer 200",
		Body:            strings.NewReader(unknown),
		Headers:         signedHeaders(unknown, "evt_u"),
		ExpectedStatus:  200,
		ExpectedEvents:  testutil.Writes(1, 0, 0),
		ExpectedContent: []string{`"status":"unknown_order"`},
		AfterTestFunc:   notActivated,
	})
	sandboxOrder := orderPaid("order_WS", "pay_S", 40000)
	hook(tests.ApiScenario{
		Name:            "the webhook never activates a sandbox order",
		Body:            strings.NewReader(sandboxOrder),
		Headers:         signedHeaders(sandboxOrder, "evt_s"),
		ExpectedStatus:  200,
		ExpectedEvents:  testutil.Writes(1, 0, 0),
		ExpectedContent: []string{`"status":"ignored"`},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			if p := paymentOf(t, app, "order_WS"); p.GetString("status") != "created" {
				t.Errorf("sandbox order changed: %v", p.PublicExport())
			}
		},
	})
	failed := paymentEvent("payment.failed", "order_W1", "pay_F", 90000)
	hook(tests.ApiScenario{
		Name:            "payment.failed marks the attempt failed",
		Body:            strings.NewReader(failed),
		Headers:         signedHeaders(failed, "evt_f"),
		ExpectedStatus:  200,
		ExpectedEvents:  testutil.Writes(1, 1, 0),
		ExpectedContent: []string{`"status":"marked_failed"`},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			if p := paymentOf(t, app, "order_W1"); p.GetString("status") != "failed" {
				t.Errorf("payment = %v", p.PublicExport())
			}
		},
	})
	garbage := `not json`
	hook(tests.ApiScenario{
		Name:            "signed garbage",
		Body:            strings.NewReader(garbage),
		Headers:         signedHeaders(garbage, "evt_g"),
		ExpectedStatus:  400,
		ExpectedContent: []string{"The webhook body is not valid JSON."},
		ExpectedEvents:  testutil.NoWrites(),
		AfterTestFunc:   notActivated,
	})
	big := `{"event":"refund.created","pad":"` + strings.Repeat("x", 1<<20) + `"}`
	hook(tests.ApiScenario{
		Name:            "bodies over 1 MB",
		Body:            strings.NewReader(big),
		Headers:         signedHeaders(big, "evt_b"),
		ExpectedStatus:  413,
		ExpectedContent: []string{`"status":413`},
		ExpectedEvents:  testutil.NoWrites(),
		AfterTestFunc:   notActivated,
	})
	medium := `{"event":"refund.created","pad":"` + strings.Repeat("x", 200<<10) + `"}`
	hook(tests.ApiScenario{
		Name:            "bodies under 1 MB pass",
		Body:            strings.NewReader(medium),
		Headers:         signedHeaders(medium, "evt_m"),
		ExpectedStatus:  200,
		ExpectedEvents:  testutil.Writes(1, 0, 0),
		ExpectedContent: []string{`"status":"ignored"`},
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
		j.Step(t, step(name, http.MethodPost, webhookURL, body, signedHeaders(body, eventID), 200, events, `"status":"`+want+`"`))
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
