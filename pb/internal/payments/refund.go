package payments

import (
	"database/sql"
	"errors"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/catalog"
	"sponsorbridge/pb/internal/membership"
	"sponsorbridge/pb/internal/money"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/when"
)

// Refund outcomes of the webhook (besides the shared ones in webhook.go).
const (
	outcomeRefunded       = "refunded"
	outcomePartlyRefunded = "partially_refunded"
	outcomeRefundRecorded = "refund_already_recorded"
	outcomeUnknownPayment = "unknown_payment"
)

const (
	refundsCollectionName = "refunds"
	// statusCancelled is the member's subscriptionStatus after a refund ends the plan.
	statusCancelled = membership.StatusCancelled
	// ReceiptPathPrefix + a payment's id is its receipt in the web app.
	ReceiptPathPrefix  = "/subscription/receipts/"
	paymentHistoryPath = "/subscription"
)

// Refund is one processed refund of a payment, as the history and the
// receipt show it. Amount is in paise.
type Refund struct {
	ID          string `json:"id"`
	Amount      int    `json:"amount"`
	Currency    string `json:"currency"`
	ProcessedAt string `json:"processedAt"`
}

// refundsOf loads the refunds of the given payments, oldest first, keyed by
// payment record id (one query for a page of history).
func refundsOf(app core.App, paymentIDs ...string) (map[string][]Refund, error) {
	out := map[string][]Refund{}
	if len(paymentIDs) == 0 {
		return out, nil
	}
	ids := make([]any, len(paymentIDs))
	for i, id := range paymentIDs {
		ids[i] = id
	}
	var records []*core.Record
	err := app.RecordQuery(refundsCollectionName).AndWhere(dbx.In("payment", ids...)).
		OrderBy("processedAt ASC", "rowid ASC").All(&records)
	if err != nil {
		return nil, err
	}
	for _, r := range records {
		pid := r.GetString("payment")
		out[pid] = append(out[pid], Refund{ID: r.GetString("refundId"), Amount: r.GetInt("amount"),
			Currency: r.GetString("currency"), ProcessedAt: when.API(r.GetDateTime("processedAt").Time())})
	}
	return out, nil
}

// RefundSum is what was refunded of one payment: the total (paise) and
// when the latest refund was processed (RFC 3339, "" without refunds).
type RefundSum struct {
	Amount   int
	LatestAt string
}

func sumRefunds(list []Refund) RefundSum {
	var s RefundSum
	for _, r := range list { // oldest first: the last is the latest
		s.Amount += r.Amount
		s.LatestAt = r.ProcessedAt
	}
	return s
}

// RefundTotals sums the refunds of the given payments, keyed by payment
// record id. The administrators' overview reads refunds through it.
func RefundTotals(app core.App, paymentIDs ...string) (map[string]RefundSum, error) {
	refunds, err := refundsOf(app, paymentIDs...)
	if err != nil {
		return nil, err
	}
	out := make(map[string]RefundSum, len(refunds))
	for id, list := range refunds {
		out[id] = sumRefunds(list)
	}
	return out, nil
}

