package payments_test

import (
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/payments"
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
		testutil.Call{Who: "dan", Name: "member: " + c.url, Method: http.MethodPost, URL: c.url,
			Body: c.body, Status: 503, Events: testutil.NoWrites(),
			Want: []string{payments.MsgNotSetUp}, NotWant: []string{"razorpay_signature", `"orderId"`},
			After: untouched}.Test(t, factory)
		testutil.Call{Name: "visitor: " + c.url, Method: http.MethodPost, URL: c.url,
			Body: c.body, Status: 401, Events: testutil.NoWrites(), Want: []string{`"status":401`}, After: untouched}.Test(t, factory)
	}
	testutil.Call{Name: "webhook", Method: http.MethodPost, URL: "/api/payments/webhook",
		Body: `{"event":"order.paid"}`, Status: 503, Events: testutil.NoWrites(),
		Want: []string{payments.MsgNotSetUp}, After: untouched}.Test(t, factory)
	testutil.Call{Who: "dan", Name: "history still readable", Method: http.MethodGet, URL: "/api/payments",
		Status: 200, Events: testutil.NoWrites(), Want: []string{`"order_old_D"`}}.Test(t, factory)
	testutil.Call{Name: "app-config says payments are off", Method: http.MethodGet, URL: "/api/app-config",
		Status: 200, Events: testutil.NoWrites(), Want: []string{`"payments":{"mode":"off"}`}}.Test(t, factory)
}

func TestPaymentsSandboxOptInIsNamed(t *testing.T) {
	testutil.Call{Name: "opted-in sandbox", Method: http.MethodGet,
		URL: "/api/app-config", Status: 200, Events: testutil.NoWrites(), Want: []string{`"payments":{"mode":"sandbox"}`}}.Test(t, apptest.Factory(nil, nil))
	testutil.Call{Name: "live keys", Method: http.MethodGet,
		URL: "/api/app-config", Status: 200, Events: testutil.NoWrites(), Want: []string{`"payments":{"mode":"live"}`}}.Test(t, apptest.Factory(liveConfig(newStandIn(t).URL), nil))
}
