package payments

import (
	"database/sql"
	"errors"
	"fmt"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/catalog"
	"sponsorbridge/pb/internal/when"
)

// Payment statuses.
const (
	StatusCreated = "created"
	StatusPaid    = "paid"
	StatusFailed  = "failed"
	// StatusRefunded is a payment refunded in full (refund.go); a partly
	// refunded payment stays paid and lists its refunds.
	StatusRefunded = "refunded"
)

// ErrUnknownOrder is an order id no payment record carries.
var ErrUnknownOrder = errors.New("payments: unknown order")

// findByOrder loads the payment record of an order.
func findByOrder(app core.App, orderID string) (*core.Record, error) {
	if orderID == "" {
		return nil, ErrUnknownOrder
	}
	r, err := app.FindFirstRecordByData("payments", "orderId", orderID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrUnknownOrder
	}
	return r, err
}

// Payment is one entry of a member's payment history.
type Payment struct {
	ID          string `json:"id"`
	OrderID     string `json:"orderId"`
	PaymentID   string `json:"paymentId"`
	PlanID      string `json:"planId"`
	PlanName    string `json:"planName"`
	Amount      int    `json:"amount"`
	Currency    string `json:"currency"`
	Status      string `json:"status"`
	Receipt     string `json:"receipt"`
	Sandbox     bool   `json:"sandbox"`
	CreatedAt   string `json:"createdAt"`
	ActivatedAt string `json:"activatedAt"`
	// ReceiptNumber is "" until the payment is paid; then its receipt can be
	// opened (GET /api/payments/{id}/receipt).
	ReceiptNumber string `json:"receiptNumber"`
	// RefundedAmount sums the payment's refunds (paise); RefundedAt is when
	// the latest was processed ("" without refunds).
	RefundedAmount int    `json:"refundedAmount"`
	RefundedAt     string `json:"refundedAt"`
}

// ToPayment maps a payments record and its refunds to its history entry.
func ToPayment(r *core.Record, refunds []Refund) Payment {
	plan, _ := catalog.FindPlan(r.GetString("plan"))
	p := Payment{
		ID:            r.Id,
		OrderID:       r.GetString("orderId"),
		PaymentID:     r.GetString("paymentId"),
		PlanID:        r.GetString("plan"),
		PlanName:      plan.Name,
		Amount:        r.GetInt("amount"),
		Currency:      r.GetString("currency"),
		Status:        r.GetString("status"),
		Receipt:       r.GetString("receipt"),
		Sandbox:       r.GetString("provider") == ProviderSandbox,
		CreatedAt:     when.API(r.GetDateTime("created").Time()),
		ActivatedAt:   when.API(r.GetDateTime("activatedAt").Time()),
		ReceiptNumber: ReceiptNumber(r.GetInt("receiptNo")),
	}
	sum := sumRefunds(refunds)
	p.RefundedAmount, p.RefundedAt = sum.Amount, sum.LatestAt
	return p
}

// ReceiptNumber writes a receipt's serial number ("SB-000042"), or "" for 0
// (not paid, no receipt).
func ReceiptNumber(n int) string {
	if n <= 0 {
		return ""
	}
	return fmt.Sprintf("SB-%06d", n)
}
