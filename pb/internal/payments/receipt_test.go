package payments_test

import (
	"encoding/json"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/testutil"
)

var testSeller = config.Seller{Name: "Acme Community LLP", Address: "4 Lake View\nPune 411001",
	Email: "accounts@acme.example", GSTIN: "27AAPFU0939F1ZV"}

// markPaid gives a seeded payment what Activate gives it: paid, a payment
// id, a time and a receipt number.
func markPaid(t testing.TB, app core.App, r *core.Record, paymentID string, receiptNo int, at time.Time) {
	t.Helper()
	r.Set("status", "paid")
	r.Set("paymentId", paymentID)
	r.Set("receiptNo", receiptNo)
	r.Set("activatedAt", at)
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
}

// addRefund stores a processed refund of the payment of orderID.
func addRefund(t testing.TB, app core.App, orderID, refundID string, amount int, at time.Time) {
	t.Helper()
	c, err := app.FindCollectionByNameOrId("refunds")
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewRecord(c)
	r.Set("refundId", refundID)
	r.Set("payment", paymentOf(t, app, orderID).Id)
	r.Set("amount", amount)
	r.Set("currency", "INR")
	r.Set("processedAt", at)
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
}

var receiptPaidAt = time.Date(2026, 11, 20, 9, 15, 0, 0, time.UTC)

// seedReceipts: dan has a paid quarterly plan with ₹250.50 refunded, an
// unfinished order and a paid sandbox order; priya a paid monthly plan.
func seedReceipts(t testing.TB, app core.App) {
	seedMembers(t, app)
	markPaid(t, app, seedPayment(t, app, "dan", "order_R1", paymentOpts{plan: "quarterly"}), "pay_R1", 1, receiptPaidAt)
	addRefund(t, app, "order_R1", "rfnd_R1", 25050, receiptPaidAt.Add(48*time.Hour))
	seedPayment(t, app, "dan", "order_R2", paymentOpts{})
	markPaid(t, app, seedPayment(t, app, "dan", "order_RS", paymentOpts{provider: "sandbox"}), "pay_sandbox_RS", 2, receiptPaidAt)
	markPaid(t, app, seedPayment(t, app, "priya", "order_P1", paymentOpts{}), "pay_P1", 3, receiptPaidAt)
}

func TestReceipt(t *testing.T) {
	t.Parallel()
	cfg := testutil.Config()
	cfg.Seller = testSeller
	factory := apptest.Factory(cfg, seedReceipts)
	// get reads the receipt of orderID's payment as c.Who ("" = visitor). A
	// read: no hook event fires.
	get := func(orderID string, c testutil.Call) {
		c.Method, c.Events = http.MethodGet, map[string]int{"*": 0}
		c.URLOf = func(t testing.TB, app core.App) string {
			id := "nosuchpayment00"
			if orderID != "" {
				id = paymentOf(t, app, orderID).Id
			}
			return "/api/payments/" + id + "/receipt"
		}
		c.Test(t, factory)
	}
	const notFound = `"message":"This receipt was not found."`

	get("order_R1", testutil.Call{
		Name:    "visitor",
		Status:  401,
		Want:    []string{`"status":401`},
		NotWant: []string{"order_R1", "pay_R1", "SB-0"},
	})
	get("order_R1", testutil.Call{
		Who:    "dan",
		Name:   "the member's own receipt: plan, amount, ids, dates, refunds, seller and payer",
		Status: 200,
		Want: []string{`"number":"SB-000001","status":"paid","planId":"quarterly","planName":"3 Month Plan","months":3`,
			`"amount":90000,"currency":"INR","sandbox":false,"orderId":"order_R1","paymentId":"pay_R1"`,
			`"paidAt":"2026-11-20T09:15:00Z"`, `"refundedAmount":25050,"refundedAt":"2026-11-22T09:15:00Z"`,
			`"refunds":[{"id":"rfnd_R1","amount":25050,"currency":"INR","processedAt":"2026-11-22T09:15:00Z"}]`,
			`"seller":{"name":"Acme Community LLP","address":"4 Lake View\nPune 411001","email":"accounts@acme.example","gstin":"27AAPFU0939F1ZV"}`,
			`"billedTo":{"displayName":"Member dan","username":"dan","email":"dan@example.com"}`},
		NotWant: []string{"priya", "order_P1"},
	})
	get("order_RS", testutil.Call{
		Who:     "dan",
		Name:    "a sandbox payment's receipt says so",
		Status:  200,
		Want:    []string{`"number":"SB-000002"`, `"sandbox":true`, `"paymentId":"pay_sandbox_RS"`, `"refunds":[]`, `"refundedAmount":0,"refundedAt":""`},
		NotWant: []string{"rfnd_"},
	})
	get("order_R2", testutil.Call{
		Who:     "dan",
		Name:    "an order never paid has no receipt",
		Status:  404,
		Want:    []string{notFound},
		NotWant: []string{"order_R2"},
	})
	get("order_P1", testutil.Call{
		Who:     "dan",
		Name:    "another member's receipt is not found, exactly like a missing one",
		Status:  404,
		Want:    []string{notFound},
		NotWant: []string{"order_P1", "pay_P1", "priya", "SB-000003", "Acme"},
	})
	get("", testutil.Call{
		Who:    "dan",
		Name:   "an id that does not exist",
		Status: 404,
		Want:   []string{notFound},
	})
	get("order_P1", testutil.Call{
		Who:    "boss",
		Name:   "an administrator opens any member's receipt",
		Status: 200,
		Want: []string{`"number":"SB-000003"`, `"orderId":"order_P1","paymentId":"pay_P1"`,
			`"billedTo":{"displayName":"Member priya","username":"priya","email":"priya@example.com"}`},
	})
	get("order_R2", testutil.Call{
		Who:    "boss",
		Name:   "not even an administrator gets a receipt for an unpaid order",
		Status: 404,
		Want:   []string{notFound},
	})
}

