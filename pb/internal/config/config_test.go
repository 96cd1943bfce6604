package config

import (
	"testing"
	"time"
)

func TestRazorpaySettings(t *testing.T) {
	t.Setenv("RAZORPAY_KEY_ID", "")
	t.Setenv("RAZORPAY_KEY_SECRET", "")
	c, err := Load()
	if err != nil || !c.PaymentsSandbox() || c.RazorpayTimeout != 10*time.Second || c.RazorpayAPIBase != "https://api.razorpay.com" {
		t.Fatalf("defaults: %+v %v", c, err)
	}

	t.Setenv("RAZORPAY_KEY_ID", "rzp_live_x")
	if _, err := Load(); err == nil {
		t.Error("a key id without its secret silently fell back to the sandbox")
	}

	t.Setenv("RAZORPAY_KEY_SECRET", "s3cret")
	t.Setenv("RAZORPAY_API_BASE", "http://127.0.0.1:9999/")
	t.Setenv("RAZORPAY_TIMEOUT", "3s")
	c, err = Load()
	if err != nil || c.PaymentsSandbox() || c.RazorpayTimeout != 3*time.Second || c.RazorpayAPIBase != "http://127.0.0.1:9999" {
		t.Fatalf("live: %+v %v", c, err)
	}

	t.Setenv("RAZORPAY_TIMEOUT", "soon")
	if _, err := Load(); err == nil {
		t.Error("a garbage timeout was accepted")
	}
}
