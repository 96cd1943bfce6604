package admin_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

func TestOverview(t *testing.T) {
	t.Parallel()
	testutil.RunCalls(t, factory, []testutil.Call{
		{Name: "dashboard counters", Method: http.MethodGet, Who: "boss", URL: "/api/admin/overview", Status: 200,
			Want: []string{`"pendingReview":2`, `"reported":1`, `"members":4`, `"verified":1`, `"administrators":1`,
				`"activeSubscriptions":1`, `"openContactMessages":0`, `"dashboardUrl":"/_/"`}},
	})
}

// seedSubscriptions adds a lapsed and a quarterly member to seed.
func seedSubscriptions(t testing.TB, app core.App) {
	seed(t, app)
	lapsed := testutil.CreateMember(t, app, "lapsed", testutil.MemberOpts{Subscribed: true})
	lapsed.Set("subscriptionExpiry", types.NowDateTime().Add(-time.Hour))
	quarterly := testutil.CreateMember(t, app, "quart", testutil.MemberOpts{Subscribed: true, Email: "quart@example.com"})
	quarterly.Set("subscriptionPlan", "quarterly")
	quarterly.Set("subscriptionExpiry", types.NowDateTime().Add(24*time.Hour))
	for _, r := range []*core.Record{lapsed, quarterly} {
		if err := app.Save(r); err != nil {
			t.Fatal(err)
		}
	}
}

