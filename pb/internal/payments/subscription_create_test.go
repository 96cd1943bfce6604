package payments_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

func expectPayments(n int) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		if got := countPayments(t, app); got != n {
			t.Errorf("expected %d stored payments, found %d", n, got)
		}
	}
}

func TestCreateSubscriptionLive(t *testing.T) {
	t.Parallel()
	s := newStandIn(t)
	factory := apptest.Factory(liveConfig(s.URL), seedMembers)
	const url = "/api/payments/create-subscription"

	testutil.Call{
		Who:    "dan",
		Name:   "member orders the quarterly plan at the server's price; the body's price is ignored",
		Method: http.MethodPost, URL: url, Body: `{"planId":"quarterly","amount":1,"price":1}`,
		Status: 200,
		Events: testutil.Writes(1, 0, 0),
		Want: []string{`"keyId":"rzp_test_k3y"`, `"amount":90000`, `"currency":"INR"`, `"planName":"3 Month Plan"`,
			`"orderId":"order_T`, `"username":"dan"`, `"email":"dan@example.com"`, `"sandbox":false`},
		NotWant: []string{testKeySecret},
		After: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			got := s.received()
			body := got[len(got)-1]
			notes, _ := body["notes"].(map[string]any)
			dan := testutil.FindByUsername(t, app, "dan")
			receipt, _ := body["receipt"].(string)
			if body["amount"] != float64(90000) || body["currency"] != "INR" || !strings.HasPrefix(receipt, "sb_"+dan.Id) ||
				len(receipt) > 40 || notes["planId"] != "quarterly" || notes["userId"] != dan.Id || notes["username"] != "dan" {
				t.Errorf("order request = %v", body)
			}
			records, err := app.FindAllRecords("payments")
			if err != nil || len(records) != 1 {
				t.Fatalf("stored payments: %v %v", records, err)
			}
			p := records[0]
			if p.GetString("user") != dan.Id || p.GetInt("amount") != 90000 || p.GetString("status") != "created" ||
				p.GetString("plan") != "quarterly" || p.GetString("provider") != "razorpay" || p.GetString("receipt") != receipt {
				t.Errorf("stored payment = %v", p.PublicExport())
			}
		},
	}.Test(t, factory)
	testutil.Call{
		Who:  "boss",
		Name: "administrators may buy a plan too", Method: http.MethodPost, URL: url,
		Body: `{"planId":"monthly"}`, Status: 200, Events: testutil.Writes(1, 0, 0),
		Want: []string{`"amount":40000`, `"planName":"1 Month Plan"`}, After: expectPayments(1),
	}.Test(t, factory)

	bad := []struct {
		name, body string
		status     int
		want       string
	}{
		{"unknown plan", `{"planId":"lifetime"}`, 400, `"message":"Unknown plan. Choose one of: monthly, quarterly, biannual"`},
		{"missing plan", `{}`, 400, `"message":"Please choose a plan"`},
		{"blank plan", `{"planId":"   "}`, 400, `"message":"Please choose a plan"`},
		{"hostile plan", `{"planId":"monthly' OR 1=1 --"}`, 400, `Unknown plan`},
		{"malformed JSON", `{"planId":`, 400, `"message":"The request body is not valid JSON."`},
		{"wrong type", `{"planId":5}`, 400, `"message":"The request body is not valid JSON."`},
		{"oversized body", `{"planId":"monthly","x":"` + strings.Repeat("x", 5<<10) + `"}`, 413, `"status":413`},
	}
	for _, c := range bad {
		testutil.Call{
			Who:  "dan",
			Name: c.name, Method: http.MethodPost, URL: url, Body: c.body,
			Status: c.status, Events: testutil.NoWrites(), Want: []string{c.want}, After: expectPayments(0),
		}.Test(t, factory)
	}
	testutil.Call{
		Name: "visitors cannot order", Method: http.MethodPost, URL: url, Body: `{"planId":"monthly"}`,
		Status: 401, Events: testutil.NoWrites(), Want: []string{`"status":401`}, After: expectPayments(0),
	}.Test(t, factory)
}

func TestCreateSubscriptionProviderDown(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, mode string
		status     int
		want       string
	}{
		{"provider answers 500", "error500", 502, "The payment provider could not create the order. Please try again later."},
		{"provider answers garbage", "html502", 502, "The payment provider could not create the order."},
		{"provider answers without an order id", "noid", 502, "could not create the order"},
		{"provider answers another amount", "wrongamount", 502, "could not create the order"},
		{"provider too slow", "slow", 503, "The payment provider could not be reached. Please try again in a few minutes."},
		{"provider closed", "closed", 503, "could not be reached"},
	} {
		s := newStandIn(t)
		if c.mode == "closed" {
			s.Close()
		} else {
			s.setMode(c.mode)
		}
		testutil.Call{
			Who:  "dan",
			Name: c.name, Method: http.MethodPost, URL: "/api/payments/create-subscription",
			Body: `{"planId":"monthly"}`, Status: c.status, Events: testutil.NoWrites(),
			Want: []string{c.want}, NotWant: []string{"orderId", testKeySecret},
			After: expectPayments(0),
		}.Test(t, apptest.Factory(liveConfig(s.URL), seedMembers))
	}
}

func TestCreateSubscriptionSandbox(t *testing.T) {
	t.Parallel()
	testutil.Call{
		Who:  "priya",
		Name: "without keys the sandbox makes a local order", Method: http.MethodPost,
		URL: "/api/payments/create-subscription", Body: `{"planId":"biannual"}`,
		Status: 200,
		Events: testutil.Writes(1, 0, 0),
		Want: []string{`"keyId":"rzp_test_sandbox"`, `"sandbox":true`, `"orderId":"order_sandbox_`,
			`"amount":150000`, `"planName":"6 Month Plan"`, `"email":"priya@example.com"`},
		After: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			records, _ := app.FindAllRecords("payments")
			if len(records) != 1 || records[0].GetString("provider") != "sandbox" || records[0].GetString("status") != "created" {
				t.Errorf("stored: %v", records)
			}
		},
	}.Test(t, apptest.Factory(nil, seedMembers))
}
