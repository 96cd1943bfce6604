package payments_test

import (
	"encoding/json"
	"net/http"
	"sync"
	"testing"
	"time"

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

	j.Do(t, testutil.Call{Name: "posting before subscribing", Method: http.MethodPost, URL: "/api/sponsorships", Body: validListing, Who: "dan", Status: 402, Events: testutil.NoWrites(), Want: []string{"An active subscription is required to post."}})
	var order OrderAnswer
	j.Do(t, testutil.Call{Name: "ordering a plan", Method: http.MethodPost, URL: "/api/payments/create-subscription", Body: `{"planId":"monthly"}`, Who: "dan", Status: 200, Events: testutil.Writes(1, 0, 0), Want: []string{`"keyId":"` + testKeyID + `"`, `"amount":40000`}}).Decode(t, &order)
	// Razorpay's Checkout would now take the payment and sign it with the key secret.
	j.Do(t, testutil.Call{Name: "Checkout's signed answer", Method: http.MethodPost, URL: verifyURL, Body: signedVerify(order.OrderID, "pay_Flow1"), Who: "dan", Status: 200, Events: testutil.Writes(0, 2, 0), Want: []string{`"subscriptionActive":true`}}) // the payment and the member's plan
	// the plan's mail may still be on its way
	j.Do(t, testutil.Call{Name: "posting after subscribing", Method: http.MethodPost, URL: "/api/sponsorships", Body: validListing, Who: "dan", Status: 201, Events: testutil.WritesAmidMail(1, 0), Want: []string{`"title":"Robotics kits"`}})
	j.Do(t, testutil.Call{Name: "the history", Method: http.MethodGet, URL: "/api/payments", Who: "dan", Status: 200, Events: testutil.NoWrites(), Want: []string{`"status":"paid"`, `"paymentId":"pay_Flow1"`}})
}

// The same journey on a laptop with no keys: the sandbox checkout signs.
func TestFlowSandbox(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seedMembers(t, app)
	j := testutil.NewJourney(t, app)

	j.Do(t, testutil.Call{Name: "the web app learns the mode", Method: http.MethodGet, URL: "/api/app-config", Status: 200, Events: testutil.NoWrites(), Want: []string{`"mode":"sandbox"`}})
	var order OrderAnswer
	j.Do(t, testutil.Call{Name: "ordering a plan", Method: http.MethodPost, URL: "/api/payments/create-subscription", Body: `{"planId":"quarterly"}`, Who: "priya", Status: 200, Events: testutil.Writes(1, 0, 0), Want: []string{`"sandbox":true`, `"keyId":"rzp_test_sandbox"`}}).Decode(t, &order)
	var checkout map[string]any
	j.Do(t, testutil.Call{Name: "the sandbox checkout pays", Method: http.MethodPost, URL: "/api/payments/sandbox/pay", Body: `{"orderId":"` + order.OrderID + `"}`, Who: "priya", Status: 200, Events: map[string]int{"*": 0}, Want: []string{`"razorpay_signature":"`}}).Decode(t, &checkout) // signs, stores nothing
	delete(checkout, "sandbox")
	forged := map[string]any{"razorpay_order_id": order.OrderID, "razorpay_payment_id": checkout["razorpay_payment_id"],
		"razorpay_signature": hexHMAC("", order.OrderID+"|"+checkout["razorpay_payment_id"].(string))}
	forgedBody, _ := json.Marshal(forged)
	j.Do(t, testutil.Call{Name: "a signature without the process secret", Method: http.MethodPost, URL: verifyURL, Body: string(forgedBody), Who: "priya", Status: 400, Events: testutil.NoWrites(), Want: []string{"The payment signature is not valid."}})
	verifyJSON, _ := json.Marshal(checkout)
	j.Do(t, testutil.Call{Name: "the sandbox's signed answer", Method: http.MethodPost, URL: verifyURL, Body: string(verifyJSON), Who: "priya", Status: 200, Events: testutil.Writes(0, 2, 0), Want: []string{`"subscriptionPlan":"quarterly"`}})
	j.Do(t, testutil.Call{Name: "posting after subscribing", Method: http.MethodPost, URL: "/api/sponsorship-requests", Body: `{"title":"Camp","description":"Eye tests","requestedAmount":300,"categories":["Healthcare"]}`, Who: "priya", Status: 201, Events: testutil.WritesAmidMail(1, 0), Want: []string{`"title":"Camp"`}}) // the plan's mail may still be on its way
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
