package payments

import (
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/logline"
	"sponsorbridge/pb/internal/refusal"
)

// badSignatures tallies the webhooks refused for their signature: the route
// has no per-address limit (Razorpay calls from many addresses), so a flood
// of forged ones is one warning a minute, not one an entry.
var badSignatures logline.Tally

// Webhook outcomes, answered to Razorpay and kept on the event record.
const (
	outcomeActivated = "activated"
	outcomeReplayed  = "already_paid"
	outcomeFailed    = "marked_failed"
	outcomeIgnored   = "ignored"
	outcomeMismatch  = "amount_mismatch"
	outcomeUnknown   = "unknown_order"
	outcomeDuplicate = "duplicate"
	// outcomeRefundedBefore: a paid event for a payment refunded meanwhile.
	outcomeRefundedBefore = "already_refunded"
)

// Delivery is one webhook call as Razorpay makes it: the raw body (its
// signature is over the bytes), the X-Razorpay-Signature and
// X-Razorpay-Event-Id headers, and the caller's address for the log.
type Delivery struct {
	Body      io.Reader
	Signature string
	EventID   string
	From      string
}

// ReceiveWebhook handles Razorpay's order.paid, payment.captured,
// payment.failed and refund.processed (refund.go) events. It authenticates
// by the signature over the raw body, handles each event id once, and
// answers the outcome for everything it accepts, ignored events included
// (the route answers them 200, so that Razorpay does not retry them).
func ReceiveWebhook(app core.App, secret []byte, d Delivery, now time.Time) (string, error) {
	if len(secret) == 0 {
		return "", refusal.New(refusal.Unavailable, "Payment webhooks are not configured on this server.")
	}
	body, err := io.ReadAll(d.Body)
	if err != nil {
		return "", refusal.New(refusal.TooLarge, "The webhook body is too large.")
	}
	if !ValidWebhookSignature(secret, body, d.Signature) {
		if n := badSignatures.Add(now); n > 0 { // forged webhooks can be sent at will: one warning a minute
			app.Logger().Warn("Payments: webhooks with a bad signature", "count", n, "lastIP", d.From)
		}
		return "", refusal.Invalidf("Invalid webhook signature.", nil)
	}
	var ev WebhookEvent
	if err := json.Unmarshal(body, &ev); err != nil {
		return "", refusal.Invalidf("The webhook body is not valid JSON.", nil)
	}
	eventID := d.EventID
	if eventID == "" {
		// Razorpay always sends one; a signed body without it is deduplicated by content.
		sum := sha256.Sum256(body)
		eventID = "body_" + hex.EncodeToString(sum[:])
	}

	outcome, err := HandleEvent(app, eventID, &ev, now)
	if err != nil {
		return "", err
	}
	switch outcome {
	case outcomeMismatch:
		app.Logger().Error("Payments: webhook amount does not match the stored order",
			"event", eventID, "event_type", ev.Event, "order", ev.orderID(), "refund", ev.Payload.Refund.Entity.ID)
	case outcomeRefunded, outcomePartlyRefunded:
		app.Logger().Info("Payments: refund processed", "outcome", outcome, "order", ev.orderID(),
			"refund", ev.Payload.Refund.Entity.ID, "amount", ev.Payload.Refund.Entity.Amount)
	}
	return outcome, nil
}

// HandleEvent records the event id and applies the event in one
// transaction, so a retried delivery can neither apply twice nor be lost.
// It answers the event's outcome.
func HandleEvent(app core.App, eventID string, ev *WebhookEvent, now time.Time) (string, error) {
	outcome := outcomeIgnored
	err := app.RunInTransaction(func(tx core.App) error {
		if _, err := tx.FindFirstRecordByData("webhook_events", "eventId", eventID); err == nil {
			outcome = outcomeDuplicate
			return nil
		} else if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		var err error
		if ev.Event == "refund.processed" {
			outcome, err = applyRefund(tx, ev, now)
		} else {
			outcome, err = applyEvent(tx, ev, now)
		}
		if err != nil {
			return err
		}
		events, err := tx.FindCachedCollectionByNameOrId("webhook_events")
		if err != nil {
			return err
		}
		rec := core.NewRecord(events)
		rec.Set("eventId", eventID)
		rec.Set("event", ev.Event)
		rec.Set("orderId", ev.orderID())
		rec.Set("outcome", outcome)
		return tx.Save(rec)
	})
	return outcome, err
}

