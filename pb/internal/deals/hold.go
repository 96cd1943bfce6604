package deals

// A deal opened from a package's tier holds its slot until it is funded
// (docs/api/packages.md, "Holds"). The hold job (pb/internal/packages)
// ends the holds that ran out through ExpireHold and reminds both sides a
// day before through RemindHold; both are conditional writes of the deal,
// so a deal funded at the same moment is never cancelled and no reminder
// is sent twice.

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/guarded"
	"sponsorbridge/pb/internal/when"
)

// ErrHoldNotDue: the deal's hold has not run out, or the deal was funded
// or ended meanwhile; nothing was written.
var ErrHoldNotDue = errors.New("deals: the hold is not due")

// HoldEndedReason is the reason a deal whose hold ran out is cancelled
// with, and its pledge withdrawn with.
func HoldEndedReason(tierName string) string {
	return fmt.Sprintf("The hold on the “%s” package ended before the deal was funded, so the slot is free again.", tierName)
}

// holdsUnfunded tells whether deal d still holds its slot unfunded, with a hold
// ending at or before by.
func holdsUnfunded(d *core.Record, by time.Time) bool {
	until := d.GetDateTime("holdUntil")
	return !until.IsZero() && !until.Time().After(by) && d.GetDateTime("fundedAt").IsZero() &&
		slices.Contains([]string{StatusNegotiating, StatusAgreed}, d.GetString("status"))
}

// ExpireHold cancels deal dealID, in the caller's transaction, when its
// hold ended at or before now and it is still unfunded (negotiating or
// agreed): cancelled by nobody, with HoldEndedReason; its pledge is ended
// with the same reason, which frees the tier's slot and the request's
// counters (endPledge), and its history says so. It answers the cancelled
// deal, or ErrHoldNotDue when the deal no longer qualifies (funded or
// ended meanwhile: the write is conditional on the row as it is now).
func ExpireHold(tx core.App, dealID string, now time.Time) (*core.Record, error) {
	stamp := when.Stored(now)
	d, err := guarded.Update(tx, "deals", dealID, func(d *core.Record) bool { return holdsUnfunded(d, now) }, func(d *core.Record) {
		d.Load(map[string]any{"status": StatusCancelled, "cancelledAt": stamp, "cancelledBy": "",
			"cancelReason": HoldEndedReason(d.GetString("tierName")), "version": d.GetInt("version") + 1})
	})
	if errors.Is(err, guarded.ErrStale) {
		return nil, ErrHoldNotDue
	}
	if err != nil {
		return nil, err
	}
	reason := d.GetString("cancelReason")
	if id := d.GetString("commitment"); id != "" {
		c, err := tx.FindRecordById("commitments", id)
		if err != nil {
			return nil, err
		}
		if c.GetString("status") == "active" {
			if err := endPledge(tx, c, reason, stamp); err != nil {
				return nil, err
			}
		}
	}
	return d, record(tx, d.Id, "", "hold_ended", reason)
}

// RemindHold marks deal dealID reminded, in the caller's transaction, when
// its hold ends at or before soon, it is still unfunded and it was not
// reminded yet; ErrHoldNotDue otherwise (the caller then tells nobody).
func RemindHold(tx core.App, dealID string, soon time.Time) (*core.Record, error) {
	d, err := guarded.Update(tx, "deals", dealID, func(d *core.Record) bool {
		return !d.GetBool("holdReminded") && holdsUnfunded(d, soon)
	}, func(d *core.Record) { d.Set("holdReminded", true) })
	if errors.Is(err, guarded.ErrStale) {
		return nil, ErrHoldNotDue
	}
	return d, err
}
