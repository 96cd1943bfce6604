package payments

import (
	"crypto/rand"
	"sync"

	"github.com/pocketbase/pocketbase/tools/security"
)

// SandboxKeyID is the key id the web app sees in sandbox mode.
const SandboxKeyID = "rzp_test_sandbox"

const idAlphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

// SandboxProvider is the built-in test-mode provider used when no Razorpay
// keys are configured. Its orders never leave the process and its checkout
// signatures use a secret made fresh for every process, so nothing it signs
// can be replayed against another start or against live keys.
type SandboxProvider struct {
	secret []byte
}

var (
	sandboxOnce sync.Once
	sandbox     *SandboxProvider
)

// Sandbox returns the process's sandbox provider.
func Sandbox() *SandboxProvider {
	sandboxOnce.Do(func() {
		secret := make([]byte, 32)
		if _, err := rand.Read(secret); err != nil {
			panic(err)
		}
		sandbox = &SandboxProvider{secret: secret}
	})
	return sandbox
}

func (s *SandboxProvider) Name() string           { return ProviderSandbox }
func (s *SandboxProvider) KeyID() string          { return SandboxKeyID }
func (s *SandboxProvider) CheckoutSecret() []byte { return s.secret }

// CreateOrder makes a local order id shaped like Razorpay's.
func (s *SandboxProvider) CreateOrder(req OrderRequest) (Order, error) {
	return Order{ID: "order_sandbox_" + security.RandomStringWithAlphabet(14, idAlphabet),
		Amount: req.Amount, Currency: req.Currency}, nil
}

// Pay stands in for Checkout: it makes a payment id and signs it the way
// Razorpay signs a successful payment.
func (s *SandboxProvider) Pay(orderID string) (paymentID, signature string) {
	paymentID = "pay_sandbox_" + security.RandomStringWithAlphabet(14, idAlphabet)
	return paymentID, Sign(s.secret, orderID+"|"+paymentID)
}
