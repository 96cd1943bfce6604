package payments_test

import (
	"net/http"
	"strings"
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
	// pay posts s.Body to the sandbox checkout as who.
	pay := func(who string, s tests.ApiScenario) {
		s.Method, s.URL = http.MethodPost, "/api/payments/sandbox/pay"
		scenario(t, factory, who, s)
	}
	createdStill := func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		if p := paymentOf(t, app, "order_sandbox_D"); p.GetString("status") != "created" {
			t.Errorf("payment = %v", p.PublicExport())
		}
	}
	pay("dan", tests.ApiScenario{
		Name:            "owner gets Checkout's success answer; paying alone activates nothing",
		Body:            strings.NewReader(`{"orderId":"order_sandbox_D"}`),
		ExpectedStatus:  200,
		ExpectedEvents:  testutil.Writes(0, 0, 0),
		ExpectedContent: []string{`"razorpay_order_id":"order_sandbox_D"`, `"razorpay_payment_id":"pay_sandbox_`, `"razorpay_signature":"`, `"sandbox":true`},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, r *http.Response) {
			createdStill(t, app, r)
			if d := testutil.FindByUsername(t, app, "dan"); d.GetString("subscriptionStatus") != "" {
				t.Error("sandbox pay activated without verification")
			}
		},
	})
	pay("dan", tests.ApiScenario{
		Name:               "declined test payment answers Checkout's payment.failed shape",
		Body:               strings.NewReader(`{"orderId":"order_sandbox_D","outcome":"failed"}`),
		ExpectedStatus:     200,
		ExpectedEvents:     testutil.Writes(0, 1, 0),
		ExpectedContent:    []string{`"error":{`, `"reason":"payment_failed"`, `"order_id":"order_sandbox_D"`},
		NotExpectedContent: []string{"razorpay_signature"},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			if p := paymentOf(t, app, "order_sandbox_D"); p.GetString("status") != "failed" {
				t.Errorf("payment = %v", p.PublicExport())
			}
		},
	})
	pay("priya", tests.ApiScenario{
		Name:               "another member's order",
		Body:               strings.NewReader(`{"orderId":"order_sandbox_D"}`),
		ExpectedStatus:     404,
		ExpectedContent:    []string{"This payment order was not found."},
		NotExpectedContent: []string{"razorpay_signature"},
		ExpectedEvents:     testutil.NoWrites(),
		AfterTestFunc:      createdStill,
	})
	pay("dan", tests.ApiScenario{
		Name:            "unknown outcome",
		Body:            strings.NewReader(`{"orderId":"order_sandbox_D","outcome":"maybe"}`),
		ExpectedStatus:  400,
		ExpectedContent: []string{"Outcome must be success or failed"},
		ExpectedEvents:  testutil.NoWrites(),
		AfterTestFunc:   createdStill,
	})
	pay("dan", tests.ApiScenario{
		Name:            "missing order",
		Body:            strings.NewReader(`{}`),
		ExpectedStatus:  400,
		ExpectedContent: []string{"Order id is required"},
		ExpectedEvents:  testutil.NoWrites(),
		AfterTestFunc:   createdStill,
	})
	pay("dan", tests.ApiScenario{
		Name:            "malformed JSON",
		Body:            strings.NewReader(`{"orderId":`),
		ExpectedStatus:  400,
		ExpectedContent: []string{"The request body is not valid JSON."},
		ExpectedEvents:  testutil.NoWrites(),
		AfterTestFunc:   createdStill,
	})
	pay("", tests.ApiScenario{
		Name:               "visitor",
		Body:               strings.NewReader(`{"orderId":"order_sandbox_D"}`),
		ExpectedStatus:     401,
		ExpectedContent:    []string{`"status":401`},
		NotExpectedContent: []string{"razorpay_signature"},
		ExpectedEvents:     testutil.NoWrites(),
		AfterTestFunc:      createdStill,
	})
}

func TestSandboxPayDoesNotExistWithLiveKeys(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(liveConfig(newStandIn(t).URL), func(t testing.TB, app core.App) {
		seedMembers(t, app)
		seedPayment(t, app, "dan", "order_D1", paymentOpts{})
	})
	scenario(t, factory, "dan", tests.ApiScenario{Name: "live mode has no sandbox checkout", Method: http.MethodPost,
		URL: "/api/payments/sandbox/pay", Body: strings.NewReader(`{"orderId":"order_D1"}`), ExpectedStatus: 404, ExpectedEvents: testutil.NoWrites(),
		NotExpectedContent: []string{"razorpay_signature"},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			if p := paymentOf(t, app, "order_D1"); p.GetString("status") != "created" {
				t.Errorf("payment = %v", p.PublicExport())
			}
		}})
}
