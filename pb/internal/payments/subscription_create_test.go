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

	scenario(t, factory, "dan", tests.ApiScenario{
		Name:   "member orders the quarterly plan at the server's price; the body's price is ignored",
		Method: http.MethodPost, URL: url, Body: strings.NewReader(`{"planId":"quarterly","amount":1,"price":1}`),
		ExpectedStatus: 200,
		ExpectedEvents: testutil.Writes(1, 0, 0),
		ExpectedContent: []string{`"keyId":"rzp_test_k3y"`, `"amount":90000`, `"currency":"INR"`, `"planName":"3 Month Plan"`,
			`"orderId":"order_T`, `"username":"dan"`, `"email":"dan@example.com"`, `"sandbox":false`},
		NotExpectedContent: []string{testKeySecret},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
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
	})
	scenario(t, factory, "boss", tests.ApiScenario{
		Name: "administrators may buy a plan too", Method: http.MethodPost, URL: url,
		Body: strings.NewReader(`{"planId":"monthly"}`), ExpectedStatus: 200, ExpectedEvents: testutil.Writes(1, 0, 0),
		ExpectedContent: []string{`"amount":40000`, `"planName":"1 Month Plan"`}, AfterTestFunc: expectPayments(1),
	})

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
		scenario(t, factory, "dan", tests.ApiScenario{
			Name: c.name, Method: http.MethodPost, URL: url, Body: strings.NewReader(c.body),
			ExpectedStatus: c.status, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{c.want}, AfterTestFunc: expectPayments(0),
		})
	}
	scenario(t, factory, "", tests.ApiScenario{
		Name: "visitors cannot order", Method: http.MethodPost, URL: url, Body: strings.NewReader(`{"planId":"monthly"}`),
		ExpectedStatus: 401, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`"status":401`}, AfterTestFunc: expectPayments(0),
	})
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
		scenario(t, apptest.Factory(liveConfig(s.URL), seedMembers), "dan", tests.ApiScenario{
			Name: c.name, Method: http.MethodPost, URL: "/api/payments/create-subscription",
			Body: strings.NewReader(`{"planId":"monthly"}`), ExpectedStatus: c.status, ExpectedEvents: testutil.NoWrites(),
			ExpectedContent: []string{c.want}, NotExpectedContent: []string{"orderId", testKeySecret},
			AfterTestFunc: expectPayments(0),
		})
	}
}

func TestCreateSubscriptionSandbox(t *testing.T) {
	t.Parallel()
	scenario(t, apptest.Factory(nil, seedMembers), "priya", tests.ApiScenario{
		Name: "without keys the sandbox makes a local order", Method: http.MethodPost,
		URL: "/api/payments/create-subscription", Body: strings.NewReader(`{"planId":"biannual"}`),
		ExpectedStatus: 200,
		ExpectedEvents: testutil.Writes(1, 0, 0),
		ExpectedContent: []string{`"keyId":"rzp_test_sandbox"`, `"sandbox":true`, `"orderId":"order_sandbox_`,
			`"amount":150000`, `"planName":"6 Month Plan"`, `"email":"priya@example.com"`},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			records, _ := app.FindAllRecords("payments")
			if len(records) != 1 || records[0].GetString("provider") != "sandbox" || records[0].GetString("status") != "created" {
				t.Errorf("stored: %v", records)
			}
		},
	})
}
