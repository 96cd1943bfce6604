package deals

// A package's slot held for its deal (docs/api/packages.md, "Holds").

import (
	"errors"
	"fmt"
	"slices"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/guarded"
)

// ErrNotHeld: the deal no longer holds a slot (funded, ended meanwhile).
var ErrNotHeld = errors.New("deals: the deal holds no slot")

// HoldEnded is the reason a deal whose hold ended is cancelled with.
func HoldEnded(tierName string) string {
	return fmt.Sprintf("The hold on the “%s” package ended before the deal was funded, so the slot is free again.", tierName)
}

// EndHold cancels the deal dealID whose package's hold ended before it was
// funded, in the caller's transaction: the deal turns cancelled by nobody
// with HoldEnded as its reason, its pledge is withdrawn with the same reason
// and its slot and the request's counters are freed (endPledge), and its
// history says so. It answers the deal as cancelled, or ErrNotHeld (nothing
// changed) when the deal is funded, ended or holds no slot. Notifying both
// sides is the caller's (the hold job's).
func EndHold(tx core.App, dealID string) (*core.Record, error) {
	now := types.NowDateTime().String()
	var reason string
	d, err := guarded.Update(tx, "deals", dealID, func(d *core.Record) bool {
		return d.GetString("tier") != "" && d.GetDateTime("fundedAt").IsZero() &&
			slices.Contains([]string{StatusNegotiating, StatusAgreed}, d.GetString("status"))
	}, func(d *core.Record) {
		reason = HoldEnded(d.GetString("tierName"))
		d.Load(map[string]any{"status": StatusCancelled, "cancelledAt": now, "cancelledBy": "", "cancelReason": reason,
			"version": d.GetInt("version") + 1})
	})
	if errors.Is(err, guarded.ErrStale) {
		return nil, ErrNotHeld
	}
	if err != nil {
		return nil, err
	}
	if id := d.GetString("commitment"); id != "" {
		if err := withdrawWithDeal(tx, id, reason); err != nil && !errors.Is(err, guarded.ErrStale) {
			return nil, err
		}
	}
	return d, record(tx, d.Id, "", "cancelled", reason)
}
