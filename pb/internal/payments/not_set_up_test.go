package payments_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/payments"
	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// Without Razorpay keys and without PAYMENTS_SANDBOX, nothing is sold: every
// route that would create, verify or fake a payment answers 503, and no plan
// is activated. The history stays readable.
func TestPaymentsOffWithoutKeysOrOptIn(t *testing.T) {
	cfg := testutil.Config()
	cfg.SandboxOptIn = false
	factory := apptest.Factory(cfg, func(t testing.TB, app core.App) {
		seedMembers(t, app)
		seedPayment(t, app, "dan", "order_old_D", paymentOpts{provider: "sandbox", status: "paid", paymentID: "pay_old"})
	})
	untouched := func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		if n := countPayments(t, app); n != 1 {
			t.Errorf("payments = %d, want the seeded one only", n)
		}
		if d := testutil.FindByUsername(t, app, "dan"); d.GetString("subscriptionStatus") != "" {
			t.Error("a plan was activated while payments are off")
		}
	}
	for _, c := range []struct{ url, body string }{
		{"/api/payments/create-subscription", `{"planId":"monthly"}`},
		{"/api/payments/verify-subscription", `{"razorpay_order_id":"order_old_D","razorpay_payment_id":"pay_x","razorpay_signature":"00"}`},
		{"/api/payments/sandbox/pay", `{"orderId":"order_old_D"}`},
	} {
		scenario(t, factory, "dan", tests.ApiScenario{Name: "member: " + c.url, Method: http.MethodPost, URL: c.url,
			Body: strings.NewReader(c.body), ExpectedStatus: 503, ExpectedEvents: testutil.NoWrites(),
			ExpectedContent: []string{payments.MsgNotSetUp}, NotExpectedContent: []string{"razorpay_signature", `"orderId"`},
			AfterTestFunc: untouched})
		scenario(t, factory, "", tests.ApiScenario{Name: "visitor: " + c.url, Method: http.MethodPost, URL: c.url,
			Body: strings.NewReader(c.body), ExpectedStatus: 401, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`"status":401`}, AfterTestFunc: untouched})
	}
	scenario(t, factory, "", tests.ApiScenario{Name: "webhook", Method: http.MethodPost, URL: "/api/payments/webhook",
		Body: strings.NewReader(`{"event":"order.paid"}`), ExpectedStatus: 503, ExpectedEvents: testutil.NoWrites(),
		ExpectedContent: []string{payments.MsgNotSetUp}, AfterTestFunc: untouched})
	scenario(t, factory, "dan", tests.ApiScenario{Name: "history still readable", Method: http.MethodGet, URL: "/api/payments",
		ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`"order_old_D"`}})
	scenario(t, factory, "", tests.ApiScenario{Name: "app-config says payments are off", Method: http.MethodGet, URL: "/api/app-config",
		ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`"payments":{"mode":"off"}`}})
}

func TestPaymentsSandboxOptInIsNamed(t *testing.T) {
	scenario(t, apptest.Factory(nil, nil), "", tests.ApiScenario{Name: "opted-in sandbox", Method: http.MethodGet,
		URL: "/api/app-config", ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`"payments":{"mode":"sandbox"}`}})
	scenario(t, apptest.Factory(liveConfig(newStandIn(t).URL), nil), "", tests.ApiScenario{Name: "live keys", Method: http.MethodGet,
		URL: "/api/app-config", ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`"payments":{"mode":"live"}`}})
}
