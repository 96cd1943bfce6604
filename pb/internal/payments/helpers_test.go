package payments_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/testutil"
)

const (
	testKeyID         = "rzp_test_k3y"
	testKeySecret     = "live-key-secret-for-tests"
	testWebhookSecret = "webhook-secret-for-tests"
)

// hexHMAC is computed here with crypto/hmac, independently of the package's Sign.
func hexHMAC(secret, message string) string {
	h := hmac.New(sha256.New, []byte(secret))
	h.Write([]byte(message))
	return hex.EncodeToString(h.Sum(nil))
}

// standIn speaks Razorpay's POST /v1/orders: basic auth with the key pair,
// a JSON body, an order entity back. mode switches it into failure modes.
type standIn struct {
	*httptest.Server
	t      testing.TB
	mu     sync.Mutex
	mode   string
	bodies []map[string]any
	seq    int
}

func newStandIn(t testing.TB) *standIn {
	s := &standIn{t: t, mode: "ok"}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

func (s *standIn) setMode(m string) { s.mu.Lock(); s.mode = m; s.mu.Unlock() }

func (s *standIn) received() []map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]map[string]any(nil), s.bodies...)
}

func rzpError(w http.ResponseWriter, status int, code, desc string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	fmt.Fprintf(w, `{"error":{"code":%q,"description":%q,"source":"NA","step":"NA","reason":"NA","metadata":{}}}`, code, desc)
}

func (s *standIn) serve(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.URL.Path != "/v1/orders" {
		rzpError(w, http.StatusNotFound, "BAD_REQUEST_ERROR", "The requested URL was not found on the server.")
		return
	}
	if key, secret, ok := r.BasicAuth(); !ok || key != testKeyID || secret != testKeySecret {
		rzpError(w, http.StatusUnauthorized, "BAD_REQUEST_ERROR", "Authentication failed")
		return
	}
	if ct := r.Header.Get("Content-Type"); ct != "application/json" {
		rzpError(w, http.StatusBadRequest, "BAD_REQUEST_ERROR", "content type "+ct)
		return
	}
	raw, _ := io.ReadAll(r.Body)
	body := map[string]any{}
	if err := json.Unmarshal(raw, &body); err != nil {
		rzpError(w, http.StatusBadRequest, "BAD_REQUEST_ERROR", "invalid json")
		return
	}
	s.mu.Lock()
	s.bodies = append(s.bodies, body)
	s.seq++
	mode, seq := s.mode, s.seq
	s.mu.Unlock()

	amount, _ := body["amount"].(float64)
	switch mode {
	case "error500":
		rzpError(w, http.StatusInternalServerError, "SERVER_ERROR", "We are facing some trouble completing your request at the moment.")
		return
	case "html502":
		w.WriteHeader(http.StatusBadGateway)
		io.WriteString(w, "<html>bad gateway</html>")
		return
	case "noid":
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"entity":"order","status":"created"}`)
		return
	case "wrongamount":
		amount = 100
	case "slow":
		// answers only after the client has given up (its timeout is far
		// below the bound)
		select {
		case <-r.Context().Done():
		case <-time.After(10 * time.Second):
		}
	}
	w.Header().Set("Content-Type", "application/json")
	order := map[string]any{
		"id": fmt.Sprintf("order_T%06d", seq), "entity": "order", "amount": amount, "amount_paid": 0,
		"amount_due": amount, "currency": body["currency"], "receipt": body["receipt"], "offer_id": nil,
		"status": "created", "attempts": 0, "notes": body["notes"], "created_at": time.Now().Unix(),
	}
	_ = json.NewEncoder(w).Encode(order)
}

// liveConfig points the app at the stand-in with live-looking keys.
func liveConfig(base string) *config.Config {
	cfg := testutil.Config()
	cfg.RazorpayKeyID = testKeyID
	cfg.RazorpayKeySecret = testKeySecret
	cfg.RazorpayWebhookSecret = testWebhookSecret
	cfg.RazorpayAPIBase = base
	cfg.RazorpayTimeout = 500 * time.Millisecond
	return cfg
}

// seedMembers makes dan (with e-mail), priya and the administrator boss.
func seedMembers(t testing.TB, app core.App) {
	testutil.CreateMember(t, app, "dan", testutil.MemberOpts{Email: "dan@example.com"})
	testutil.CreateMember(t, app, "priya", testutil.MemberOpts{Email: "priya@example.com"})
	testutil.CreateMember(t, app, "boss", testutil.MemberOpts{Admin: true})
}

type paymentOpts struct {
	plan, provider, status, paymentID string
	amount                            int
	created                           time.Time
}

// seedPayment stores an order for owner as create-subscription would have.
func seedPayment(t testing.TB, app core.App, owner, orderID string, o paymentOpts) *core.Record {
	t.Helper()
	c, err := app.FindCollectionByNameOrId("payments")
	if err != nil {
		t.Fatal(err)
	}
	if o.plan == "" {
		o.plan = "monthly"
	}
	if o.provider == "" {
		o.provider = "razorpay"
	}
	if o.status == "" {
		o.status = "created"
	}
	if o.amount == 0 {
		o.amount = map[string]int{"monthly": 40000, "quarterly": 90000, "biannual": 150000}[o.plan]
	}
	r := core.NewRecord(c)
	r.Set("orderId", orderID)
	r.Set("user", testutil.FindByUsername(t, app, owner).Id)
	r.Set("plan", o.plan)
	r.Set("amount", o.amount)
	r.Set("currency", "INR")
	r.Set("status", o.status)
	r.Set("provider", o.provider)
	r.Set("paymentId", o.paymentID)
	r.Set("receipt", "sb_test")
	if !o.created.IsZero() {
		dt, _ := types.ParseDateTime(o.created)
		r.SetRaw("created", dt)
	}
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
	return r
}

// setExpiry gives a member an active plan ending at exp.
func setExpiry(t testing.TB, app core.App, username string, status string, exp time.Time) {
	t.Helper()
	m := testutil.FindByUsername(t, app, username)
	m.Set("subscriptionPlan", "monthly")
	m.Set("subscriptionStatus", status)
	m.Set("subscriptionExpiry", exp)
	if err := app.Save(m); err != nil {
		t.Fatal(err)
	}
}

func expiryOf(t testing.TB, app core.App, username string) time.Time {
	return testutil.FindByUsername(t, app, username).GetDateTime("subscriptionExpiry").Time()
}

func paymentOf(t testing.TB, app core.App, orderID string) *core.Record {
	t.Helper()
	r, err := app.FindFirstRecordByData("payments", "orderId", orderID)
	if err != nil {
		t.Fatalf("payment %s: %v", orderID, err)
	}
	return r
}

func countPayments(t testing.TB, app core.App) int {
	n, err := app.CountRecords("payments")
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

// near tells whether a and b are within a minute (request time vs test time).
func near(a, b time.Time) bool {
	d := a.Sub(b)
	return d < time.Minute && d > -time.Minute
}