func applyEvent(tx core.App, ev *WebhookEvent, now time.Time) (string, error) {
	orderID := ev.orderID()
	switch ev.Event {
	case "order.paid", "payment.captured":
	case "payment.failed":
		return markFailed(tx, orderID)
	default:
		return outcomeIgnored, nil
	}
	payment, err := findByOrder(tx, orderID)
	if errors.Is(err, ErrUnknownOrder) {
		return outcomeUnknown, nil
	}
	if err != nil {
		return "", err
	}
	if payment.GetString("provider") != ProviderRazorpay {
		return outcomeIgnored, nil
	}
	act, err := Activate(tx, ev.claim(), now)
	if errors.Is(err, ErrAmountMismatch) {
		return outcomeMismatch, nil
	}
	if err != nil {
		return "", err
	}
	if !act.Fresh {
		if act.Payment.GetString("status") == StatusRefunded {
			return outcomeRefundedBefore, nil
		}
		return outcomeReplayed, nil
	}
	return outcomeActivated, nil
}

// markFailed records a failed attempt unless the order was paid meanwhile
// (Checkout lets the member retry the same order).
func markFailed(tx core.App, orderID string) (string, error) {
	payment, err := findByOrder(tx, orderID)
	if errors.Is(err, ErrUnknownOrder) {
		return outcomeUnknown, nil
	}
	if err != nil {
		return "", err
	}
	if payment.GetString("status") != StatusCreated || payment.GetString("provider") != ProviderRazorpay {
		return outcomeIgnored, nil
	}
	payment.Set("status", StatusFailed)
	return outcomeFailed, tx.Save(payment)
}

// ---------------------------------------------------------------------------

// WebhookEvent is the part of Razorpay's event body we read.
type WebhookEvent struct {
	Event string `json:"event"`
	// CreatedAt is when Razorpay raised the event (Unix seconds).
	CreatedAt int64          `json:"created_at"`
	Payload   WebhookPayload `json:"payload"`
}

// WebhookPayload holds the entities an event carries, each under "entity".
type WebhookPayload struct {
	Payment PaymentEntity `json:"payment"`
	Refund  RefundEntity  `json:"refund"`
	Order   OrderEntity   `json:"order"`
}

// PaymentEntity, RefundEntity and OrderEntity wrap the payload's entities.
type (
	PaymentEntity struct {
		Entity RazorpayPayment `json:"entity"`
	}
	RefundEntity struct {
		Entity RazorpayRefund `json:"entity"`
	}
	OrderEntity struct {
		Entity RazorpayOrder `json:"entity"`
	}
)

// RazorpayPayment is a payment entity.
type RazorpayPayment struct {
	ID       string `json:"id"`
	OrderID  string `json:"order_id"`
	Amount   int    `json:"amount"`
	Currency string `json:"currency"`
	// Captured is false for Razorpay's auto-refund of an attempt never
	// captured (refund events carry the payment entity).
	Captured *bool `json:"captured"`
}

// RazorpayRefund is a refund entity.
type RazorpayRefund struct {
	ID        string `json:"id"`
	PaymentID string `json:"payment_id"`
	Amount    int    `json:"amount"`
	Currency  string `json:"currency"`
	Status    string `json:"status"`
}

// RazorpayOrder is an order entity.
type RazorpayOrder struct {
	ID         string `json:"id"`
	Amount     int    `json:"amount"`
	AmountPaid int    `json:"amount_paid"`
	Currency   string `json:"currency"`
}

func (ev *WebhookEvent) orderID() string {
	if id := ev.Payload.Order.Entity.ID; id != "" {
		return id
	}
	return ev.Payload.Payment.Entity.OrderID
}

// claim states what the event says was paid; the payment entity's amount is
// what was captured, the order's amount_paid its total.
func (ev *WebhookEvent) claim() Claim {
	p, o := ev.Payload.Payment.Entity, ev.Payload.Order.Entity
	c := Claim{OrderID: ev.orderID(), PaymentID: p.ID, Amount: p.Amount, Currency: p.Currency}
	if ev.Event == "order.paid" && o.ID != "" {
		c.Amount, c.Currency = o.AmountPaid, o.Currency
	}
	if c.Amount == 0 {
		// A paid event without an amount cannot be checked: treat it as a mismatch.
		c.Amount = -1
	}
	return c
}

// WebhookAnswer tells Razorpay what became of an event (its outcome).
type WebhookAnswer struct {
	Status string `json:"status"`
}
