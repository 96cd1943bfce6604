package payments

import (
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

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

// webhook handles Razorpay's order.paid, payment.captured, payment.failed
// and refund.processed (refund.go).
// It authenticates by the signature over the raw body, handles each event id
// once, and answers 200 for everything it accepts, ignored events included,
// so that Razorpay does not retry them.
func (h *handlers) webhook(e *core.RequestEvent) error {
	if len(h.webhookSecret) == 0 {
		return e.Error(http.StatusServiceUnavailable, "Payment webhooks are not configured on this server.", nil)
	}
	body, err := io.ReadAll(e.Request.Body)
	if err != nil {
		return e.Error(http.StatusRequestEntityTooLarge, "The webhook body is too large.", nil)
	}
	if !ValidWebhookSignature(h.webhookSecret, body, e.Request.Header.Get("X-Razorpay-Signature")) {
		e.App.Logger().Warn("Payments: webhook with a bad signature", "ip", e.RealIP())
		return e.BadRequestError("Invalid webhook signature.", nil)
	}
	var ev webhookEvent
	if err := json.Unmarshal(body, &ev); err != nil {
		return e.BadRequestError("The webhook body is not valid JSON.", nil)
	}
	eventID := e.Request.Header.Get("X-Razorpay-Event-Id")
	if eventID == "" {
		// Razorpay always sends one; a signed body without it is deduplicated by content.
		sum := sha256.Sum256(body)
		eventID = "body_" + hex.EncodeToString(sum[:])
	}

	outcome, err := h.handleEvent(e.App, eventID, &ev, time.Now())
	if err != nil {
		return e.InternalServerError("", err)
	}
	switch outcome {
	case outcomeMismatch:
		e.App.Logger().Error("Payments: webhook amount does not match the stored order",
			"event", eventID, "event_type", ev.Event, "order", ev.orderID(), "refund", ev.Payload.Refund.Entity.ID)
	case outcomeRefunded, outcomePartlyRefunded:
		e.App.Logger().Info("Payments: refund processed", "outcome", outcome, "order", ev.orderID(),
			"refund", ev.Payload.Refund.Entity.ID, "amount", ev.Payload.Refund.Entity.Amount)
	}
	return e.JSON(http.StatusOK, WebhookAnswer{Status: outcome})
}

// handleEvent records the event id and applies the event in one
// transaction, so a retried delivery can neither apply twice nor be lost.
func (h *handlers) handleEvent(app core.App, eventID string, ev *webhookEvent, now time.Time) (string, error) {
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

func applyEvent(tx core.App, ev *webhookEvent, now time.Time) (string, error) {
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

// webhookEvent is the part of Razorpay's event body we read.
type webhookEvent struct {
	Event string `json:"event"`
	// CreatedAt is when Razorpay raised the event (Unix seconds).
	CreatedAt int64 `json:"created_at"`
	Payload   struct {
		Payment struct {
			Entity struct {
				ID       string `json:"id"`
				OrderID  string `json:"order_id"`
				Amount   int    `json:"amount"`
				Currency string `json:"currency"`
				// Captured is false for Razorpay's auto-refund of an attempt
				// never captured (refund events carry the payment entity).
				Captured *bool `json:"captured"`
			} `json:"entity"`
		} `json:"payment"`
		Refund struct {
			Entity struct {
				ID        string `json:"id"`
				PaymentID string `json:"payment_id"`
				Amount    int    `json:"amount"`
				Currency  string `json:"currency"`
				Status    string `json:"status"`
			} `json:"entity"`
		} `json:"refund"`
		Order struct {
			Entity struct {
				ID         string `json:"id"`
				Amount     int    `json:"amount"`
				AmountPaid int    `json:"amount_paid"`
				Currency   string `json:"currency"`
			} `json:"entity"`
		} `json:"order"`
	} `json:"payload"`
}

func (ev *webhookEvent) orderID() string {
	if id := ev.Payload.Order.Entity.ID; id != "" {
		return id
	}
	return ev.Payload.Payment.Entity.OrderID
}

// claim states what the event says was paid; the payment entity's amount is
// what was captured, the order's amount_paid its total.
func (ev *webhookEvent) claim() Claim {
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
