package payments_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/testutil"
)

func seedHistory(t testing.TB, app core.App) {
	seedMembers(t, app)
	now := time.Now()
	seedPayment(t, app, "dan", "order_old", paymentOpts{status: "paid", paymentID: "pay_old", created: now.Add(-48 * time.Hour)})
	seedPayment(t, app, "dan", "order_mid", paymentOpts{plan: "quarterly", status: "failed", created: now.Add(-24 * time.Hour)})
	seedPayment(t, app, "dan", "order_new", paymentOpts{plan: "biannual", provider: "sandbox", created: now.Add(-time.Hour)})
	seedPayment(t, app, "priya", "order_priya", paymentOpts{status: "paid", paymentID: "pay_priya"})
}

func TestPaymentHistory(t *testing.T) {
	t.Parallel()
	factory := testutil.Factory(nil, seedHistory)
	get := func(name, who, url string, status int, want, notWant []string, headers map[string]string) {
		scenario(t, factory, who, tests.ApiScenario{Name: name, Method: http.MethodGet, URL: url, ExpectedStatus: status,
			ExpectedContent: want, NotExpectedContent: notWant,
			AfterTestFunc: func(t testing.TB, _ *tests.TestApp, res *http.Response) {
				for k, v := range headers {
					if got := res.Header.Get(k); got != v {
						t.Errorf("%s = %q, want %q", k, got, v)
					}
				}
			}})
	}
	get("own payments only, newest first", "dan", "/api/payments", 200,
		[]string{`[{"id":"`, `"orderId":"order_new","paymentId":"","planId":"biannual","planName":"6 Month Plan","amount":150000,"currency":"INR","status":"created"`,
			`"sandbox":true`, `"status":"failed"`, `"paymentId":"pay_old"`},
		[]string{"order_priya", "pay_priya"}, map[string]string{"X-Total-Count": "3", "X-Has-More": "false"})
	get("paged", "dan", "/api/payments?perPage=2&page=2", 200, []string{`"orderId":"order_old"`},
		[]string{"order_new", "order_mid"}, map[string]string{"X-Total-Count": "3", "X-Page": "2", "X-Per-Page": "2", "X-Has-More": "false"})
	get("first page says there is more", "dan", "/api/payments?perPage=2", 200, []string{"order_new", "order_mid"},
		[]string{"order_old"}, map[string]string{"X-Has-More": "true"})
	get("members without payments get an empty list", "boss", "/api/payments", 200, []string{`[]`}, []string{"order_"}, nil)
	get("perPage over 50", "dan", "/api/payments?perPage=51", 400, []string{"The perPage parameter must be a whole number from 1 to 50."}, nil, nil)
	get("garbage page", "dan", "/api/payments?page=x", 400, []string{"The page parameter must be a whole number from 1."}, nil, nil)
	get("visitor", "", "/api/payments", 401, []string{`"status":401`}, []string{"order_"}, nil)
}

// The collection API is read-only for members and shows only their own rows.
func TestPaymentsCollectionLockedDown(t *testing.T) {
	t.Parallel()
	factory := testutil.Factory(nil, seedHistory)
	unchangedRows := func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		if n := countPayments(t, app); n != 4 {
			t.Errorf("%d payments, want 4", n)
		}
		if p := paymentOf(t, app, "order_new"); p.GetString("status") != "created" {
			t.Errorf("payment changed: %v", p.PublicExport())
		}
	}
	// Members read their history at GET /api/payments; PocketBase's records
	// API does not answer them (pb/internal/builtin).
	const closed = "The requested API route does not exist."
	for _, who := range []string{"priya", "boss", ""} {
		scenario(t, factory, who, tests.ApiScenario{Name: "records API closed to " + who, Method: http.MethodGet,
			URL: "/api/collections/payments/records", ExpectedStatus: 404,
			ExpectedContent: []string{closed}, NotExpectedContent: []string{"order_priya", "order_old", "order_new"}})
	}
	scenario(t, factory, "dan", tests.ApiScenario{Name: "member cannot create a paid payment", Method: http.MethodPost,
		URL: "/api/collections/payments/records", Body: strings.NewReader(`{"orderId":"order_free","plan":"biannual","amount":1,"currency":"INR","status":"paid","provider":"razorpay"}`),
		ExpectedStatus: 404, ExpectedContent: []string{closed}, AfterTestFunc: unchangedRows})
	testutil.Prepared(factory, tests.ApiScenario{Name: "member cannot mark own order paid", Method: http.MethodPatch,
		Body: strings.NewReader(`{"status":"paid"}`), ExpectedStatus: 404, ExpectedContent: []string{closed}, AfterTestFunc: unchangedRows},
		func(t testing.TB, app core.App, s *tests.ApiScenario) {
			s.URL = "/api/collections/payments/records/" + paymentOf(t, app, "order_new").Id
			s.Headers = testutil.Cookie(t, testutil.FindByUsername(t, app, "dan"))
		}).Test(t)
	scenario(t, factory, "dan", tests.ApiScenario{Name: "webhook events are superuser-only", Method: http.MethodGet,
		URL: "/api/collections/webhook_events/records", ExpectedStatus: 404, ExpectedContent: []string{closed}})
}