func TestReceiptSellerFallsBackToTheAppName(t *testing.T) {
	t.Parallel()
	testutil.Call{Who: "dan", Name: "without SELLER_* the receipt names the app and nothing else", Method: http.MethodGet,
		URLOf: func(t testing.TB, app core.App) string {
			return "/api/payments/" + paymentOf(t, app, "order_R1").Id + "/receipt"
		},
		Status: 200, Want: []string{`"seller":{"name":"SponsorBridge","address":"","email":"","gstin":""}`},
		Events: map[string]int{"*": 0},
	}.Test(t, apptest.Factory(nil, seedReceipts))
}

// The history says which payments have a receipt and what was refunded.
func TestPaymentHistoryShowsReceiptsAndRefunds(t *testing.T) {
	t.Parallel()
	testutil.Call{
		Who:  "dan",
		Name: "receipt numbers and refunds in the history", Method: http.MethodGet, URL: "/api/payments",
		Status: 200,
		Want: []string{`"orderId":"order_R1"`, `"receiptNumber":"SB-000001","refundedAmount":25050,"refundedAt":"2026-11-22T09:15:00Z"`,
			`"orderId":"order_R2"`, `"status":"created","receipt":"sb_test","sandbox":false,"createdAt"`, `"receiptNumber":"","refundedAmount":0,"refundedAt":""`},
		NotWant: []string{"order_P1"},
		Events:  map[string]int{"*": 0},
	}.Test(t, apptest.Factory(nil, seedReceipts))
}

// Paying gives the next receipt number, once: two payments verified at the
// same time get two numbers, and a replayed verification keeps its number.
func TestReceiptNumbersAreGivenWhenPaid(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, liveConfig(newStandIn(t).URL))
	defer app.Cleanup()
	seedReceipts(t, app) // numbers 1 to 3 are taken
	srv := testutil.Serve(t, app)
	members := []string{"dan", "priya"}
	orders := make([]string, len(members))
	for i, who := range members {
		status, body := testutil.DoRead(t, srv, http.MethodPost, "/api/payments/create-subscription", `{"planId":"monthly"}`,
			testutil.Cookie(t, testutil.FindByUsername(t, app, who)))
		var order OrderAnswer
		if status != 200 || json.Unmarshal([]byte(body), &order) != nil {
			t.Fatalf("create: %d %s", status, body)
		}
		orders[i] = order.OrderID
		if n := paymentOf(t, app, order.OrderID).GetInt("receiptNo"); n != 0 {
			t.Errorf("an unpaid order has receipt number %d", n)
		}
	}
	var wg sync.WaitGroup
	for i, who := range members {
		wg.Add(1)
		go func() {
			defer wg.Done()
			status, body := testutil.DoRead(t, srv, http.MethodPost, verifyURL, signedVerify(orders[i], "pay_N"+who),
				testutil.Cookie(t, testutil.FindByUsername(t, app, who)))
			if status != 200 {
				t.Errorf("verify %s: %d %s", who, status, body)
			}
		}()
	}
	wg.Wait()
	got := map[int]bool{}
	for _, o := range orders {
		got[paymentOf(t, app, o).GetInt("receiptNo")] = true
	}
	if !got[4] || !got[5] {
		t.Errorf("receipt numbers %v, want 4 and 5", got)
	}
	before := paymentOf(t, app, orders[0]).GetInt("receiptNo")
	testutil.DoRead(t, srv, http.MethodPost, verifyURL, signedVerify(orders[0], "pay_Ndan"), testutil.Cookie(t, testutil.FindByUsername(t, app, "dan")))
	if after := paymentOf(t, app, orders[0]).GetInt("receiptNo"); after != before {
		t.Errorf("a replayed verification renumbered the receipt: %d to %d", before, after)
	}
}
