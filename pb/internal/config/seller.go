package config

import (
	"fmt"
	"net/mail"
	"regexp"
	"strings"
	"unicode/utf8"
)

// Seller is who sells the plans, as every payment receipt names them.
// Outside demo mode an unset field stays empty and the receipt leaves the
// line out (the name falls back to the app's name there); demo mode fills
// the gaps with an obviously made-up seller so that receipts look whole.
type Seller struct {
	Name string
	// Address may span lines: a real newline or the two characters \n.
	Address string
	Email   string
	// GSTIN is the seller's GST number (India), optional.
	GSTIN string
}

// Bounds of the seller settings: they are printed on every receipt.
const (
	maxSellerName    = 120
	maxSellerAddress = 400
	maxSellerEmail   = 254
)

// Demo seller, used only when DEMO_MODE is on and the variable is unset.
const (
	DemoSellerName    = "SponsorBridge Demo Pvt. Ltd."
	DemoSellerAddress = "12 Residency Road\nBengaluru, Karnataka 560025\nIndia"
	DemoSellerEmail   = "billing@sponsorbridge.example"
)

// gstinPattern is the shape of a GST identification number: state code,
// PAN, entity number, "Z", check character.
var gstinPattern = regexp.MustCompile(`^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$`)

// loadSeller reads SELLER_NAME, SELLER_ADDRESS, SELLER_EMAIL and SELLER_GSTIN.
func loadSeller(demo bool) (Seller, error) {
	s := Seller{
		Name:    env("SELLER_NAME", ""),
		Address: strings.ReplaceAll(env("SELLER_ADDRESS", ""), `\n`, "\n"),
		Email:   env("SELLER_EMAIL", ""),
		GSTIN:   strings.ToUpper(env("SELLER_GSTIN", "")),
	}
	if demo {
		if s.Name == "" {
			s.Name = DemoSellerName
		}
		if s.Address == "" {
			s.Address = DemoSellerAddress
		}
		if s.Email == "" {
			s.Email = DemoSellerEmail
		}
	}
	switch {
	case utf8.RuneCountInString(s.Name) > maxSellerName:
		return s, fmt.Errorf("config: SELLER_NAME must be at most %d characters", maxSellerName)
	case utf8.RuneCountInString(s.Address) > maxSellerAddress:
		return s, fmt.Errorf("config: SELLER_ADDRESS must be at most %d characters", maxSellerAddress)
	case len(s.Email) > maxSellerEmail:
		return s, fmt.Errorf("config: SELLER_EMAIL must be at most %d characters", maxSellerEmail)
	}
	if s.Email != "" {
		if a, err := mail.ParseAddress(s.Email); err != nil || a.Address != s.Email {
			return s, fmt.Errorf("config: SELLER_EMAIL must be a bare e-mail address, got %q", s.Email)
		}
	}
	if s.GSTIN != "" && !gstinPattern.MatchString(s.GSTIN) {
		return s, fmt.Errorf("config: SELLER_GSTIN must be a 15-character GSTIN such as 29ABCDE1234F1Z5, got %q", s.GSTIN)
	}
	return s, nil
}

// SellerComplete tells whether receipts carry the seller's name and address
// (the start warns when a live server's do not).
func (c *Config) SellerComplete() bool {
	return c.Seller.Name != "" && c.Seller.Address != ""
}
