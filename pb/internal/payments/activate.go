package payments

import (
	"errors"
	"fmt"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/catalog"
	"sponsorbridge/pb/internal/when"
)

// Claim is what a verified source (Checkout's signed answer or a signed
// webhook) says was paid. Amount and Currency are checked against the stored
// order when the source states them (Checkout's answer does not).
type Claim struct {
	OrderID   string
	PaymentID string
	Amount    int
	Currency  string
}

// Activation is the outcome of Activate.
type Activation struct {
	Payment *core.Record
	// Member is the payment's owner after activation (nil when the account is gone).
	Member *core.Record
	// Fresh tells whether this call activated the payment (false on a replay).
	Fresh bool
}

// ErrAmountMismatch is a claim whose amount or currency is not the order's.
var ErrAmountMismatch = errors.New("payments: paid amount does not match the order")

// Activate marks the order paid and extends its owner's subscription by the
// plan's months from the later of now and the current expiry. It is the one
// activation used by verification and the webhook, and it is idempotent: a
// payment already marked paid (or refunded) activates nothing again. The
// payment gets its receipt number here. Transactions run on
// PocketBase's single writer connection, so two sources racing for the same
// order are serialized and only the first one extends.
func Activate(app core.App, claim Claim, now time.Time) (*Activation, error) {
	out := &Activation{}
	err := app.RunInTransaction(func(tx core.App) error {
		payment, err := findByOrder(tx, claim.OrderID)
		if err != nil {
			return err
		}
		out.Payment = payment
		if claim.Amount != 0 && claim.Amount != payment.GetInt("amount") ||
			claim.Currency != "" && claim.Currency != payment.GetString("currency") {
			return ErrAmountMismatch
		}
		var member *core.Record
		if owner := payment.GetString("user"); owner != "" {
			if member, err = tx.FindRecordById("users", owner); err != nil {
				return err
			}
		}
		out.Member = member
		if status := payment.GetString("status"); status == StatusPaid || status == StatusRefunded {
			// Paid already, or refunded (a late paid event must not revive it).
			return nil
		}

		number, err := nextReceiptNumber(tx)
		if err != nil {
			return err
		}
		payment.Set("status", StatusPaid)
		payment.Set("receiptNo", number)
		if claim.PaymentID != "" {
			payment.Set("paymentId", claim.PaymentID)
		}
		payment.Set("activatedAt", now)
		if err := tx.Save(payment); err != nil {
			return err
		}
		out.Fresh = true
		if member == nil {
			return nil
		}
		plan, ok := catalog.FindPlan(payment.GetString("plan"))
		if !ok {
			return fmt.Errorf("payments: order %s has unknown plan %q", claim.OrderID, payment.GetString("plan"))
		}
		member.Set("subscriptionPlan", plan.ID)
		member.Set("subscriptionStatus", "active")
		member.Set("subscriptionExpiry", ExtendExpiry(member, plan, now))
		return tx.Save(member)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// nextReceiptNumber is the serial number the next paid payment's receipt
// gets. It is read and used inside Activate's transaction, which PocketBase
// runs on its one writer connection, so no two payments get the same number
// (the unique index idx_payments_receiptNo would refuse it anyway).
func nextReceiptNumber(tx core.App) (int, error) {
	var last int
	err := tx.DB().NewQuery("SELECT COALESCE(MAX(receiptNo), 0) FROM payments").Row(&last)
	return last + 1, err
}

// ExtendExpiry is the member's expiry after buying plan at now: the plan's
// months added to the current expiry while it lies ahead, else to now.
func ExtendExpiry(member *core.Record, plan catalog.Plan, now time.Time) time.Time {
	from := now.UTC()
	if current := member.GetDateTime("subscriptionExpiry"); !current.IsZero() && current.Time().After(from) {
		from = current.Time().UTC()
	}
	return when.AddMonths(from, plan.Months)
}