// ensurePayments makes a payments collection shaped like the payments
// feature's, unless the migrations already made it, and stores two payments.
func ensurePayments(t testing.TB, app core.App) {
	seedSubscriptions(t, app)
	c, err := app.FindCollectionByNameOrId("payments")
	if err != nil {
		users, _ := app.FindCollectionByNameOrId("users")
		c = core.NewBaseCollection("payments")
		c.Fields.Add(
			&core.TextField{Name: "orderId", Required: true},
			&core.RelationField{Name: "user", MaxSelect: 1, CollectionId: users.Id},
			&core.TextField{Name: "plan"},
			&core.NumberField{Name: "amount", OnlyInt: true},
			&core.TextField{Name: "currency"},
			&core.TextField{Name: "status"},
			&core.TextField{Name: "provider"},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		if err := app.Save(c); err != nil {
			t.Fatal(err)
		}
	}
	for i, p := range []struct{ user, plan, status string }{{"dan", "monthly", "paid"}, {"quart", "quarterly", "paid"}, {"zed", "monthly", "failed"}} {
		price := map[string]int{"monthly": 400, "quarterly": 900}[p.plan]
		r := core.NewRecord(c)
		r.Load(map[string]any{"orderId": "order_" + string(rune('a'+i)), "user": testutil.FindByUsername(t, app, p.user).Id,
			"plan": p.plan, "amount": price, "currency": "INR", "status": p.status, "provider": "sandbox"})
		if err := app.Save(r); err != nil {
			t.Fatal(err)
		}
	}
}

func TestSubscriptions(t *testing.T) {
	t.Parallel()
	testutil.RunCalls(t, apptest.Factory(nil, seedSubscriptions), []testutil.Call{
		{Name: "active subscriptions, soonest expiry first", Method: http.MethodGet, Who: "boss",
			URL: "/api/admin/subscriptions", Status: 200,
			Want:        []string{`[{"member":{`, `"username":"quart"`, `"email":"quart@example.com"`, `"planName":"3 Month Plan"`, `"username":"dan"`},
			NotWant:     []string{`"username":"lapsed"`, `"plans"`},
			WantHeaders: map[string]string{"X-Total-Count": "2", "X-Page": "1", "X-Has-More": "false"}},
		{Name: "active subscriptions, a page with more after it", Method: http.MethodGet, Who: "boss",
			URL: "/api/admin/subscriptions?perPage=1", Status: 200,
			Want: []string{`"username":"quart"`}, NotWant: []string{`"username":"dan"`},
			WantHeaders: map[string]string{"X-Total-Count": "2", "X-Per-Page": "1", "X-Has-More": "true"}},
		{Name: "summary from the members alone when there is no payments collection", Method: http.MethodGet, Who: "boss",
			URL: "/api/admin/subscriptions/summary", Status: 200,
			Want: []string{`{"plan":"monthly","name":"1 Month Plan","price":400,"active":1}`, `{"plan":"quarterly","name":"3 Month Plan","price":900,"active":1}`,
				`"totals":{"active":2,"lapsed":1,"activePlanValue":1300}`},
			NotWant: []string{`"username"`}},
		{Name: "bad paging", Method: http.MethodGet, Who: "boss", URL: "/api/admin/subscriptions?page=x", Status: 400,
			Want: []string{"Page must be a whole number from 1 to 10000"}},
	})
	testutil.RunCalls(t, apptest.Factory(nil, ensurePayments), []testutil.Call{
		{Name: "with payments: totals of paid payments per currency and the latest payments", Method: http.MethodGet, Who: "boss",
			URL: "/api/admin/subscriptions/summary", Status: 200,
			Want: []string{`"available":true`, `"count":3`, `"paid":2`, `{"currency":"INR","amount":1300,"count":2,"refunded":0}`,
				`"orderId":"order_c"`, `"status":"failed"`}},
	})
	// The administrator sees refunds: per payment (amount, latest date) and
	// per currency; a payment refunded in full still counts as received.
	testutil.RunCalls(t, apptest.Factory(nil, seedRefunds), []testutil.Call{
		{Name: "refunds in the recent payments and the totals", Method: http.MethodGet, Who: "boss",
			URL: "/api/admin/subscriptions/summary", Status: 200,
			Want: []string{`"count":3`, `"paid":3`, `{"currency":"INR","amount":1700,"count":3,"refunded":500}`,
				`"orderId":"order_c","member":`, `"status":"refunded"`, `"receiptNumber":"SB-000003","refundedAmount":400,"refundedAt":"2026-11-20T10:00:00Z"`,
				`"orderId":"order_a"`, `"receiptNumber":"SB-000001","refundedAmount":100,"refundedAt":"2026-11-21T09:30:00Z"`}},
		{Name: "members do not see the summary", Method: http.MethodGet, Who: "dan",
			URL: "/api/admin/subscriptions/summary", Status: 403, NotWant: []string{"refunded"}},
	})
}

// seedRefunds stores three received payments: order_a paid with ₹1 refunded,
// order_b paid, order_c refunded in full.
func seedRefunds(t testing.TB, app core.App) {
	seedSubscriptions(t, app)
	payments, _ := app.FindCollectionByNameOrId("payments")
	refunds, _ := app.FindCollectionByNameOrId("refunds")
	for i, p := range []struct{ user, plan, status string }{{"dan", "monthly", "paid"}, {"quart", "quarterly", "paid"}, {"zed", "monthly", "refunded"}} {
		price := map[string]int{"monthly": 400, "quarterly": 900}[p.plan]
		r := core.NewRecord(payments)
		r.Load(map[string]any{"orderId": "order_" + string(rune('a'+i)), "user": testutil.FindByUsername(t, app, p.user).Id,
			"plan": p.plan, "amount": price, "currency": "INR", "status": p.status, "provider": "razorpay", "receiptNo": i + 1})
		if err := app.Save(r); err != nil {
			t.Fatal(err)
		}
		for j, refund := range map[int][]struct {
			amount int
			at     string
		}{0: {{60, "2026-11-20 08:00:00.000Z"}, {40, "2026-11-21 09:30:00.000Z"}}, 2: {{400, "2026-11-20 10:00:00.000Z"}}}[i] {
			f := core.NewRecord(refunds)
			f.Load(map[string]any{"refundId": fmt.Sprintf("rfnd_%d%d", i, j), "payment": r.Id, "amount": refund.amount,
				"currency": "INR", "processedAt": refund.at})
			if err := app.Save(f); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestAuditList(t *testing.T) {
	t.Parallel()
	testutil.RunCalls(t, factory, []testutil.Call{
		{Name: "bad action filter", Method: http.MethodGet, Who: "boss", URL: "/api/admin/audit?action=delete_everything",
			Status: 400, Want: []string{"Unknown action"}},
	})
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	j := testutil.NewJourney(t, app)
	dan := memberID(t, app, "dan")
	j.Do(t, testutil.Call{Name: "boss posts /api/admin/members/" + dan + "/verify", Who: "boss", Method: http.MethodPost, URL: "/api/admin/members/" + dan + "/verify", Status: 200, Events: testutil.Writes(1, 1, 0), Want: []string{"{"}})
	j.Do(t, testutil.Call{Name: "boss posts /api/admin/members/" + dan + "/unverify", Who: "boss", Method: http.MethodPost, URL: "/api/admin/members/" + dan + "/unverify", Status: 200, Events: testutil.Writes(1, 1, 0), Want: []string{"{"}})
	j.Do(t, testutil.Call{Name: "dan posts /api/admin/members/" + dan + "/verify", Who: "dan", Method: http.MethodPost, URL: "/api/admin/members/" + dan + "/verify", Status: 403, Events: testutil.NoWrites()}) // refused: not logged

	a := j.Do(t, testutil.Call{Name: "boss reads /api/admin/audit", Who: "boss", Method: http.MethodGet, URL: "/api/admin/audit", Status: 200, Want: []string{"{"}})
	wantOrder(t, a.Body, `[{`, `"action":"unverify_member"`, `"action":"verify_member"`)
	if got := a.Header.Get("X-Total-Count"); got != "2" {
		t.Errorf("audit total %q, want 2", got)
	}
	a = j.Do(t, testutil.Call{Name: "boss reads /api/admin/audit?action=verify_member&targetId=" + dan, Who: "boss", Method: http.MethodGet, URL: "/api/admin/audit?action=verify_member&targetId=" + dan, Status: 200, Want: []string{"{"}})
	wantOrder(t, a.Body, `[{`, `"actorName":"boss"`, `"targetKind":"users"`, `"targetId":"`+dan+`"`)
	if got := a.Header.Get("X-Total-Count"); got != "1" {
		t.Errorf("filtered audit total %q, want 1", got)
	}
}

// wantOrder checks that body holds each string, in this order.
func wantOrder(t testing.TB, body string, parts ...string) {
	t.Helper()
	at := 0
	for _, p := range parts {
		i := strings.Index(body[at:], p)
		if i < 0 {
			t.Errorf("missing (or out of order) %s in %s", p, body)
			return
		}
		at += i + len(p)
	}
}
