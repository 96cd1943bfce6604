package payments_test

import (
	"net/http"
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
	get := func(c testutil.Call) {
		c.Method, c.Events = http.MethodGet, map[string]int{"*": 0}
		c.Test(t, factory)
	}
	get(testutil.Call{
		Who:         "dan",
		WantHeaders: map[string]string{"X-Total-Count": "3", "X-Has-More": "false"},
		Name:        "own payments only, newest first",
		URL:         "/api/payments",
		Status:      200,
		Want: []string{`[{"id":"`, `"orderId":"order_new","paymentId":"","planId":"biannual","planName":"6 Month Plan","amount":150000,"currency":"INR","status":"created"`,
			`"sandbox":true`, `"status":"failed"`, `"paymentId":"pay_old"`},
		NotWant: []string{"order_priya", "pay_priya"},
	})
	get(testutil.Call{
		Who:         "dan",
		WantHeaders: map[string]string{"X-Total-Count": "3", "X-Page": "2", "X-Per-Page": "2", "X-Has-More": "false"},
		Name:        "paged",
		URL:         "/api/payments?perPage=2&page=2",
		Status:      200,
		Want:        []string{`"orderId":"order_old"`},
		NotWant:     []string{"order_new", "order_mid"},
	})
	get(testutil.Call{
		Who:         "dan",
		WantHeaders: map[string]string{"X-Has-More": "true"},
		Name:        "first page says there is more",
		URL:         "/api/payments?perPage=2",
		Status:      200,
		Want:        []string{"order_new", "order_mid"},
		NotWant:     []string{"order_old"},
	})
	get(testutil.Call{
		Who:     "boss",
		Name:    "members without payments get an empty list",
		URL:     "/api/payments",
		Status:  200,
		Want:    []string{`[]`},
		NotWant: []string{"order_"},
	})
	get(testutil.Call{
		Who:    "dan",
		Name:   "perPage over 50",
		URL:    "/api/payments?perPage=51",
		Status: 400,
		Want:   []string{"perPage must be a whole number from 1 to 50"},
	})
	get(testutil.Call{
		Who:    "dan",
		Name:   "garbage page",
		URL:    "/api/payments?page=x",
		Status: 400,
		Want:   []string{"Page must be a whole number from 1 to 10000"},
	})
	get(testutil.Call{
		Name:    "visitor",
		URL:     "/api/payments",
		Status:  401,
		Want:    []string{`"status":401`},
		NotWant: []string{"order_"},
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
		testutil.Call{Who: who, Name: "records API closed to " + who, Method: http.MethodGet,
			URL: "/api/collections/payments/records", Status: 404, Events: testutil.NoWrites(),
			Want: []string{closed}, NotWant: []string{"order_priya", "order_old", "order_new"}}.Test(t, factory)
	}
	testutil.Call{Who: "dan", Name: "member cannot create a paid payment", Method: http.MethodPost,
		URL: "/api/collections/payments/records", Body: `{"orderId":"order_free","plan":"biannual","amount":1,"currency":"INR","status":"paid","provider":"razorpay"}`,
		Status: 404, Events: testutil.NoWrites(), Want: []string{closed}, After: unchangedRows}.Test(t, factory)
	testutil.Call{Who: "dan", Name: "member cannot mark own order paid", Method: http.MethodPatch,
		URLOf: func(t testing.TB, app core.App) string {
			return "/api/collections/payments/records/" + paymentOf(t, app, "order_new").Id
		},
		Body: `{"status":"paid"}`, Status: 404, Events: testutil.NoWrites(), Want: []string{closed}, After: unchangedRows}.Test(t, factory)
	testutil.Call{Who: "dan", Name: "webhook events are superuser-only", Method: http.MethodGet,
		URL: "/api/collections/webhook_events/records", Status: 404, Events: testutil.NoWrites(), Want: []string{closed}}.Test(t, factory)
}
