package payments

import (
	"errors"

	"sponsorbridge/pb/internal/config"
)

// Provider names, as stored in a payment's provider field.
const (
	ProviderRazorpay = "razorpay"
	ProviderSandbox  = "sandbox"
)

// Provider creates orders and holds the secret that Checkout signs payments with.
type Provider interface {
	// Name is ProviderRazorpay or ProviderSandbox.
	Name() string
	// KeyID is the public key the browser's Checkout opens with.
	KeyID() string
	// CheckoutSecret is the key of the HMAC over "order_id|payment_id".
	CheckoutSecret() []byte
	// CreateOrder asks the provider for a new order.
	CreateOrder(req OrderRequest) (Order, error)
}

// OrderRequest is what an order is created with. Amount is in paise.
type OrderRequest struct {
	Amount   int
	Currency string
	Receipt  string
	Notes    map[string]string
}

// Order is the provider's answer.
type Order struct {
	ID       string
	Amount   int
	Currency string
}

// ProviderError is a failed order creation. Unreachable tells a network
// failure or timeout (503) from an answer the provider refused or garbled (502).
type ProviderError struct {
	Unreachable bool
	Err         error
}

func (e *ProviderError) Error() string { return "payments: provider: " + e.Err.Error() }

func (e *ProviderError) Unwrap() error { return e.Err }

// NewProvider picks Razorpay when keys are configured, else the sandbox if
// it is opted into, else nil (payments are off).
func NewProvider(cfg *config.Config) Provider {
	switch cfg.PaymentsMode() {
	case config.PaymentsModeLive:
		return NewRazorpay(cfg.RazorpayAPIBase, cfg.RazorpayKeyID, cfg.RazorpayKeySecret, cfg.RazorpayTimeout)
	case config.PaymentsModeSandbox:
		return Sandbox()
	}
	return nil
}

var errNoOrderID = errors.New("answer without an order id")
