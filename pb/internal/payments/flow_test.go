package payments_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
	"sponsorbridge/pb/internal/when"
)

const validListing = `{"title":"Robotics kits","description":"Kits for a club","amount":250,"categories":["Education"]}`

type OrderAnswer struct {
	KeyID, Currency, PlanName, OrderID, Username, Email string
	Amount                                              int
	Sandbox                                             bool
}

// step is one request of a payment journey, as a scenario.
func step(name, method, url, body string, headers map[string]string, status int, events map[string]int, content ...string) tests.ApiScenario {
	return tests.ApiScenario{Name: name, Method: method, URL: url, Body: strings.NewReader(body), Headers: headers,
		ExpectedStatus: status, ExpectedEvents: events, ExpectedContent: content}
}

// The whole journey against live-looking keys: a member without a plan
// cannot post, orders a plan (the stand-in plays Razorpay), Checkout's
// signed answer is verified, and the member can post.
func TestFlowLive(t *testing.T) {
	t.Parallel()
	s := newStandIn(t)
	app := apptest.NewApp(t, liveConfig(s.URL))
	defer app.Cleanup()
	seedMembers(t, app)
	j := testutil.NewJourney(t, app)
	dan := testutil.Cookie(t, testutil.FindByUsername(t, app, "dan"))

	j.Step(t, step("posting before subscribing", http.MethodPost, "/api/sponsorships", validListing, dan, 402, testutil.NoWrites(),
		"An active subscription is required to post."))
	var order OrderAnswer
	j.Step(t, step("ordering a plan", http.MethodPost, "/api/payments/create-subscription", `{"planId":"monthly"}`, dan,
		200, testutil.Writes(1, 0, 0), `"keyId":"`+testKeyID+`"`, `"amount":40000`)).Decode(t, &order)
	// Razorpay's Checkout would now take the payment and sign it with the key secret.
	j.Step(t, step("Checkout's signed answer", http.MethodPost, verifyURL, signedVerify(order.OrderID, "pay_Flow1"), dan,
		200, testutil.Writes(0, 2, 0), `"subscriptionActive":true`)) // the payment and the member's plan
	// the plan's mail may still be on its way
	j.Step(t, step("posting after subscribing", http.MethodPost, "/api/sponsorships", validListing, dan,
		201, testutil.WritesAmidMail(1, 0), `"title":"Robotics kits"`))
	j.Step(t, step("the history", http.MethodGet, "/api/payments", "", dan,
		200, testutil.NoWrites(), `"status":"paid"`, `"paymentId":"pay_Flow1"`))
}

// The same journey on a laptop with no keys: the sandbox checkout signs.
func TestFlowSandbox(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seedMembers(t, app)
	j := testutil.NewJourney(t, app)
	priya := testutil.Cookie(t, testutil.FindByUsername(t, app, "priya"))

	j.Step(t, step("the web app learns the mode", http.MethodGet, "/api/app-config", "", nil, 200, testutil.NoWrites(), `"mode":"sandbox"`))
	var order OrderAnswer
	j.Step(t, step("ordering a plan", http.MethodPost, "/api/payments/create-subscription", `{"planId":"quarterly"}`, priya,
		200, testutil.Writes(1, 0, 0), `"sandbox":true`, `"keyId":"rzp_test_sandbox"`)).Decode(t, &order)
	var checkout map[string]any
	j.Step(t, step("the sandbox checkout pays", http.MethodPost, "/api/payments/sandbox/pay", `{"orderId":"`+order.OrderID+`"}`, priya,
		200, map[string]int{"*": 0}, `"razorpay_signature":"`)).Decode(t, &checkout) // signs, stores nothing
	delete(checkout, "sandbox")
	forged := map[string]any{"razorpay_order_id": order.OrderID, "razorpay_payment_id": checkout["razorpay_payment_id"],
		"razorpay_signature": hexHMAC("", order.OrderID+"|"+checkout["razorpay_payment_id"].(string))}
	forgedBody, _ := json.Marshal(forged)
	j.Step(t, step("a signature without the process secret", http.MethodPost, verifyURL, string(forgedBody), priya,
		400, testutil.NoWrites(), "The payment signature is not valid."))
	verifyJSON, _ := json.Marshal(checkout)
	j.Step(t, step("the sandbox's signed answer", http.MethodPost, verifyURL, string(verifyJSON), priya,
		200, testutil.Writes(0, 2, 0), `"subscriptionPlan":"quarterly"`))
	j.Step(t, step("posting after subscribing", http.MethodPost, "/api/sponsorship-requests",
		`{"title":"Camp","description":"Eye tests","requestedAmount":300,"categories":["Healthcare"]}`, priya,
		201, testutil.WritesAmidMail(1, 0), `"title":"Camp"`)) // the plan's mail may still be on its way
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
			s, _ := testutil.DoRead(t, srv, http.MethodPost, verifyURL, signedVerify("order_W1", "pay_W1"), dan)
			statuses <- s
		}()
		go func(i int) {
			defer wg.Done()
			s, _ := testutil.DoRead(t, srv, http.MethodPost, webhookURL, paid, signedHeaders(paid, "evt_race"))
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
	want := when.AddMonths(time.Now().UTC(), 3)
	if got := expiryOf(t, app, "dan"); !near(got, want) {
		t.Errorf("expiry %v, want about %v (extended once)", got, want)
	}
	if n, _ := app.CountRecords("webhook_events"); n != 1 {
		t.Errorf("%d webhook events recorded, want 1", n)
	}
}
