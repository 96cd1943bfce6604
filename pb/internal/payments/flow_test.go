package payments_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"sponsorbridge/pb/internal/testutil"
)

const validListing = `{"title":"Robotics kits","description":"Kits for a club","amount":250,"categories":["Education"]}`

type orderAnswer struct {
	KeyID, Currency, PlanName, OrderID, Username, Email string
	Amount                                              int
	Sandbox                                             bool
}

// The whole journey against live-looking keys: a member without a plan
// cannot post, orders a plan (the stand-in plays Razorpay), Checkout's
// signed answer is verified, and the member can post.
func TestFlowLive(t *testing.T) {
	t.Parallel()
	s := newStandIn(t)
	app := testutil.NewApp(t, liveConfig(s.URL))
	defer app.Cleanup()
	seedMembers(t, app)
	srv := testutil.Serve(t, app)
	dan := testutil.Cookie(t, testutil.FindByUsername(t, app, "dan"))

	if status, body := call(t, srv, http.MethodPost, "/api/sponsorships", validListing, dan); status != 402 {
		t.Fatalf("post before subscribing: %d %s", status, body)
	}
	status, body := call(t, srv, http.MethodPost, "/api/payments/create-subscription", `{"planId":"monthly"}`, dan)
	var order orderAnswer
	if status != 200 || json.Unmarshal(body, &order) != nil || order.OrderID == "" || order.KeyID != testKeyID || order.Amount != 40000 {
		t.Fatalf("create: %d %s", status, body)
	}
	// Razorpay's Checkout would now take the payment and sign it with the key secret.
	status, body = call(t, srv, http.MethodPost, verifyURL, signedVerify(order.OrderID, "pay_Flow1"), dan)
	if status != 200 || !strings.Contains(string(body), `"subscriptionActive":true`) {
		t.Fatalf("verify: %d %s", status, body)
	}
	if status, body := call(t, srv, http.MethodPost, "/api/sponsorships", validListing, dan); status != 201 {
		t.Fatalf("post after subscribing: %d %s", status, body)
	}
	status, body = call(t, srv, http.MethodGet, "/api/payments", "", dan)
	if status != 200 || !strings.Contains(string(body), `"status":"paid"`) || !strings.Contains(string(body), `"paymentId":"pay_Flow1"`) {
		t.Errorf("history: %d %s", status, body)
	}
}

// The same journey on a laptop with no keys: the sandbox checkout signs.
func TestFlowSandbox(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t, nil)
	defer app.Cleanup()
	seedMembers(t, app)
	srv := testutil.Serve(t, app)
	priya := testutil.Cookie(t, testutil.FindByUsername(t, app, "priya"))

	status, body := call(t, srv, http.MethodGet, "/api/app-config", "", nil)
	if status != 200 || !strings.Contains(string(body), `"mode":"sandbox"`) {
		t.Fatalf("app-config: %d %s", status, body)
	}
	status, body = call(t, srv, http.MethodPost, "/api/payments/create-subscription", `{"planId":"quarterly"}`, priya)
	var order orderAnswer
	if status != 200 || json.Unmarshal(body, &order) != nil || !order.Sandbox || order.KeyID != "rzp_test_sandbox" {
		t.Fatalf("create: %d %s", status, body)
	}
	status, body = call(t, srv, http.MethodPost, "/api/payments/sandbox/pay", `{"orderId":"`+order.OrderID+`"}`, priya)
	if status != 200 {
		t.Fatalf("sandbox pay: %d %s", status, body)
	}
	var checkout map[string]any
	_ = json.Unmarshal(body, &checkout)
	delete(checkout, "sandbox")
	forged := map[string]any{"razorpay_order_id": order.OrderID, "razorpay_payment_id": checkout["razorpay_payment_id"],
		"razorpay_signature": hexHMAC("", order.OrderID+"|"+checkout["razorpay_payment_id"].(string))}
	forgedBody, _ := json.Marshal(forged)
	if status, body := call(t, srv, http.MethodPost, verifyURL, string(forgedBody), priya); status != 400 {
		t.Errorf("sandbox verification without the process secret: %d %s", status, body)
	}
	verifyJSON, _ := json.Marshal(checkout)
	status, body = call(t, srv, http.MethodPost, verifyURL, string(verifyJSON), priya)
	if status != 200 || !strings.Contains(string(body), `"subscriptionPlan":"quarterly"`) {
		t.Fatalf("verify: %d %s", status, body)
	}
	if status, body := call(t, srv, http.MethodPost, "/api/sponsorship-requests",
		`{"title":"Camp","description":"Eye tests","requestedAmount":300,"categories":["Healthcare"]}`, priya); status != 201 {
		t.Fatalf("post after subscribing: %d %s", status, body)
	}
}

// Checkout's answer and the webhook for the same payment arrive together:
// the plan is extended exactly once.
func TestVerifyAndWebhookRace(t *testing.T) {
	t.Parallel()
	app := webhookFactory(t)(t)
	defer app.Cleanup()
	srv := testutil.Serve(t, app)
	dan := testutil.Cookie(t, testutil.FindByUsername(t, app, "dan"))
	paid := orderPaid("order_W1", "pay_W1", 90000)

	var wg sync.WaitGroup
	statuses := make(chan int, 8)
	for i := 0; i < 4; i++ {
		wg.Add(2)
		go func() {
			defer wg.Done()
			s, _ := call(t, srv, http.MethodPost, verifyURL, signedVerify("order_W1", "pay_W1"), dan)
			statuses <- s
		}()
		go func(i int) {
			defer wg.Done()
			s, _ := call(t, srv, http.MethodPost, webhookURL, paid, signedHeaders(paid, "evt_race"))
			statuses <- s
		}(i)
	}
	wg.Wait()
	close(statuses)
	for s := range statuses {
		if s != 200 {
			t.Errorf("status %d", s)
		}
	}
	want := time.Now().UTC().AddDate(0, 3, 0)
	if got := expiryOf(t, app, "dan"); !near(got, want) {
		t.Errorf("expiry %v, want about %v (extended once)", got, want)
	}
	if n, _ := app.CountRecords("webhook_events"); n != 1 {
		t.Errorf("%d webhook events recorded, want 1", n)
	}
}
