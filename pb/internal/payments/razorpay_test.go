package payments_test

import (
	"errors"
	"testing"
	"time"

	"sponsorbridge/pb/internal/payments"
)

func newClient(base string) *payments.Razorpay {
	return payments.NewRazorpay(base, testKeyID, testKeySecret, 500*time.Millisecond)
}

var testOrder = payments.OrderRequest{Amount: 90000, Currency: "INR", Receipt: "sb_user_abc",
	Notes: map[string]string{"planId": "quarterly", "userId": "u1"}}

func TestRazorpayCreatesOrderThroughTheSDK(t *testing.T) {
	t.Parallel()
	s := newStandIn(t)
	order, err := newClient(s.URL).CreateOrder(testOrder)
	if err != nil {
		t.Fatal(err)
	}
	if order.ID != "order_T000001" || order.Amount != 90000 || order.Currency != "INR" {
		t.Errorf("order = %+v", order)
	}
	got := s.received()
	if len(got) != 1 {
		t.Fatalf("stand-in got %d requests", len(got))
	}
	b := got[0]
	notes, _ := b["notes"].(map[string]any)
	if b["amount"] != float64(90000) || b["currency"] != "INR" || b["receipt"] != "sb_user_abc" ||
		notes["planId"] != "quarterly" || notes["userId"] != "u1" {
		t.Errorf("request body = %v", b)
	}
}

func TestRazorpayFailures(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		mode        string
		unreachable bool
	}{
		{"error500", false},
		{"html502", false},
		{"noid", false},
		{"wrongamount", false},
		{"slow", true},
	} {
		s := newStandIn(t)
		s.setMode(c.mode)
		_, err := newClient(s.URL).CreateOrder(testOrder)
		var pe *payments.ProviderError
		if !errors.As(err, &pe) {
			t.Errorf("%s: err = %v, want a ProviderError", c.mode, err)
			continue
		}
		if pe.Unreachable != c.unreachable {
			t.Errorf("%s: unreachable = %v, want %v (%v)", c.mode, pe.Unreachable, c.unreachable, err)
		}
	}

	wrongKey := payments.NewRazorpay(newStandIn(t).URL, testKeyID, "wrong", time.Second)
	if _, err := wrongKey.CreateOrder(testOrder); err == nil {
		t.Error("a refused key pair created an order")
	}

	closed := newStandIn(t)
	closed.Close()
	_, err := newClient(closed.URL).CreateOrder(testOrder)
	var pe *payments.ProviderError
	if !errors.As(err, &pe) || !pe.Unreachable {
		t.Errorf("closed provider: err = %v, want unreachable", err)
	}
}
