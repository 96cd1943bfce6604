package payments_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
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
	factory := apptest.Factory(nil, seedHistory)
	// get reads as who; headers are the answer's headers it must carry.
	// A read: no hook event fires (nothing is written or enriched).
	get := func(who string, headers map[string]string, s tests.ApiScenario) {
		s.Method = http.MethodGet
		s.ExpectedEvents = map[string]int{"*": 0}
		s.AfterTestFunc = func(t testing.TB, _ *tests.TestApp, res *http.Response) {
			for k, v := range headers {
				if got := res.Header.Get(k); got != v {
					t.Errorf("%s = %q, want %q", k, got, v)
				}
			}
		}
		scenario(t, factory, who, s)
	}
	get("dan", map[string]string{"X-Total-Count": "3", "X-Has-More": "false"}, tests.ApiScenario{
		Name:           "own payments only, newest first",
		URL:            "/api/payments",
		ExpectedStatus: 200,
		ExpectedContent: []string{`[{"id":"`, `"orderId":"order_new","paymentId":"","planId":"biannual","planName":"6 Month Plan","amount":150000,"currency":"INR","status":"created"`,
			`"sandbox":true`, `"status":"failed"`, `"paymentId":"pay_old"`},
		NotExpectedContent: []string{"order_priya", "pay_priya"},
	})
	get("dan", map[string]string{"X-Total-Count": "3", "X-Page": "2", "X-Per-Page": "2", "X-Has-More": "false"}, tests.ApiScenario{
		Name:               "paged",
		URL:                "/api/payments?perPage=2&page=2",
		ExpectedStatus:     200,
		ExpectedContent:    []string{`"orderId":"order_old"`},
		NotExpectedContent: []string{"order_new", "order_mid"},
	})
	get("dan", map[string]string{"X-Has-More": "true"}, tests.ApiScenario{
		Name:               "first page says there is more",
		URL:                "/api/payments?perPage=2",
		ExpectedStatus:     200,
		ExpectedContent:    []string{"order_new", "order_mid"},
		NotExpectedContent: []string{"order_old"},
	})
	get("boss", nil, tests.ApiScenario{
		Name:               "members without payments get an empty list",
		URL:                "/api/payments",
		ExpectedStatus:     200,
		ExpectedContent:    []string{`[]`},
		NotExpectedContent: []string{"order_"},
	})
	get("dan", nil, tests.ApiScenario{
		Name:            "perPage over 50",
		URL:             "/api/payments?perPage=51",
		ExpectedStatus:  400,
		ExpectedContent: []string{"perPage must be a whole number from 1 to 50"},
	})
	get("dan", nil, tests.ApiScenario{
		Name:            "garbage page",
		URL:             "/api/payments?page=x",
		ExpectedStatus:  400,
		ExpectedContent: []string{"Page must be a whole number from 1 to 10000"},
	})
	get("", nil, tests.ApiScenario{
		Name:               "visitor",
		URL:                "/api/payments",
		ExpectedStatus:     401,
		ExpectedContent:    []string{`"status":401`},
		NotExpectedContent: []string{"order_"},
	})
}

// The collection API is read-only for members and shows only their own rows.
func TestPaymentsCollectionLockedDown(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, seedHistory)
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
			URL: "/api/collections/payments/records", ExpectedStatus: 404, ExpectedEvents: testutil.NoWrites(),
			ExpectedContent: []string{closed}, NotExpectedContent: []string{"order_priya", "order_old", "order_new"}})
	}
	scenario(t, factory, "dan", tests.ApiScenario{Name: "member cannot create a paid payment", Method: http.MethodPost,
		URL: "/api/collections/payments/records", Body: strings.NewReader(`{"orderId":"order_free","plan":"biannual","amount":1,"currency":"INR","status":"paid","provider":"razorpay"}`),
		ExpectedStatus: 404, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{closed}, AfterTestFunc: unchangedRows})
	testutil.Prepared(factory, tests.ApiScenario{Name: "member cannot mark own order paid", Method: http.MethodPatch,
		Body: strings.NewReader(`{"status":"paid"}`), ExpectedStatus: 404, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{closed}, AfterTestFunc: unchangedRows},
		func(t testing.TB, app core.App, s *tests.ApiScenario) {
			s.URL = "/api/collections/payments/records/" + paymentOf(t, app, "order_new").Id
			s.Headers = testutil.Cookie(t, testutil.FindByUsername(t, app, "dan"))
		}).Test(t)
	scenario(t, factory, "dan", tests.ApiScenario{Name: "webhook events are superuser-only", Method: http.MethodGet,
		URL: "/api/collections/webhook_events/records", ExpectedStatus: 404, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{closed}})
}
