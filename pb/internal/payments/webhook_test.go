package payments_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/testutil"
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
	return testutil.Factory(liveConfig(newStandIn(t).URL), func(t testing.TB, app core.App) {
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
	hook := func(name, body string, headers map[string]string, status int, want string,
		after func(testing.TB, *tests.TestApp, *http.Response)) {
		testutil.Prepared(factory, tests.ApiScenario{Name: name, Method: http.MethodPost, URL: webhookURL,
			Body: strings.NewReader(body), Headers: headers, ExpectedStatus: status, ExpectedContent: []string{want},
			AfterTestFunc: after}, nil).Test(t)
	}

	paid := orderPaid("order_W1", "pay_W1", 90000)
	hook("order.paid activates the plan without a session", paid, signedHeaders(paid, "evt_1"), 200, `"status":"activated"`,
		func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			p := paymentOf(t, app, "order_W1")
			if p.GetString("status") != "paid" || p.GetString("paymentId") != "pay_W1" {
				t.Errorf("payment = %v", p.PublicExport())
			}
			if d := testutil.FindByUsername(t, app, "dan"); d.GetString("subscriptionPlan") != "quarterly" ||
				!near(d.GetDateTime("subscriptionExpiry").Time(), time.Now().UTC().AddDate(0, 3, 0)) {
				t.Errorf("dan = %v", d.PublicExport())
			}
			eventStored("evt_1", "activated")(t, app)
		})
	captured := paymentEvent("payment.captured", "order_W1", "pay_W1", 90000)
	hook("payment.captured activates too", captured, signedHeaders(captured, "evt_2"), 200, `"status":"activated"`,
		func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			if p := paymentOf(t, app, "order_W1"); p.GetString("status") != "paid" {
				t.Errorf("payment = %v", p.PublicExport())
			}
		})

	hook("bad signature", paid, map[string]string{"X-Razorpay-Signature": hexHMAC("guess", paid), "X-Razorpay-Event-Id": "evt_x"},
		400, `"message":"Invalid webhook signature."`, func(t testing.TB, app *tests.TestApp, r *http.Response) {
			notActivated(t, app, r)
			if n, _ := app.CountRecords("webhook_events"); n != 0 {
				t.Error("an unsigned event was recorded")
			}
		})
	hook("missing signature", paid, map[string]string{"X-Razorpay-Event-Id": "evt_x"}, 400, "Invalid webhook signature.", notActivated)
	hook("signature of another body", paid, signedHeaders(orderPaid("order_W1", "pay_W1", 90001), "evt_x"), 400,
		"Invalid webhook signature.", notActivated)

	tampered := orderPaid("order_W1", "pay_W1", 100)
	hook("signed event whose amount is not the order's: recorded, not activated", tampered, signedHeaders(tampered, "evt_t"),
		200, `"status":"amount_mismatch"`, func(t testing.TB, app *tests.TestApp, r *http.Response) {
			notActivated(t, app, r)
			eventStored("evt_t", "amount_mismatch")(t, app)
		})
	noAmount := `{"event":"order.paid","payload":{"order":{"entity":{"id":"order_W1","currency":"INR"}}}}`
	hook("paid event without an amount is not trusted", noAmount, signedHeaders(noAmount, "evt_n"), 200,
		`"status":"amount_mismatch"`, notActivated)

	refund := `{"entity":"event","event":"refund.created","payload":{"refund":{"entity":{"id":"rfnd_1"}}}}`
	hook("events we do not handle answer 200", refund, signedHeaders(refund, "evt_r"), 200, `"status":"ignored"`, notActivated)
	unknown := orderPaid("order_elsewhere", "pay_E", 40000)
	hook("orders we never made answer 200", unknown, signedHeaders(unknown, "evt_u"), 200, `"status":"unknown_order"`, notActivated)
	sandboxOrder := orderPaid("order_WS", "pay_S", 40000)
	hook("the webhook never activates a sandbox order", sandboxOrder, signedHeaders(sandboxOrder, "evt_s"), 200,
		`"status":"ignored"`, func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			if p := paymentOf(t, app, "order_WS"); p.GetString("status") != "created" {
				t.Errorf("sandbox order changed: %v", p.PublicExport())
			}
		})
	failed := paymentEvent("payment.failed", "order_W1", "pay_F", 90000)
	hook("payment.failed marks the attempt failed", failed, signedHeaders(failed, "evt_f"), 200, `"status":"marked_failed"`,
		func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			if p := paymentOf(t, app, "order_W1"); p.GetString("status") != "failed" {
				t.Errorf("payment = %v", p.PublicExport())
			}
		})
	garbage := `not json`
	hook("signed garbage", garbage, signedHeaders(garbage, "evt_g"), 400, "The webhook body is not valid JSON.", notActivated)
	big := `{"event":"refund.created","pad":"` + strings.Repeat("x", 1<<20) + `"}`
	hook("bodies over 1 MB", big, signedHeaders(big, "evt_b"), 413, `"status":413`, notActivated)
	medium := `{"event":"refund.created","pad":"` + strings.Repeat("x", 200<<10) + `"}`
	hook("bodies under 1 MB pass", medium, signedHeaders(medium, "evt_m"), 200, `"status":"ignored"`, nil)

	withCookie := func(t testing.TB, app core.App, s *tests.ApiScenario) {
		// A cross-site page cannot use a member's cookie to pass the webhook off as theirs.
		s.Headers = signedHeaders(paid, "evt_c")
		s.Headers["Cookie"] = testutil.Cookie(t, testutil.FindByUsername(t, app, "priya"))["Cookie"]
		s.Headers["Origin"] = "https://evil.example"
	}
	testutil.Prepared(factory, tests.ApiScenario{Name: "cookie from another origin is still refused", Method: http.MethodPost,
		URL: webhookURL, Body: strings.NewReader(paid), ExpectedStatus: 403, ExpectedContent: []string{"Cross-origin request rejected."},
		AfterTestFunc: notActivated}, withCookie).Test(t)
}

