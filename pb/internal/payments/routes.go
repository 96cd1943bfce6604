// Package payments sells the subscription plans: Razorpay orders, Checkout
// signature verification, the webhook, the built-in sandbox provider, the
// member's payment history and the daily expiry of lapsed subscriptions.
package payments

import (
	"log/slog"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/logline"
	"sponsorbridge/pb/internal/refusal"
	"sponsorbridge/pb/internal/route"
)

const (
	maxBody        = 4 << 10
	maxWebhookBody = 1 << 20
)

// Routes are the payment routes. Without keys or the sandbox, the routes
// that sell answer 503 (the payment history and its receipts stay
// readable); /sandbox/pay exists only in sandbox mode.
func Routes(cfg *config.Config) []route.Route {
	h := &handlers{provider: NewProvider(cfg), webhookSecret: []byte(cfg.RazorpayWebhookSecret), seller: cfg.Seller}
	create, verify, webhook, pay := h.createSubscription, h.verifySubscription, h.webhook, func(e *core.RequestEvent) error { return notSetUp(e) }
	sandbox, isSandbox := h.provider.(*SandboxProvider)
	switch {
	case h.provider == nil:
		// No keys and no sandbox opt-in: nothing can be sold, and nothing is sold for free.
		create, verify, webhook = notSetUp, notSetUp, notSetUp
	case isSandbox:
		pay = h.sandboxPay(sandbox)
	}
	t := []route.Route{
		{Method: "GET", Path: "/api/payments", Handler: h.list, Auth: route.Member, Out: route.Of[[]Payment]()},
		{Method: "GET", Path: "/api/payments/{id}/receipt", Handler: h.receipt, Auth: route.Member, Out: route.Of[Receipt]()},
		{Method: "POST", Path: "/api/payments/create-subscription", Handler: create, Auth: route.Member, Body: maxBody,
			PerIP: &route.IPLimit{Label: "POST /api/payments/create-subscription", Max: 10, Seconds: 60},
			In:    route.Of[CreateSubscriptionInput](), Out: route.Of[OrderAnswer]()},
		{Method: "POST", Path: "/api/payments/verify-subscription", Handler: verify, Auth: route.Member, Body: maxBody,
			PerIP: &route.IPLimit{Label: "POST /api/payments/verify-subscription", Max: 20, Seconds: 60},
			In:    route.Of[VerifySubscriptionInput](), Out: route.Of[accounts.OwnUser]()},
		// Razorpay calls the webhook without a session; its signature is the authentication.
		{Method: "POST", Path: "/api/payments/webhook", Handler: webhook, Body: maxWebhookBody,
			In: route.Of[WebhookEvent](), Out: route.Of[WebhookAnswer]()},
	}
	if h.provider == nil || isSandbox {
		// With live keys nothing can sign a checkout locally: the route does not exist.
		t = append(t, route.Route{Method: "POST", Path: "/api/payments/sandbox/pay", Handler: pay, Auth: route.Member, Body: maxBody,
			PerIP: &route.IPLimit{Label: "POST /api/payments/sandbox/pay", Max: 20, Seconds: 60},
			In:    route.Of[SandboxPayInput](), Out: route.Of[SandboxPayment]()})
	}
	return t
}

type handlers struct {
	provider      Provider
	webhookSecret []byte
	seller        config.Seller
}

// MsgNotSetUp is the payment routes' answer when neither Razorpay keys
// nor the sandbox are configured.
const MsgNotSetUp = "Payments are not set up on this server yet, so plans cannot be bought right now. Please try again later."

func notSetUp(*core.RequestEvent) error {
	return refusal.New(refusal.Unavailable, MsgNotSetUp)
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
