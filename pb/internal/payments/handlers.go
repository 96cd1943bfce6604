package payments

import (
	"net/http"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/catalog"
	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/apierr"
)

// The routes' handlers: each reads its body, calls its action and answers
// as its route's Out.

func (h *handlers) createSubscription(e *core.RequestEvent) error {
	var in CreateSubscriptionInput
	if err := apierr.ReadBody(e, &in); err != nil {
		return err
	}
	payment, err := CreateSubscription(e.App, h.provider, e.Auth, in, time.Now())
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, toOrderAnswer(h.provider, e.Auth, payment))
}

func (h *handlers) verifySubscription(e *core.RequestEvent) error {
	var in VerifySubscriptionInput
	if err := apierr.ReadBody(e, &in); err != nil {
		return err
	}
	member, err := VerifySubscription(e.App, h.provider, e.Auth, in, time.Now())
	if err != nil {
		return err
	}
	own, err := accounts.ToOwn(e.App, member)
	if err != nil {
		return err
	}
	e.Response.Header().Set("Cache-Control", "no-store")
	return e.JSON(http.StatusOK, own)
}

func (h *handlers) webhook(e *core.RequestEvent) error {
	outcome, err := ReceiveWebhook(e.App, h.webhookSecret, Delivery{
		Body: e.Request.Body, Signature: e.Request.Header.Get("X-Razorpay-Signature"),
		EventID: e.Request.Header.Get("X-Razorpay-Event-Id"), From: e.RealIP(),
	}, time.Now())
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, WebhookAnswer{Status: outcome})
}

func (h *handlers) sandboxPay(sb *SandboxProvider) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		var in SandboxPayInput
		if err := apierr.ReadBody(e, &in); err != nil {
			return err
		}
		out, err := SandboxPay(e.App, sb, e.Auth, in)
		if err != nil {
			return err
		}
		return e.JSON(http.StatusOK, out)
	}
}

func (h *handlers) receipt(e *core.RequestEvent) error {
	out, err := ReceiptOf(e.App, e.Auth, e.Request.PathValue("id"), h.seller)
	if err != nil {
		return err
	}
	e.Response.Header().Set("Cache-Control", "no-store")
	return e.JSON(http.StatusOK, out)
}

// OrderAnswer is what Checkout is opened with (spec section 3's payment
// order response, plus sandbox and the name to prefill).
type OrderAnswer struct {
	KeyID       string `json:"keyId"`
	Amount      int    `json:"amount"`
	Currency    string `json:"currency"`
	PlanID      string `json:"planId"`
	PlanName    string `json:"planName"`
	OrderID     string `json:"orderId"`
	Username    string `json:"username"`
	DisplayName string `json:"displayName"`
	Email       string `json:"email"`
	Sandbox     bool   `json:"sandbox"`
}

func toOrderAnswer(provider Provider, member, payment *core.Record) OrderAnswer {
	plan, _ := catalog.FindPlan(payment.GetString("plan"))
	return OrderAnswer{
		KeyID: provider.KeyID(), Amount: payment.GetInt("amount"), Currency: payment.GetString("currency"),
		PlanID: plan.ID, PlanName: plan.Name, OrderID: payment.GetString("orderId"),
		Username: member.GetString("username"), DisplayName: member.GetString("displayName"),
		Email: member.Email(), Sandbox: provider.Name() == ProviderSandbox,
	}
}
