package payments

import (
	"errors"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/guarded"
	"sponsorbridge/pb/internal/refusal"
)

// SandboxPayInput is the test payment a member makes: their order, and
// whether it succeeds ("success", the default) or is declined ("failed").
type SandboxPayInput struct {
	OrderID string `json:"orderId"`
	Outcome string `json:"outcome,omitzero"` // "failed" declines; absent pays
}

// SandboxPay is the test-mode Checkout: it "pays" member's own sandbox
// order and answers exactly what Razorpay's Checkout hands its success
// handler (payment id, order id, signature), which the web app then sends to
// verify-subscription like a real payment. With outcome "failed" it marks
// an order not yet paid failed and answers the shape of Checkout's
// payment.failed event instead.
func SandboxPay(app core.App, sb *SandboxProvider, member *core.Record, in SandboxPayInput) (SandboxPayment, error) {
	if err := in.validate(); err != nil {
		return SandboxPayment{}, refusal.Invalidf("Please check the test payment.", err)
	}
	payment, err := ownOrder(app, member, in.OrderID)
	if err != nil {
		return SandboxPayment{}, err
	}
	if payment.GetString("provider") != ProviderSandbox {
		return SandboxPayment{}, refusal.Invalidf("Only test-mode orders can be paid in the sandbox.", nil)
	}
	paymentID, signature := sb.Pay(in.OrderID)
	if in.Outcome != "failed" {
		return SandboxPayment{OrderID: in.OrderID, PaymentID: paymentID, Signature: signature, Sandbox: true}, nil
	}
	err = app.RunInTransaction(func(tx core.App) error {
		_, err := guarded.Update(tx, "payments", payment.Id,
			func(current *core.Record) bool { return current.GetString("status") == StatusCreated },
			func(r *core.Record) { r.Set("status", StatusFailed) })
		return err
	})
	if err != nil && !errors.Is(err, guarded.ErrStale) { // stale: paid (or failed) already, nothing to mark
		return SandboxPayment{}, err
	}
	return SandboxPayment{Error: &SandboxDecline{
		Code: "BAD_REQUEST_ERROR", Description: "Test payment declined (sandbox).",
		Source: "customer", Step: "payment_authorization", Reason: "payment_failed",
		Metadata: map[string]string{"order_id": in.OrderID, "payment_id": paymentID},
	}}, nil
}

func (f *SandboxPayInput) validate() error {
	f.OrderID = strings.TrimSpace(f.OrderID)
	errs := validation.Errors{}
	if f.OrderID == "" {
		errs["orderId"] = apierr.Field("validation_required", "Order id is required")
	}
	switch f.Outcome {
	case "", "success", "failed":
	default:
		errs["outcome"] = apierr.Field("validation_invalid_outcome", "Outcome must be success or failed")
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// SandboxPayment is what the sandbox's checkout answers, in the shape of
// Razorpay's checkout handler: the signed payment, or Error when the test
// payment was declined.
type SandboxPayment struct {
	OrderID   string          `json:"razorpay_order_id,omitempty"`
	PaymentID string          `json:"razorpay_payment_id,omitempty"`
	Signature string          `json:"razorpay_signature,omitempty"`
	Sandbox   bool            `json:"sandbox,omitzero"`
	Error     *SandboxDecline `json:"error,omitempty"`
}

// SandboxDecline is a declined test payment, as Razorpay's checkout
// describes a failure.
type SandboxDecline struct {
	Code        string            `json:"code"`
	Description string            `json:"description"`
	Source      string            `json:"source"`
	Step        string            `json:"step"`
	Reason      string            `json:"reason"`
	Metadata    map[string]string `json:"metadata"`
}
