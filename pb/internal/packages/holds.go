// Package packages holds what follows a request's packages (tiers) beyond
// the pledge itself (docs/api/packages.md): the hold job, which cancels the
// deals whose hold on a tier's slot ran out before they were funded and
// reminds both sides a day before, and those notices.
package packages

import (
	"errors"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/when"
)

// JobID is the hold job's id in PocketBase's cron: a superuser runs it at
// once with POST /api/crons/holds.
const JobID = "holds"

// RemindBefore is how long before a hold ends both sides are reminded.
const RemindBefore = 24 * time.Hour

// batch bounds the deals one run reads for each part; the next run (ten
// minutes later) takes the rest.
const batch = 500

// Holds is the hold job (every 10 minutes): Run at the current time.
func Holds(app core.App) error { return Run(app, time.Now()) }

// Run ends every hold that ran out at or before now and reminds the sides
// of every hold ending within RemindBefore of now, each deal in its own
// transaction (deals.EndHold and deals.RemindHold write only a deal that
// still qualifies: one funded or ended meanwhile is left as it is). A deal
// that fails is logged and the others go on; the error is the first
// failure.
func Run(app core.App, now time.Time) error {
	var first error
	keep := func(err error) {
		if err != nil && first == nil {
			first = err
		}
	}
	// The expired first: a hold that ended is cancelled, not reminded of.
	due, err := dueHolds(app, "holdUntil <= {:now}", now)
	keep(err)
	for _, id := range due {
		keep(each(app, id, func(tx core.App) error {
			d, err := deals.EndHold(tx, id)
			if err != nil {
				return err
			}
			return noteEnded(tx, d)
		}))
	}
	soon, err := dueHolds(app, "holdUntil > {:now} AND holdUntil <= {:soon} AND holdReminded = FALSE", now)
	keep(err)
	for _, id := range soon {
		keep(each(app, id, func(tx core.App) error {
			d, err := deals.RemindHold(tx, id, now.Add(RemindBefore))
			if err != nil {
				return err
			}
			return noteEndingSoon(tx, d)
		}))
	}
	return first
}

// each runs one deal's work in its own transaction; a deal that no longer
// qualifies is no failure.
func each(app core.App, id string, work func(tx core.App) error) error {
	err := app.RunInTransaction(work)
	if errors.Is(err, deals.ErrNotHeld) || errors.Is(err, deals.ErrHoldNotDue) {
		return nil
	}
	if err != nil {
		app.Logger().Error("packages: hold of deal "+id, "error", err)
	}
	return err
}

// dueHolds reads the ids of the unfunded deals holding a slot that meet
// cond (over {:now} and {:soon}, now plus RemindBefore), soonest first,
// through idx_deals_hold (its condition is repeated so that SQLite may use
// the partial index).
func dueHolds(app core.App, cond string, now time.Time) ([]string, error) {
	params := dbx.Params{"now": when.Stored(now), "soon": when.Stored(now.Add(RemindBefore)), "limit": batch}
	var ids []string
	err := app.DB().NewQuery(`SELECT id FROM deals INDEXED BY idx_deals_hold
		WHERE holdUntil != '' AND status IN ('negotiating', 'agreed') AND ` + cond + `
		ORDER BY holdUntil LIMIT {:limit}`).Bind(params).Column(&ids)
	return ids, err
}
