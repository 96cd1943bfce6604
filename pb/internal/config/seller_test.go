package config

import (
	"strings"
	"testing"
)

func clearSeller(t *testing.T) {
	for _, name := range []string{"DEMO_MODE", "DEMO_PASSWORD", "SELLER_NAME", "SELLER_ADDRESS", "SELLER_EMAIL", "SELLER_GSTIN"} {
		t.Setenv(name, "")
	}
}

func TestSellerDefaultsOnlyInDemoMode(t *testing.T) {
	clearSeller(t)
	c, err := Load()
	if err != nil || c.Seller != (Seller{}) || c.SellerComplete() {
		t.Fatalf("production: no made-up seller: %+v %v", c.Seller, err)
	}

	t.Setenv("DEMO_MODE", "true")
	c, err = Load()
	if err != nil || c.Seller.Name != DemoSellerName || c.Seller.Address != DemoSellerAddress ||
		c.Seller.Email != DemoSellerEmail || c.Seller.GSTIN != "" || !c.SellerComplete() {
		t.Fatalf("demo: %+v %v", c.Seller, err)
	}

	t.Setenv("SELLER_NAME", "Acme Community LLP")
	c, err = Load()
	if err != nil || c.Seller.Name != "Acme Community LLP" || c.Seller.Address != DemoSellerAddress {
		t.Fatalf("demo with a name set: %+v %v", c.Seller, err)
	}
}

func TestSellerSettings(t *testing.T) {
	clearSeller(t)
	t.Setenv("SELLER_NAME", " Acme Community LLP ")
	t.Setenv("SELLER_ADDRESS", `4 Lake View\nPune 411001`)
	t.Setenv("SELLER_EMAIL", "accounts@acme.example")
	t.Setenv("SELLER_GSTIN", "27aapfu0939f1zv")
	c, err := Load()
	want := Seller{Name: "Acme Community LLP", Address: "4 Lake View\nPune 411001", Email: "accounts@acme.example", GSTIN: "27AAPFU0939F1ZV"}
	if err != nil || c.Seller != want || !c.SellerComplete() {
		t.Fatalf("got %+v %v, want %+v", c.Seller, err, want)
	}

	bad := map[string]string{
		"SELLER_GSTIN":   "27AAPFU0939F1Z",            // 14 characters
		"SELLER_EMAIL":   "Accounts <a@acme.example>", // not a bare address
		"SELLER_NAME":    strings.Repeat("n", maxSellerName+1),
		"SELLER_ADDRESS": strings.Repeat("a", maxSellerAddress+1),
	}
	for name, value := range bad {
		t.Run(name, func(t *testing.T) {
			t.Setenv(name, value)
			if _, err := Load(); err == nil || !strings.Contains(err.Error(), name) {
				t.Errorf("%s=%q: %v", name, value, err)
			}
		})
	}
}
