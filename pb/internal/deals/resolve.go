package deals

import (
	"errors"
	"fmt"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/guarded"
	"sponsorbridge/pb/internal/notify"
)

// ErrNotDisputed: the deal is not (or no longer) in dispute.
var ErrNotDisputed = errors.New("deals: not disputed")

// Resolve ends a dispute as an administrator decided, in the caller's
// transaction: the deal turns completed or cancelled (outcome) with the
// administrator's note as its resolution, by guarded.Update on its disputed
// state; its history says so and both sides are notified (and mailed once
// the transaction committed: notify.BindHooks). It answers the deal as it
// is now.
func Resolve(tx core.App, dealID string, admin *core.Record, outcome, note string) (*core.Record, error) {
	now := types.NowDateTime().String()
	d, err := guarded.Update(tx, "deals", dealID, func(d *core.Record) bool {
		return d.GetString("status") == StatusDisputed
	}, func(d *core.Record) {
		d.Load(map[string]any{"status": outcome, "resolution": note, "version": d.GetInt("version") + 1})
		if outcome == StatusCompleted {
			d.Set("completedAt", now)
		} else {
			d.Load(map[string]any{"cancelledAt": now, "cancelledBy": admin.Id, "cancelReason": note})
		}
	})
	if errors.Is(err, guarded.ErrStale) {
		return nil, ErrNotDisputed
	}
	if err != nil {
		return nil, err
	}
	if err := countReached(tx, d, outcome); err != nil {
		return nil, err
	}
	verdict := map[string]string{StatusCompleted: "completed", StatusCancelled: "cancelled"}[outcome]
	if err := record(tx, d.Id, admin.Id, "resolved", fmt.Sprintf("The administrators resolved the dispute: the deal is %s. %s", verdict, note)); err != nil {
		return nil, err
	}
	for _, member := range []string{d.GetString("sponsor"), d.GetString("recipient")} {
		if member == "" {
			continue
		}
		if err := notify.Create(tx, notify.Note{UserID: member, Type: notify.TypeDeal,
			Title: fmt.Sprintf("The dispute about %s is resolved: the deal is %s", titleOf(d), verdict),
			Body:  note, Link: "/deals/" + d.Id, Subject: d.Id}); err != nil {
			return nil, err
		}
	}
	return d, nil
}
