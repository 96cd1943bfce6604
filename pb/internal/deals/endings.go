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
)

type reasonForm struct {
	Reason string `json:"reason"`
}

func reasonCheck(f *reasonForm, required string, limit int) func() error {
	return func() error { return apierr.Reason(&f.Reason, required, limit) }
}

// cancel: before the money moved either side cancels (a pledge is then
// withdrawn); after it, a cancel is a request the other side accepts by
// cancelling too.
func cancel(e *core.RequestEvent) error {
	form := &reasonForm{}
	if err := apierr.Bind(e, form, reasonCheck(form, "Say why you are cancelling", MaxReason)); err != nil {
		return err
	}
	return take(e, step{by: either, from: []string{StatusNegotiating, StatusAgreed, StatusFunded, StatusDelivered},
		refused: "it can no longer be cancelled.",
		change: func(d, me *core.Record, now string) (outcome, error) {
			who := me.GetString("displayName")
			switch d.GetString("status") {
			case StatusNegotiating, StatusAgreed:
				out := outcome{set: dbx.Params{"status": StatusCancelled, "cancelledAt": now, "cancelledBy": me.Id, "cancelReason": form.Reason},
					event: "cancelled", text: fmt.Sprintf("%s cancelled the deal. Reason: %s", who, form.Reason),
					noteTitle: fmt.Sprintf("%s cancelled the deal %s", name(me), titleOf(d))}
				if id := d.GetString("commitment"); id != "" {
					out.afterwards = func(tx core.App, _ *core.Record) error { return withdrawWithDeal(tx, id, form.Reason) }
				}
				return out, nil
			}
			switch d.GetString("cancelRequestedBy") {
			case me.Id:
				return outcome{}, conflict(e, "You already asked to cancel; the other side has not answered yet.")
			case "":
				return outcome{set: dbx.Params{"cancelRequestedBy": me.Id, "cancelRequestReason": form.Reason},
					event: "cancel_requested", text: fmt.Sprintf("%s asked to cancel the deal. Reason: %s", who, form.Reason),
					noteTitle: fmt.Sprintf("%s asks to cancel the deal %s", name(me), titleOf(d))}, nil
			}
			return outcome{set: dbx.Params{"status": StatusCancelled, "cancelledAt": now, "cancelledBy": me.Id, "cancelReason": form.Reason},
				event: "cancelled", text: fmt.Sprintf("%s accepted the request to cancel. Reason: %s", who, form.Reason),
				noteTitle: fmt.Sprintf("%s accepted your request to cancel %s", name(me), titleOf(d))}, nil
		}})
}

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

// dispute: after the money moved, either side takes the deal to the
// administrators with their words (every administrator is notified); the
// other side may answer (respond).
func dispute(e *core.RequestEvent) error {
	form := &reasonForm{}
	if err := apierr.Bind(e, form, reasonCheck(form, "Tell the administrators what went wrong", MaxDisputeText)); err != nil {
		return err
	}
	return take(e, step{by: either, from: []string{StatusFunded, StatusDelivered},
		refused: "a dispute is raised once the money moved and before the deal is completed.",
		change: func(d, me *core.Record, now string) (outcome, error) {
			return outcome{set: dbx.Params{"status": StatusDisputed, "disputedAt": now, "disputedBy": me.Id, "disputeReason": form.Reason},
				event: "disputed", text: fmt.Sprintf("%s raised a dispute: %s", me.GetString("displayName"), form.Reason),
				noteTitle:  fmt.Sprintf("%s raised a dispute about %s: add your side", name(me), titleOf(d)),
				adminTitle: fmt.Sprintf("New dispute: %s raised one about %s", name(me), titleOf(d))}, nil
		}})
}

// respond: the other side of a dispute adds their words, once.
func respond(e *core.RequestEvent) error {
	form := &reasonForm{}
	if err := apierr.Bind(e, form, reasonCheck(form, "Tell the administrators your side", MaxDisputeText)); err != nil {
		return err
	}
	return take(e, step{by: either, from: []string{StatusDisputed},
		refused: "only a disputed deal takes an answer.",
		change: func(d, me *core.Record, _ string) (outcome, error) {
			switch {
			case d.GetString("disputedBy") == me.Id:
				return outcome{}, conflict(e, "You raised this dispute; the other side answers it.")
			case d.GetString("disputeResponse") != "":
				return outcome{}, conflict(e, "You already answered this dispute.")
			}
			return outcome{set: dbx.Params{"disputeResponse": form.Reason},
				event: "dispute_answered", text: fmt.Sprintf("%s answered the dispute: %s", me.GetString("displayName"), form.Reason),
				noteTitle: fmt.Sprintf("%s answered the dispute about %s", name(me), titleOf(d))}, nil
		}})
}
