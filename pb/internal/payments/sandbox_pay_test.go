package payments_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/testutil"
)

func TestSandboxPay(t *testing.T) {
	t.Parallel()
	factory := testutil.Factory(nil, func(t testing.TB, app core.App) {
		seedMembers(t, app)
		seedPayment(t, app, "dan", "order_sandbox_D", paymentOpts{provider: "sandbox"})
	})
	pay := func(name, who, body string, status int, want, notWant []string, after func(testing.TB, *tests.TestApp, *http.Response)) {
		scenario(t, factory, who, tests.ApiScenario{Name: name, Method: http.MethodPost, URL: "/api/payments/sandbox/pay",
			Body: strings.NewReader(body), ExpectedStatus: status, ExpectedContent: want, NotExpectedContent: notWant,
			AfterTestFunc: after})
	}
	createdStill := func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		if p := paymentOf(t, app, "order_sandbox_D"); p.GetString("status") != "created" {
			t.Errorf("payment = %v", p.PublicExport())
		}
	}
	pay("owner gets Checkout's success answer; paying alone activates nothing", "dan", `{"orderId":"order_sandbox_D"}`, 200,
		[]string{`"razorpay_order_id":"order_sandbox_D"`, `"razorpay_payment_id":"pay_sandbox_`, `"razorpay_signature":"`, `"sandbox":true`},
		nil, func(t testing.TB, app *tests.TestApp, r *http.Response) {
			createdStill(t, app, r)
			if d := testutil.FindByUsername(t, app, "dan"); d.GetString("subscriptionStatus") != "" {
				t.Error("sandbox pay activated without verification")
			}
		})
	pay("declined test payment answers Checkout's payment.failed shape", "dan", `{"orderId":"order_sandbox_D","outcome":"failed"}`, 200,
		[]string{`"error":{`, `"reason":"payment_failed"`, `"order_id":"order_sandbox_D"`}, []string{"razorpay_signature"},
		func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			if p := paymentOf(t, app, "order_sandbox_D"); p.GetString("status") != "failed" {
				t.Errorf("payment = %v", p.PublicExport())
			}
		})
	pay("another member's order", "priya", `{"orderId":"order_sandbox_D"}`, 404,
		[]string{"This payment order was not found."}, []string{"razorpay_signature"}, createdStill)
	pay("unknown outcome", "dan", `{"orderId":"order_sandbox_D","outcome":"maybe"}`, 400,
		[]string{"Outcome must be success or failed"}, nil, createdStill)
	pay("missing order", "dan", `{}`, 400, []string{"Order id is required"}, nil, createdStill)
	pay("malformed JSON", "dan", `{"orderId":`, 400, []string{"The request body is not valid JSON."}, nil, createdStill)
	pay("visitor", "", `{"orderId":"order_sandbox_D"}`, 401, []string{`"status":401`}, []string{"razorpay_signature"}, createdStill)
}

func TestSandboxPayDoesNotExistWithLiveKeys(t *testing.T) {
	t.Parallel()
	factory := testutil.Factory(liveConfig(newStandIn(t).URL), func(t testing.TB, app core.App) {
		seedMembers(t, app)
		seedPayment(t, app, "dan", "order_D1", paymentOpts{})
	})
	scenario(t, factory, "dan", tests.ApiScenario{Name: "live mode has no sandbox checkout", Method: http.MethodPost,
		URL: "/api/payments/sandbox/pay", Body: strings.NewReader(`{"orderId":"order_D1"}`), ExpectedStatus: 404,
		NotExpectedContent: []string{"razorpay_signature"},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			if p := paymentOf(t, app, "order_D1"); p.GetString("status") != "created" {
				t.Errorf("payment = %v", p.PublicExport())
			}
		}})
}
