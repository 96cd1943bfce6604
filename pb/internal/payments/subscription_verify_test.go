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

const verifyURL = "/api/payments/verify-subscription"

func verifyBody(orderID, paymentID, signature string) string {
	return fmt.Sprintf(`{"razorpay_payment_id":%q,"razorpay_order_id":%q,"razorpay_signature":%q}`, paymentID, orderID, signature)
}

// signedVerify is what Checkout hands the browser after a real payment.
func signedVerify(orderID, paymentID string) string {
	return verifyBody(orderID, paymentID, hexHMAC(testKeySecret, orderID+"|"+paymentID))
}

// unchanged checks that neither the order nor dan's plan moved.
func unchanged(orderID string) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		if p := paymentOf(t, app, orderID); p.GetString("status") != "created" || p.GetString("paymentId") != "" {
			t.Errorf("payment changed: %v", p.PublicExport())
		}
		if d := testutil.FindByUsername(t, app, "dan"); d.GetString("subscriptionStatus") != "" {
			t.Errorf("dan's plan changed: %v", d.PublicExport())
		}
	}
}

func TestVerifySubscription(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(liveConfig(newStandIn(t).URL), func(t testing.TB, app core.App) {
		seedMembers(t, app)
		seedPayment(t, app, "dan", "order_D1", paymentOpts{})
		seedPayment(t, app, "dan", "order_DS", paymentOpts{provider: "sandbox"})
	})
	var reads []testutil.Call // the refusals write nothing: one app for them all
	testutil.Call{
		Who:  "dan",
		Name: "owner with Checkout's signature: plan active for a month, own user answered", Method: http.MethodPost, URL: verifyURL,
		Body:   signedVerify("order_D1", "pay_P1"),
		Status: 200,
		Want: []string{`"username":"dan"`, `"subscriptionPlan":"monthly"`, `"subscriptionStatus":"active"`, `"subscriptionActive":true`,
			`"email":"dan@example.com"`},
		NotWant: []string{"password", "tokenKey"},
		Events:  verified,
		After: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			p := paymentOf(t, app, "order_D1")
			if p.GetString("status") != "paid" || p.GetString("paymentId") != "pay_P1" || !near(p.GetDateTime("activatedAt").Time(), time.Now()) {
				t.Errorf("payment = %v", p.PublicExport())
			}
			if exp := expiryOf(t, app, "dan"); !near(exp, when.AddMonths(time.Now().UTC(), 1)) {
				t.Errorf("expiry = %v, want a month from now", exp)
			}
		},
	}.Test(t, factory)
	reads = append(reads, testutil.Call{
		Who:  "dan",
		Name: "forged signature", Method: http.MethodPost, URL: verifyURL,
		Body:   verifyBody("order_D1", "pay_P1", strings.Repeat("ab", 32)),
		Status: 400,
		Want:   []string{`"message":"The payment signature is not valid."`},
		Events: testutil.NoWrites(),
		After:  unchanged("order_D1"),
	})
	reads = append(reads, testutil.Call{
		Who:  "dan",
		Name: "signature made with another secret", Method: http.MethodPost, URL: verifyURL,
		Body:   verifyBody("order_D1", "pay_P1", hexHMAC("guess", "order_D1|pay_P1")),
		Status: 400,
		Want:   []string{"The payment signature is not valid."},
		Events: testutil.NoWrites(),
		After:  unchanged("order_D1"),
	})
	reads = append(reads, testutil.Call{
		Who:  "dan",
		Name: "signature of another payment id", Method: http.MethodPost, URL: verifyURL,
		Body:   verifyBody("order_D1", "pay_P2", hexHMAC(testKeySecret, "order_D1|pay_P1")),
		Status: 400,
		Want:   []string{"The payment signature is not valid."},
		Events: testutil.NoWrites(),
		After:  unchanged("order_D1"),
	})
	reads = append(reads, testutil.Call{
		Who:  "priya",
		Name: "another member's order, even correctly signed", Method: http.MethodPost, URL: verifyURL,
		Body:    signedVerify("order_D1", "pay_P1"),
		Status:  404,
		Want:    []string{`"message":"This payment order was not found."`},
		NotWant: []string{"dan"},
		Events:  testutil.NoWrites(),
		After:   unchanged("order_D1"),
	})
	reads = append(reads, testutil.Call{
		Who:  "boss",
		Name: "an administrator cannot verify a member's order", Method: http.MethodPost, URL: verifyURL,
		Body:   signedVerify("order_D1", "pay_P1"),
		Status: 404,
		Want:   []string{"This payment order was not found."},
		Events: testutil.NoWrites(),
		After:  unchanged("order_D1"),
	})
	reads = append(reads, testutil.Call{
		Who:  "dan",
		Name: "unknown order", Method: http.MethodPost, URL: verifyURL,
		Body:   signedVerify("order_nope", "pay_P1"),
		Status: 404,
		Want:   []string{"This payment order was not found."},
		Events: testutil.NoWrites(),
		After:  unchanged("order_D1"),
	})
	reads = append(reads, testutil.Call{
		Who:  "dan",
		Name: "a sandbox order cannot be verified while live keys are set", Method: http.MethodPost, URL: verifyURL,
		Body:   verifyBody("order_DS", "pay_sandbox_x", hexHMAC("whatever", "order_DS|pay_sandbox_x")),
		Status: 400,
		Want:   []string{"This order was created in another payment mode and cannot be verified here."},
		Events: testutil.NoWrites(),
		After: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			if p := paymentOf(t, app, "order_DS"); p.GetString("status") != "created" {
				t.Errorf("sandbox order changed: %v", p.PublicExport())
			}
		},
	})
	reads = append(reads, testutil.Call{
		Who:  "dan",
		Name: "missing fields", Method: http.MethodPost, URL: verifyURL,
		Body:   `{"razorpay_order_id":"order_D1"}`,
		Status: 400,
		Want: []string{`"razorpay_payment_id":{"code":"validation_required","message":"Payment id is required"}`,
			`"razorpay_signature":{"code":"validation_required","message":"Signature is required"}`},
		Events: testutil.NoWrites(),
		After:  unchanged("order_D1"),
	})
	reads = append(reads, testutil.Call{
		Who:  "dan",
		Name: "overlong fields", Method: http.MethodPost, URL: verifyURL,
		Body:   verifyBody("order_D1", strings.Repeat("p", 65), strings.Repeat("a", 129)),
		Status: 400,
		Want:   []string{"Payment id is too long", "Signature is too long"},
		Events: testutil.NoWrites(),
		After:  unchanged("order_D1"),
	})
	reads = append(reads, testutil.Call{
		Who:  "dan",
		Name: "malformed JSON", Method: http.MethodPost, URL: verifyURL,
		Body:   `{"razorpay_order_id":`,
		Status: 400,
		Want:   []string{"The request body is not valid JSON."},
		Events: testutil.NoWrites(),
		After:  unchanged("order_D1"),
	})
	reads = append(reads, testutil.Call{
		Who:  "dan",
		Name: "wrong types", Method: http.MethodPost, URL: verifyURL,
		Body:   `{"razorpay_order_id":1,"razorpay_payment_id":true,"razorpay_signature":[]}`,
		Status: 400,
		Want:   []string{"The request body is not valid JSON."},
		Events: testutil.NoWrites(),
		After:  unchanged("order_D1"),
	})
	reads = append(reads, testutil.Call{
		Who:  "dan",
		Name: "oversized body", Method: http.MethodPost, URL: verifyURL,
		Body:   `{"razorpay_order_id":"` + strings.Repeat("o", 5<<10) + `"}`,
		Status: 413,
		Want:   []string{`"status":413`},
		Events: testutil.NoWrites(),
		After:  unchanged("order_D1"),
	})
	reads = append(reads, testutil.Call{
		Name: "visitor", Method: http.MethodPost, URL: verifyURL,
		Body:   signedVerify("order_D1", "pay_P1"),
		Status: 401,
		Want:   []string{`"status":401`},
		Events: testutil.NoWrites(),
		After:  unchanged("order_D1"),
	})
	testutil.RunCalls(t, factory, reads)
}