// applyRefund records Razorpay's refund.processed for one of our payments.
// The refund id is stored once (a second delivery under another event id
// changes nothing). A refund that brings the refunded total to the paid
// amount marks the payment refunded and takes back the months it bought: the
// member's expiry moves back by the plan's length, and when nothing is left
// the plan ends now (cancelled). A partial refund is recorded and shown but
// leaves the plan as it is. The member is told either way.
func applyRefund(tx core.App, ev *WebhookEvent, now time.Time) (string, error) {
	rf, pe := ev.Payload.Refund.Entity, ev.Payload.Payment.Entity
	if rf.ID == "" || rf.PaymentID == "" || rf.Status != "" && rf.Status != "processed" {
		return outcomeIgnored, nil
	}
	if pe.Captured != nil && !*pe.Captured {
		// Razorpay's auto-refund of an attempt that was never captured: no
		// money was taken, nothing was activated.
		return outcomeIgnored, nil
	}
	payment, err := paymentOfRefund(tx, rf.PaymentID, pe.OrderID)
	if errors.Is(err, ErrUnknownOrder) {
		return outcomeUnknownPayment, nil
	}
	if err != nil {
		return "", err
	}
	if payment.GetString("provider") != ProviderRazorpay {
		return outcomeIgnored, nil
	}
	if _, err := tx.FindFirstRecordByData(refundsCollectionName, "refundId", rf.ID); err == nil {
		return outcomeRefundRecorded, nil
	} else if !errors.Is(err, sql.ErrNoRows) {
		return "", err
	}
	earlier, err := refundsOf(tx, payment.Id)
	if err != nil {
		return "", err
	}
	refunded := sumRefunds(earlier[payment.Id]).Amount
	paid := payment.GetInt("amount")
	if rf.Amount <= 0 || rf.Currency != payment.GetString("currency") || refunded+rf.Amount > paid {
		return outcomeMismatch, nil
	}

	at := now
	if ev.CreatedAt > 0 && ev.CreatedAt <= now.Unix() {
		at = time.Unix(ev.CreatedAt, 0)
	}
	col, err := tx.FindCachedCollectionByNameOrId(refundsCollectionName)
	if err != nil {
		return "", err
	}
	rec := core.NewRecord(col)
	rec.Set("refundId", rf.ID)
	rec.Set("payment", payment.Id)
	rec.Set("amount", rf.Amount)
	rec.Set("currency", rf.Currency)
	rec.Set("processedAt", at)
	if err := tx.Save(rec); err != nil {
		return "", err
	}

	full := refunded+rf.Amount >= paid
	wasPaid := payment.GetString("status") == StatusPaid
	if full || payment.GetString("paymentId") == "" {
		if full {
			payment.Set("status", StatusRefunded)
		}
		payment.Set("paymentId", rf.PaymentID) // the receipt names the payment refunded
		if err := tx.Save(payment); err != nil {
			return "", err
		}
	}
	member, err := ownerOf(tx, payment)
	if err != nil || member == nil {
		return refundOutcome(full), err
	}
	plan, _ := catalog.FindPlan(payment.GetString("plan"))
	note := notify.Note{UserID: member.Id, Type: notify.TypePlanRefunded, Subject: payment.Id,
		Link: paymentHistoryPath}
	if payment.GetInt("receiptNo") > 0 {
		note.Link = ReceiptPathPrefix + payment.Id
	}
	switch {
	case !full:
		note.Title = money.INR(int64(rf.Amount)) + " of your payment for the " + plan.Name + " was refunded"
		note.Body = "Your plan is unchanged."
	case !wasPaid:
		note.Title = "Your payment of " + money.INR(int64(paid)) + " was refunded"
		note.Body = "It never activated a plan, so your plan is unchanged."
	default:
		note.Title = "Your payment of " + money.INR(int64(paid)) + " was refunded"
		ended, expiry, changed := takeBack(member, plan, now)
		if !ended {
			// What is left was bought by the member's other payments: the
			// plan named on the subscription is theirs, not the refunded one.
			inForce, err := planInForce(tx, member.Id, payment.Id)
			if err != nil {
				return "", err
			}
			if inForce != "" && inForce != member.GetString("subscriptionPlan") {
				member.Set("subscriptionPlan", inForce)
				changed = true
			}
		}
		if changed {
			if err := tx.Save(member); err != nil {
				return "", err
			}
		}
		note.Body = "The " + plan.Name + " it paid for has ended."
		if !ended {
			note.Body = "The " + plan.Name + " it paid for was taken off your subscription, which now ends on " + when.Date(expiry) + "."
		}
	}
	err = notify.Create(tx, note)
	return refundOutcome(full), err
}

func refundOutcome(full bool) string {
	if full {
		return outcomeRefunded
	}
	return outcomePartlyRefunded
}

// paymentOfRefund finds the payment a refund is about: by Razorpay's payment
// id, else by its order when our record has not learnt the payment id yet
// (the activation never reached us). An order's other attempt is not ours.
func paymentOfRefund(tx core.App, paymentID, orderID string) (*core.Record, error) {
	r, err := tx.FindFirstRecordByData("payments", "paymentId", paymentID)
	if err == nil {
		return r, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	r, err = findByOrder(tx, orderID)
	if err != nil {
		return nil, err
	}
	if r.GetString("paymentId") != "" {
		return nil, ErrUnknownOrder
	}
	return r, nil
}

func ownerOf(tx core.App, payment *core.Record) (*core.Record, error) {
	owner := payment.GetString("user")
	if owner == "" {
		return nil, nil
	}
	m, err := tx.FindRecordById("users", owner)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return m, err
}

// planInForce is the plan of the member's latest activated payment that is
// still paid, leaving out the payment being refunded ("" when none is left).
func planInForce(tx core.App, memberID, refundedPaymentID string) (string, error) {
	var rows []struct {
		Plan string `db:"plan"`
	}
	err := tx.DB().Select("plan").From("payments").
		Where(dbx.HashExp{"user": memberID, "status": StatusPaid}).
		AndWhere(dbx.Not(dbx.HashExp{"id": refundedPaymentID})).
		OrderBy("activatedAt DESC", "receiptNo DESC").Limit(1).All(&rows)
	if err != nil || len(rows) == 0 {
		return "", err
	}
	return rows[0].Plan, nil
}

// takeBack removes a refunded plan's months from the member's expiry. When
// that leaves nothing ahead of now, the plan ends now and is marked
// cancelled. An expiry already past is left alone (the plan had ended).
// It answers whether the plan has ended, the expiry after, and whether the
// member changed.
func takeBack(member *core.Record, plan catalog.Plan, now time.Time) (ended bool, expiry time.Time, changed bool) {
	expiry = member.GetDateTime("subscriptionExpiry").Time()
	if !expiry.After(now) {
		return true, expiry, false
	}
	if back := when.AddMonths(expiry, -plan.Months); back.After(now) {
		member.Set("subscriptionExpiry", back)
		return false, back, true
	}
	member.Set("subscriptionExpiry", now.UTC())
	member.Set("subscriptionStatus", statusCancelled)
	return true, now, true
}
