package payments

import (
	"errors"
	"net/http"
	"strings"
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/apierr"
)

// verifySubscription checks Checkout's signed answer for the member's own
// order and activates the plan. Replays answer success without extending again.
func (h *handlers) verifySubscription(e *core.RequestEvent) error {
	form := &verifyForm{}
	if err := apierr.ReadBody(e, form); err != nil {
		return err
	}
	if err := form.validate(); err != nil {
		return e.BadRequestError("The payment details are incomplete.", err)
	}

	payment, err := findByOrder(e.App, form.OrderID)
	if errors.Is(err, ErrUnknownOrder) || err == nil && payment.GetString("user") != e.Auth.Id {
		// Someone else's order is reported exactly like a missing one.
		return e.NotFoundError("This payment order was not found.", nil)
	}
	if err != nil {
		return e.InternalServerError("", err)
	}
	if payment.GetString("provider") != h.provider.Name() {
		return e.BadRequestError("This order was created in another payment mode and cannot be verified here.", nil)
	}
	if !ValidCheckoutSignature(h.provider.CheckoutSecret(), form.OrderID, form.PaymentID, form.Signature) {
		e.App.Logger().Warn("Payments: checkout signature mismatch", "order", form.OrderID, "user", e.Auth.Id)
		return e.BadRequestError("The payment signature is not valid.", nil)
	}

	act, err := Activate(e.App, Claim{OrderID: form.OrderID, PaymentID: form.PaymentID}, time.Now())
	if err != nil {
		return e.InternalServerError("", err)
	}
	if act.Member == nil {
		return e.NotFoundError("This payment order was not found.", nil)
	}
	own, err := accounts.ToOwn(e.App, act.Member)
	if err != nil {
		return e.InternalServerError("", err)
	}
	e.Response.Header().Set("Cache-Control", "no-store")
	return e.JSON(http.StatusOK, own)
}

// ---------------------------------------------------------------------------

// verifyForm carries Checkout's handler response as the browser got it.
type verifyForm struct {
	PaymentID string `json:"razorpay_payment_id"`
	OrderID   string `json:"razorpay_order_id"`
	Signature string `json:"razorpay_signature"`
}

func (f *verifyForm) validate() error {
	f.PaymentID = strings.TrimSpace(f.PaymentID)
	f.OrderID = strings.TrimSpace(f.OrderID)
	f.Signature = strings.TrimSpace(f.Signature)
	errs := validation.Errors{}
	check := func(field, value, label string, max int) {
		switch {
		case value == "":
			errs[field] = apierr.Field("validation_required", label+" is required")
		case len(value) > max:
			errs[field] = apierr.Field("validation_too_long", label+" is too long")
		}
	}
	check("razorpay_payment_id", f.PaymentID, "Payment id", 64)
	check("razorpay_order_id", f.OrderID, "Order id", 64)
	check("razorpay_signature", f.Signature, "Signature", 128)
	if len(errs) > 0 {
		return errs
	}
	return nil
}
