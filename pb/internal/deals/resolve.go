package deals

import (
	"errors"
	"fmt"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/notify"
)

// ErrNotDisputed: the deal is not (or no longer) in dispute.
var ErrNotDisputed = errors.New("deals: not disputed")

// Resolve ends a dispute as an administrator decided, in the caller's
// transaction: the deal turns completed or cancelled (outcome) with the
// administrator's note as its resolution, by one conditional UPDATE on its
// disputed state; its history says so and both sides are notified. It
// answers the deal as it is now and the notifications to mail once the
// transaction committed.
func Resolve(tx core.App, dealID string, admin *core.Record, outcome, note string) (*core.Record, []*notify.Pending, error) {
	now := types.NowDateTime().String()
	set := dbx.Params{"status": outcome, "resolution": note, "version": dbx.NewExp("version + 1"), "updated": now}
	if outcome == StatusCompleted {
		set["completedAt"] = now
	} else {
		set["cancelledAt"], set["cancelledBy"], set["cancelReason"] = now, admin.Id, note
	}
	res, err := tx.DB().Update("deals", set, dbx.HashExp{"id": dealID, "status": StatusDisputed}).Execute()
	if err != nil {
		return nil, nil, err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return nil, nil, ErrNotDisputed
	}
	d, err := tx.FindRecordById("deals", dealID)
	if err != nil {
		return nil, nil, err
	}
	if err := tx.Save(d); err != nil {
		return nil, nil, err
	}
	if err := countReached(tx, d, outcome); err != nil {
		return nil, nil, err
	}
	verdict := map[string]string{StatusCompleted: "completed", StatusCancelled: "cancelled"}[outcome]
	if err := record(tx, d.Id, admin.Id, "resolved", fmt.Sprintf("The administrators resolved the dispute: the deal is %s. %s", verdict, note)); err != nil {
		return nil, nil, err
	}
	var pending []*notify.Pending
	for _, member := range []string{d.GetString("sponsor"), d.GetString("recipient")} {
		if member == "" {
			continue
		}
		p, err := notify.Create(tx, notify.Note{UserID: member, Type: notify.TypeDeal,
			Title: fmt.Sprintf("The dispute about %s is resolved: the deal is %s", titleOf(d), verdict),
			Body:  note, Link: "/deals/" + d.Id, Subject: d.Id})
		if err != nil {
			return nil, nil, err
		}
		pending = append(pending, p)
	}
	return d, pending, nil
}
