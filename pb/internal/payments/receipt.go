package payments

import (
	"database/sql"
	"errors"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/catalog"
	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/membership"
	"sponsorbridge/pb/internal/refusal"
	"sponsorbridge/pb/internal/when"
)

// Receipt is what the receipt of a paid payment shows. Amounts are in paise.
type Receipt struct {
	ID string `json:"id"`
	// Number is the receipt's serial number ("SB-000042"), given when paid.
	Number string `json:"number"`
	// Status is paid, or refunded once refunds add up to the amount.
	Status    string `json:"status"`
	PlanID    string `json:"planId"`
	PlanName  string `json:"planName"`
	Months    int    `json:"months"`
	Amount    int    `json:"amount"`
	Currency  string `json:"currency"`
	Sandbox   bool   `json:"sandbox"`
	OrderID   string `json:"orderId"`
	PaymentID string `json:"paymentId"`
	OrderedAt string `json:"orderedAt"`
	PaidAt    string `json:"paidAt"`
	// RefundedAmount sums Refunds; RefundedAt is the latest one's time.
	RefundedAmount int           `json:"refundedAmount"`
	RefundedAt     string        `json:"refundedAt"`
	Refunds        []Refund      `json:"refunds"`
	Seller         ReceiptSeller `json:"seller"`
	BilledTo       ReceiptPayer  `json:"billedTo"`
}

// ReceiptSeller is the seller as configured (SELLER_*); empty parts are left
// off the receipt.
type ReceiptSeller struct {
	Name    string `json:"name"`
	Address string `json:"address"`
	Email   string `json:"email"`
	GSTIN   string `json:"gstin"`
}

// ReceiptPayer is the member who paid (empty when the account is gone).
type ReceiptPayer struct {
	DisplayName string `json:"displayName"`
	Username    string `json:"username"`
	Email       string `json:"email"`
}

// msgNoReceipt answers every receipt that cannot be shown, whether it does
// not exist, is not paid, or is another member's, so that the answer tells
// nothing about other members' payments.
const msgNoReceipt = "This receipt was not found."

// ReceiptOf is the receipt of payment id, for its member and for
// administrators (viewer); an unpaid payment has none. seller is the
// configured seller, named as the app when unset.
func ReceiptOf(app core.App, viewer *core.Record, id string, seller config.Seller) (Receipt, error) {
	payment, err := app.FindRecordById("payments", id)
	if errors.Is(err, sql.ErrNoRows) {
		return Receipt{}, refusal.NotFoundf(msgNoReceipt)
	}
	if err != nil {
		return Receipt{}, err
	}
	if payment.GetInt("receiptNo") <= 0 || payment.GetString("user") != viewer.Id && !membership.IsAdmin(viewer) {
		return Receipt{}, refusal.NotFoundf(msgNoReceipt)
	}
	refunds, err := refundsOf(app, payment.Id)
	if err != nil {
		return Receipt{}, err
	}
	payer, err := ownerOf(app, payment)
	if err != nil {
		return Receipt{}, err
	}
	out := toReceipt(payment, refunds[payment.Id], payer, seller)
	if out.Seller.Name == "" {
		out.Seller.Name = app.Settings().Meta.AppName
	}
	return out, nil
}

func toReceipt(payment *core.Record, refunds []Refund, payer *core.Record, seller config.Seller) Receipt {
	plan, _ := catalog.FindPlan(payment.GetString("plan"))
	sum := sumRefunds(refunds)
	if refunds == nil {
		refunds = []Refund{}
	}
	r := Receipt{
		ID: payment.Id, Number: ReceiptNumber(payment.GetInt("receiptNo")), Status: payment.GetString("status"),
		PlanID: plan.ID, PlanName: plan.Name, Months: plan.Months,
		Amount: payment.GetInt("amount"), Currency: payment.GetString("currency"),
		Sandbox: payment.GetString("provider") == ProviderSandbox,
		OrderID: payment.GetString("orderId"), PaymentID: payment.GetString("paymentId"),
		OrderedAt:      when.API(payment.GetDateTime("created").Time()),
		PaidAt:         when.API(payment.GetDateTime("activatedAt").Time()),
		RefundedAmount: sum.Amount, RefundedAt: sum.LatestAt, Refunds: refunds,
		Seller: ReceiptSeller{Name: seller.Name, Address: seller.Address, Email: seller.Email, GSTIN: seller.GSTIN},
	}
	if payer != nil {
		r.BilledTo = ReceiptPayer{DisplayName: payer.GetString("displayName"), Username: payer.GetString("username"),
			Email: payer.Email()}
	}
	return r
}
