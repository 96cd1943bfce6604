package deals

// Cancelling and disputing a deal.

import (
	"errors"
	"fmt"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/guarded"
	"sponsorbridge/pb/internal/refusal"
)

// ReasonInput is the body of the steps that take a reason: cancel,
// dispute and its answer.
type ReasonInput struct {
	Reason string `json:"reason"`
}

// reasonCheck checks a reason: required (with its message) and at most
// limit characters.
func reasonCheck(required string, limit int) func(*ReasonInput) error {
	return func(f *ReasonInput) error { return apierr.Reason(&f.Reason, required, limit) }
}

// Cancel: before the money moved either side cancels (a pledge is then
// withdrawn); after it, a cancel is a request the other side accepts by
// cancelling too.
var Cancel = Step[ReasonInput]{by: either, from: []string{StatusNegotiating, StatusAgreed, StatusFunded, StatusDelivered},
	refused: "it can no longer be cancelled.",
	check:   reasonCheck("Say why you are cancelling", MaxReason),
	change: func(d, me *core.Record, now string, in ReasonInput) (outcome, error) {
		who := me.GetString("displayName")
		switch d.GetString("status") {
		case StatusNegotiating, StatusAgreed:
			out := outcome{set: dbx.Params{"status": StatusCancelled, "cancelledAt": now, "cancelledBy": me.Id, "cancelReason": in.Reason},
				event: "cancelled", text: fmt.Sprintf("%s cancelled the deal. Reason: %s", who, in.Reason),
				noteTitle: fmt.Sprintf("%s cancelled the deal %s", name(me), titleOf(d))}
			if id := d.GetString("commitment"); id != "" {
				out.afterwards = func(tx core.App, _ *core.Record) error { return withdrawWithDeal(tx, id, in.Reason) }
			}
			return out, nil
		}
		switch d.GetString("cancelRequestedBy") {
		case me.Id:
			return outcome{}, refusal.Conflictf("You already asked to cancel; the other side has not answered yet.")
		case "":
			return outcome{set: dbx.Params{"cancelRequestedBy": me.Id, "cancelRequestReason": in.Reason},
				event: "cancel_requested", text: fmt.Sprintf("%s asked to cancel the deal. Reason: %s", who, in.Reason),
				noteTitle: fmt.Sprintf("%s asks to cancel the deal %s", name(me), titleOf(d))}, nil
		}
		return outcome{set: dbx.Params{"status": StatusCancelled, "cancelledAt": now, "cancelledBy": me.Id, "cancelReason": in.Reason},
			event: "cancelled", text: fmt.Sprintf("%s accepted the request to cancel. Reason: %s", who, in.Reason),
			noteTitle: fmt.Sprintf("%s accepted your request to cancel %s", name(me), titleOf(d))}, nil
	}}

// withdrawWithDeal withdraws the pledge of a deal being cancelled before
// funding (the deal itself is already cancelled by the step).
func withdrawWithDeal(tx core.App, commitmentID, reason string) error {
	c, err := tx.FindRecordById("commitments", commitmentID)
	if err != nil {
		return err
	}
	if c.GetString("status") != "active" {
		return nil // withdrawn already: nothing holds the request
	}
	err = endPledge(tx, c, reason, types.NowDateTime().String())
	if errors.Is(err, ErrPledgeGone) {
		return guarded.ErrStale
	}
	return err
}

// AdminDisputesPath is the administrators' list of open disputes, where a
// new dispute's notification leads.
const AdminDisputesPath = "/admin?tab=disputes"

// Dispute: after the money moved, either side takes the deal to the
// administrators with their words (every administrator is notified); the
// other side may answer (Answer).
var Dispute = Step[ReasonInput]{by: either, from: []string{StatusFunded, StatusDelivered},
	refused: "a dispute is raised once the money moved and before the deal is completed.",
	check:   reasonCheck("Tell the administrators what went wrong", MaxDisputeText),
	change: func(d, me *core.Record, now string, in ReasonInput) (outcome, error) {
		return outcome{set: dbx.Params{"status": StatusDisputed, "disputedAt": now, "disputedBy": me.Id, "disputeReason": in.Reason},
			event: "disputed", text: fmt.Sprintf("%s raised a dispute: %s", me.GetString("displayName"), in.Reason),
			noteTitle:  fmt.Sprintf("%s raised a dispute about %s: add your side", name(me), titleOf(d)),
			adminTitle: fmt.Sprintf("New dispute: %s raised one about %s", name(me), titleOf(d))}, nil
	}}

// Answer: the other side of a dispute adds their words, once.
var Answer = Step[ReasonInput]{by: either, from: []string{StatusDisputed},
	refused: "only a disputed deal takes an answer.",
	check:   reasonCheck("Tell the administrators your side", MaxDisputeText),
	change: func(d, me *core.Record, _ string, in ReasonInput) (outcome, error) {
		switch {
		case d.GetString("disputedBy") == me.Id:
			return outcome{}, refusal.Conflictf("You raised this dispute; the other side answers it.")
		case d.GetString("disputeResponse") != "":
			return outcome{}, refusal.Conflictf("You already answered this dispute.")
		}
		return outcome{set: dbx.Params{"disputeResponse": in.Reason},
			event: "dispute_answered", text: fmt.Sprintf("%s answered the dispute: %s", me.GetString("displayName"), in.Reason),
			noteTitle: fmt.Sprintf("%s answered the dispute about %s", name(me), titleOf(d))}, nil
	}}
