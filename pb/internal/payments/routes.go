// Package payments sells the subscription plans: Razorpay orders, Checkout
// signature verification, the webhook, the built-in sandbox provider, the
// member's payment history and the daily expiry of lapsed subscriptions.
package payments

import (
	"fmt"
	"os"
	"sync"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/config"
)

const (
	maxBody        = 4 << 10
	maxWebhookBody = 1 << 20
)

// BindRoutes registers the payment routes.
func BindRoutes(se *core.ServeEvent, cfg *config.Config) {
	h := &handlers{provider: NewProvider(cfg), webhookSecret: []byte(cfg.RazorpayWebhookSecret)}

	g := se.Router.Group("/api/payments")
	g.GET("", h.list).Bind(apis.RequireAuth("users"))
	g.POST("/create-subscription", h.createSubscription).Bind(apis.RequireAuth("users"), apis.BodyLimit(maxBody))
	g.POST("/verify-subscription", h.verifySubscription).Bind(apis.RequireAuth("users"), apis.BodyLimit(maxBody))
	// Razorpay calls the webhook without a session; its signature is the authentication.
	g.POST("/webhook", h.webhook).Bind(apis.BodyLimit(maxWebhookBody))
	if sb, ok := h.provider.(*SandboxProvider); ok {
		// Only exists in sandbox mode: with live keys nothing can sign a checkout locally.
		g.POST("/sandbox/pay", h.sandboxPay(sb)).Bind(apis.RequireAuth("users"), apis.BodyLimit(maxBody))
	}
}

type handlers struct {
	provider      Provider
	webhookSecret []byte
}

var bannerOnce sync.Once

// AnnounceMode warns at start when payments run in the sandbox, or when
// the webhook cannot be verified.
func AnnounceMode(app core.App, cfg *config.Config) {
	if !cfg.PaymentsSandbox() {
		if cfg.RazorpayWebhookSecret == "" {
			app.Logger().Warn("Payments: RAZORPAY_WEBHOOK_SECRET is not set; the Razorpay webhook is refused and only browser verification activates plans.")
		}
		return
	}
	msg := "PAYMENTS SANDBOX: no Razorpay keys are set, so subscriptions are paid with a built-in TEST-MODE provider. " +
		"No money moves and anyone signed in can activate a plan. Set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET for real payments."
	app.Logger().Warn(msg)
	bannerOnce.Do(func() {
		fmt.Fprintln(os.Stderr, "\n!!! "+msg+" !!!")
	})
}
