package payments

import (
	"errors"
	"net/http"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
)

// sandboxPay is the test-mode Checkout: it "pays" the member's own sandbox
// order and answers exactly what Razorpay's Checkout hands its success
// handler (payment id, order id, signature), which the web app then sends to
// verify-subscription like a real payment. With outcome "failed" it answers
// the shape of Checkout's payment.failed event instead.
func (h *handlers) sandboxPay(sb *SandboxProvider) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		form := &sandboxPayForm{}
		if err := apierr.ReadBody(e, form); err != nil {
			return err
		}
		if err := form.validate(); err != nil {
			return e.BadRequestError("Please check the test payment.", err)
		}
		payment, err := findByOrder(e.App, form.OrderID)
		if errors.Is(err, ErrUnknownOrder) || err == nil && payment.GetString("user") != e.Auth.Id {
			return e.NotFoundError("This payment order was not found.", nil)
		}
		if err != nil {
			return e.InternalServerError("", err)
		}
		if payment.GetString("provider") != ProviderSandbox {
			return e.BadRequestError("Only test-mode orders can be paid in the sandbox.", nil)
		}

		paymentID, signature := sb.Pay(form.OrderID)
		if form.Outcome == "failed" {
			if payment.GetString("status") == StatusCreated {
				payment.Set("status", StatusFailed)
				if err := e.App.Save(payment); err != nil {
					return e.InternalServerError("", err)
				}
			}
			return e.JSON(http.StatusOK, SandboxPayment{Error: &SandboxDecline{
				Code: "BAD_REQUEST_ERROR", Description: "Test payment declined (sandbox).",
				Source: "customer", Step: "payment_authorization", Reason: "payment_failed",
				Metadata: map[string]string{"order_id": form.OrderID, "payment_id": paymentID},
			}})
		}
		return e.JSON(http.StatusOK, SandboxPayment{OrderID: form.OrderID, PaymentID: paymentID, Signature: signature, Sandbox: true})
	}
}

// ---------------------------------------------------------------------------

type sandboxPayForm struct {
	OrderID string `json:"orderId"`
	Outcome string `json:"outcome"`
}

func (f *sandboxPayForm) validate() error {
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
