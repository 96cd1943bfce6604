// Package payments sells the subscription plans: Razorpay orders, Checkout
// signature verification, the webhook, the built-in sandbox provider, the
// member's payment history and the daily expiry of lapsed subscriptions.
package payments

import (
	"log/slog"
	"net/http"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/logline"
	"sponsorbridge/pb/internal/membership"
)

const (
	maxBody        = 4 << 10
	maxWebhookBody = 1 << 20
)

// BindRoutes registers the payment routes.
func BindRoutes(se *core.ServeEvent, cfg *config.Config) {
	h := &handlers{provider: NewProvider(cfg), webhookSecret: []byte(cfg.RazorpayWebhookSecret), seller: cfg.Seller}

	g := se.Router.Group("/api/payments")
	g.GET("", h.list).Bind(membership.RequireMember())
	g.GET("/{id}/receipt", h.receipt).Bind(membership.RequireMember())
	if h.provider == nil {
		// No keys and no sandbox opt-in: nothing can be sold, and nothing is sold for free.
		// The payment history and its receipts stay readable.
		g.POST("/create-subscription", notSetUp).Bind(membership.RequireMember())
		g.POST("/verify-subscription", notSetUp).Bind(membership.RequireMember())
		g.POST("/webhook", notSetUp)
		g.POST("/sandbox/pay", notSetUp).Bind(membership.RequireMember())
		return
	}
	g.POST("/create-subscription", h.createSubscription).Bind(membership.RequireMember(), apis.BodyLimit(maxBody))
	g.POST("/verify-subscription", h.verifySubscription).Bind(membership.RequireMember(), apis.BodyLimit(maxBody))
	// Razorpay calls the webhook without a session; its signature is the authentication.
	g.POST("/webhook", h.webhook).Bind(apis.BodyLimit(maxWebhookBody))
	if sb, ok := h.provider.(*SandboxProvider); ok {
		// Only exists in sandbox mode: with live keys nothing can sign a checkout locally.
		g.POST("/sandbox/pay", h.sandboxPay(sb)).Bind(membership.RequireMember(), apis.BodyLimit(maxBody))
	}
}

type handlers struct {
	provider      Provider
	webhookSecret []byte
	seller        config.Seller
}

// MsgNotSetUp is the payment routes' answer when neither Razorpay keys
// nor the sandbox are configured.
const MsgNotSetUp = "Payments are not set up on this server yet, so plans cannot be bought right now. Please try again later."

func notSetUp(e *core.RequestEvent) error {
	return e.Error(http.StatusServiceUnavailable, MsgNotSetUp, nil)
}

// AnnounceMode says at start when payments are off or run in the sandbox,
// or when the webhook cannot be verified.
func AnnounceMode(app core.App, cfg *config.Config) {
	if cfg.PaymentsMode() == config.PaymentsModeOff {
		logline.Announce(app, slog.LevelError, "PAYMENTS OFF: no Razorpay keys are set and the sandbox is not opted into (PAYMENTS_SANDBOX), "+
			"so the payment routes answer 503. Set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET to sell plans.")
		return
	}
	if !cfg.PaymentsSandbox() {
		if cfg.RazorpayWebhookSecret == "" {
			app.Logger().Warn("Payments: RAZORPAY_WEBHOOK_SECRET is not set; the Razorpay webhook is refused, only browser verification activates plans and refunds are not seen.")
		}
		if !cfg.SellerComplete() {
			app.Logger().Warn("Payments: SELLER_NAME or SELLER_ADDRESS is not set, so payment receipts lack the seller's name or address.")
		}
		return
	}
	msg := "PAYMENTS SANDBOX: no Razorpay keys are set, so subscriptions are paid with a built-in TEST-MODE provider. " +
		"No money moves and anyone signed in can activate a plan (PAYMENTS_SANDBOX or DEMO_MODE is on). Set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET for real payments."
	if cfg.DemoMode { // expected there: the dashboard's logs only, not the demo's one line
		app.Logger().Info(msg)
		return
	}
	logline.Announce(app, slog.LevelWarn, msg) // on stdout once, and in the dashboard
}