func TestWebhookPublishedVectorThroughTheRoute(t *testing.T) {
	t.Parallel()
	cfg := liveConfig(newStandIn(t).URL)
	cfg.RazorpayWebhookSecret = publishedWebhookSecret
	testutil.Prepared(testutil.Factory(cfg, seedMembers), tests.ApiScenario{
		Name: "Razorpay's published payment.authorized example verifies and is ignored", Method: http.MethodPost,
		URL: webhookURL, Body: strings.NewReader(publishedWebhookBody),
		Headers:        map[string]string{"X-Razorpay-Signature": publishedWebhookSig, "X-Razorpay-Event-Id": "evt_pub"},
		ExpectedStatus: 200, ExpectedContent: []string{`"status":"ignored"`},
	}, nil).Test(t)
}

func TestWebhookNeedsASecret(t *testing.T) {
	t.Parallel()
	body := orderPaid("order_W1", "pay_W1", 90000)
	testutil.Prepared(testutil.Factory(nil, seedMembers), tests.ApiScenario{
		Name: "without RAZORPAY_WEBHOOK_SECRET nothing is accepted, even signed with an empty key", Method: http.MethodPost,
		URL: webhookURL, Body: strings.NewReader(body),
		Headers:        map[string]string{"X-Razorpay-Signature": hexHMAC("", body), "X-Razorpay-Event-Id": "evt_e"},
		ExpectedStatus: 503, ExpectedContent: []string{"Payment webhooks are not configured on this server."},
	}, nil).Test(t)
}

// A retried delivery (same event id) and a second event for the same
// payment each leave the plan extended exactly once.
func TestWebhookReplays(t *testing.T) {
	t.Parallel()
	app := webhookFactory(t)(t)
	defer app.Cleanup()
	srv := testutil.Serve(t, app)
	paid := orderPaid("order_W1", "pay_W1", 90000)

	status, body := call(t, srv, http.MethodPost, webhookURL, paid, signedHeaders(paid, "evt_1"))
	if status != 200 || !strings.Contains(string(body), `"activated"`) {
		t.Fatalf("first delivery: %d %s", status, body)
	}
	expiry := expiryOf(t, app, "dan")

	status, body = call(t, srv, http.MethodPost, webhookURL, paid, signedHeaders(paid, "evt_1"))
	if status != 200 || !strings.Contains(string(body), `"duplicate"`) {
		t.Errorf("redelivery: %d %s", status, body)
	}
	captured := paymentEvent("payment.captured", "order_W1", "pay_W1", 90000)
	status, body = call(t, srv, http.MethodPost, webhookURL, captured, signedHeaders(captured, "evt_2"))
	if status != 200 || !strings.Contains(string(body), `"already_paid"`) {
		t.Errorf("second event: %d %s", status, body)
	}
	failed := paymentEvent("payment.failed", "order_W1", "pay_late", 90000)
	call(t, srv, http.MethodPost, webhookURL, failed, signedHeaders(failed, "evt_3"))

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
