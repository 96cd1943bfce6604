package deals

// A deal opened from a package's tier holds its slot until it is funded
// (docs/api/packages.md, "Holds"). The hold job (pb/internal/packages)
// ends the holds that ran out through EndHold (holds.go) and reminds both
// sides a day before through RemindHold: a conditional write of the deal,
// so no reminder is sent twice.

import (
	"errors"
	"slices"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/guarded"
)

// ErrHoldNotDue: the deal's hold does not end soon, it was reminded
// already, or the deal was funded or ended meanwhile; nothing was written.
var ErrHoldNotDue = errors.New("deals: the hold is not due")

// holdsUnfunded tells whether deal d still holds its slot unfunded, with a hold
// ending at or before by.
func holdsUnfunded(d *core.Record, by time.Time) bool {
	until := d.GetDateTime("holdUntil")
	return !until.IsZero() && !until.Time().After(by) && d.GetDateTime("fundedAt").IsZero() &&
		slices.Contains([]string{StatusNegotiating, StatusAgreed}, d.GetString("status"))
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
