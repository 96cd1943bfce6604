package payments

import (
	"errors"
	"strings"
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/refusal"
)

// VerifySubscriptionInput carries Checkout's handler response as the browser got it.
type VerifySubscriptionInput struct {
	PaymentID string `json:"razorpay_payment_id"`
	OrderID   string `json:"razorpay_order_id"`
	Signature string `json:"razorpay_signature"`
}

// msgOrderNotFound answers an order that is not the member's, whether it
// exists or not.
const msgOrderNotFound = "This payment order was not found."

// VerifySubscription checks Checkout's signed answer for member's own order
// and activates the plan (Activate). Replays succeed without extending
// again. It answers the member as saved.
func VerifySubscription(app core.App, provider Provider, member *core.Record, in VerifySubscriptionInput, now time.Time) (*core.Record, error) {
	if err := in.validate(); err != nil {
		return nil, refusal.Invalidf("The payment details are incomplete.", err)
	}
	payment, err := ownOrder(app, member, in.OrderID)
	if err != nil {
		return nil, err
	}
	if payment.GetString("provider") != provider.Name() {
		return nil, refusal.Invalidf("This order was created in another payment mode and cannot be verified here.", nil)
	}
	if !ValidCheckoutSignature(provider.CheckoutSecret(), in.OrderID, in.PaymentID, in.Signature) {
		app.Logger().Warn("Payments: checkout signature mismatch", "order", in.OrderID, "user", member.Id)
		return nil, refusal.Invalidf("The payment signature is not valid.", nil)
	}
	act, err := Activate(app, Claim{OrderID: in.OrderID, PaymentID: in.PaymentID}, now)
	if err != nil {
		return nil, err
	}
	if act.Member == nil {
		return nil, refusal.NotFoundf(msgOrderNotFound)
	}
	return act.Member, nil
}

// ownOrder is member's payment of order orderID; someone else's order is
// refused exactly like a missing one.
func ownOrder(app core.App, member *core.Record, orderID string) (*core.Record, error) {
	payment, err := findByOrder(app, orderID)
	if errors.Is(err, ErrUnknownOrder) || err == nil && payment.GetString("user") != member.Id {
		return nil, refusal.NotFoundf(msgOrderNotFound)
	}
	return payment, err
}

func (f *VerifySubscriptionInput) validate() error {
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
