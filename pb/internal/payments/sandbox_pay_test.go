package payments_test

import (
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

func TestSandboxPay(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, func(t testing.TB, app core.App) {
		seedMembers(t, app)
		seedPayment(t, app, "dan", "order_sandbox_D", paymentOpts{provider: "sandbox"})
	})
	// pay posts c.Body to the sandbox checkout as who.
	pay := func(c testutil.Call) {
		c.Method, c.URL = http.MethodPost, "/api/payments/sandbox/pay"
		c.Test(t, factory)
	}
	createdStill := func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		if p := paymentOf(t, app, "order_sandbox_D"); p.GetString("status") != "created" {
			t.Errorf("payment = %v", p.PublicExport())
		}
	}
	pay(testutil.Call{
		Who:    "dan",
		Name:   "owner gets Checkout's success answer; paying alone activates nothing",
		Body:   `{"orderId":"order_sandbox_D"}`,
		Status: 200,
		Events: testutil.Writes(0, 0, 0),
		Want:   []string{`"razorpay_order_id":"order_sandbox_D"`, `"razorpay_payment_id":"pay_sandbox_`, `"razorpay_signature":"`, `"sandbox":true`},
		After: func(t testing.TB, app *tests.TestApp, r *http.Response) {
			createdStill(t, app, r)
			if d := testutil.FindByUsername(t, app, "dan"); d.GetString("subscriptionStatus") != "" {
				t.Error("sandbox pay activated without verification")
			}
		},
	})
	pay(testutil.Call{
		Who:     "dan",
		Name:    "declined test payment answers Checkout's payment.failed shape",
		Body:    `{"orderId":"order_sandbox_D","outcome":"failed"}`,
		Status:  200,
		Events:  testutil.Writes(0, 1, 0),
		Want:    []string{`"error":{`, `"reason":"payment_failed"`, `"order_id":"order_sandbox_D"`},
		NotWant: []string{"razorpay_signature"},
		After: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			if p := paymentOf(t, app, "order_sandbox_D"); p.GetString("status") != "failed" {
				t.Errorf("payment = %v", p.PublicExport())
			}
		},
	})
	pay(testutil.Call{
		Who:     "priya",
		Name:    "another member's order",
		Body:    `{"orderId":"order_sandbox_D"}`,
		Status:  404,
		Want:    []string{"This payment order was not found."},
		NotWant: []string{"razorpay_signature"},
		Events:  testutil.NoWrites(),
		After:   createdStill,
	})
	pay(testutil.Call{
		Who:    "dan",
		Name:   "unknown outcome",
		Body:   `{"orderId":"order_sandbox_D","outcome":"maybe"}`,
		Status: 400,
		Want:   []string{"Outcome must be success or failed"},
		Events: testutil.NoWrites(),
		After:  createdStill,
	})
	pay(testutil.Call{
		Who:    "dan",
		Name:   "missing order",
		Body:   `{}`,
		Status: 400,
		Want:   []string{"Order id is required"},
		Events: testutil.NoWrites(),
		After:  createdStill,
	})
	pay(testutil.Call{
		Who:    "dan",
		Name:   "malformed JSON",
		Body:   `{"orderId":`,
		Status: 400,
		Want:   []string{"The request body is not valid JSON."},
		Events: testutil.NoWrites(),
		After:  createdStill,
	})
	pay(testutil.Call{
		Name:    "visitor",
		Body:    `{"orderId":"order_sandbox_D"}`,
		Status:  401,
		Want:    []string{`"status":401`},
		NotWant: []string{"razorpay_signature"},
		Events:  testutil.NoWrites(),
		After:   createdStill,
	})
}

func TestSandboxPayDoesNotExistWithLiveKeys(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(liveConfig(newStandIn(t).URL), func(t testing.TB, app core.App) {
		seedMembers(t, app)
		seedPayment(t, app, "dan", "order_D1", paymentOpts{})
	})
	testutil.Call{Who: "dan", Name: "live mode has no sandbox checkout", Method: http.MethodPost,
		URL: "/api/payments/sandbox/pay", Body: `{"orderId":"order_D1"}`, Status: 404, Events: testutil.NoWrites(),
		NotWant: []string{"razorpay_signature"},
		After: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			if p := paymentOf(t, app, "order_D1"); p.GetString("status") != "created" {
				t.Errorf("payment = %v", p.PublicExport())
			}
		}}.Test(t, factory)
}