// verified: the payment turns paid and the member's plan is extended,
// nothing else is written.
var verified = testutil.Writes(0, 2, 0)

func TestVerifyReplayDoesNotExtendAgain(t *testing.T) {
	t.Parallel()
	expiry := time.Now().UTC().Add(20 * 24 * time.Hour).Truncate(time.Millisecond)
	factory := apptest.Factory(liveConfig(newStandIn(t).URL), func(t testing.TB, app core.App) {
		seedMembers(t, app)
		seedPayment(t, app, "dan", "order_D1", paymentOpts{status: "paid", paymentID: "pay_P1"})
		setExpiry(t, app, "dan", "active", expiry)
	})
	for _, paymentID := range []string{"pay_P1", "pay_P9"} {
		testutil.Call{
			Who:  "dan",
			Name: "replayed verification (" + paymentID + ") answers success without extending", Method: http.MethodPost,
			URL: verifyURL, Body: signedVerify("order_D1", paymentID), Status: 200,
			Want:   []string{`"subscriptionActive":true`},
			Events: testutil.NoWrites(),
			After: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				if got := expiryOf(t, app, "dan"); !got.Equal(expiry) {
					t.Errorf("expiry moved from %v to %v", expiry, got)
				}
				if p := paymentOf(t, app, "order_D1"); p.GetString("paymentId") != "pay_P1" {
					t.Errorf("payment id rewritten: %v", p.PublicExport())
				}
			},
		}.Test(t, factory)
	}
}

func TestExpiryStacking(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, plan, status string
		current            time.Duration
		wantFrom           func(current time.Time) time.Time
		months             int
	}{
		{"renewal extends from the current expiry", "quarterly", "active", 10 * 24 * time.Hour,
			func(c time.Time) time.Time { return c }, 3},
		{"a lapsed plan restarts from now", "monthly", "active", -5 * 24 * time.Hour,
			func(time.Time) time.Time { return time.Now().UTC() }, 1},
		{"an expired status restarts from now", "biannual", "expired", -40 * 24 * time.Hour,
			func(time.Time) time.Time { return time.Now().UTC() }, 6},
	} {
		current := time.Now().UTC().Add(c.current).Truncate(time.Millisecond)
		factory := apptest.Factory(liveConfig(newStandIn(t).URL), func(t testing.TB, app core.App) {
			seedMembers(t, app)
			setExpiry(t, app, "dan", c.status, current)
			seedPayment(t, app, "dan", "order_R", paymentOpts{plan: c.plan})
		})
		testutil.Call{
			Who:  "dan",
			Name: c.name, Method: http.MethodPost, URL: verifyURL, Body: signedVerify("order_R", "pay_R"),
			Status: 200, Events: testutil.Writes(0, 2, 0), Want: []string{`"subscriptionPlan":"` + c.plan + `"`, `"subscriptionActive":true`},
			After: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				want := c.wantFrom(current).AddDate(0, c.months, 0)
				if got := expiryOf(t, app, "dan"); !near(got, want) {
					t.Errorf("expiry = %v, want %v", got, want)
				}
			},
		}.Test(t, factory)
	}
}
