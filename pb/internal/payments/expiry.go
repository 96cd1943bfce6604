package payments

import (
	"errors"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/guarded"
	"sponsorbridge/pb/internal/membership"
	"sponsorbridge/pb/internal/when"
)

// ExpireJob runs ExpireLapsed now (a daily job). Posting checks the expiry
// itself (membership.SubscriptionActive), so the job only keeps the stored
// status honest for the UI, the dashboard and the admin pages.
func ExpireJob(app core.App) error {
	n, err := ExpireLapsed(app, time.Now())
	if n > 0 {
		app.Logger().Info("Payments: expired lapsed subscriptions", "count", n)
	}
	return err
}

// RemindJob mails the reminder of plans about to end (an hourly job).
func RemindJob(app core.App) error {
	_, err := RemindExpiring(app, time.Now())
	return err
}

// ExpireLapsed marks every active subscription whose expiry has passed as
// expired and tells how many it changed. Records are saved one by one so
// that hooks and realtime subscribers see the change, each only while it is
// still as read (guarded.Update): a plan renewed meanwhile keeps its new
// expiry and stays active.
func ExpireLapsed(app core.App, now time.Time) (int, error) {
	const batch = 200
	changed := 0
	cutoff := when.Stored(now)
	for {
		members, err := app.FindRecordsByFilter("users",
			"subscriptionStatus = 'active' && subscriptionExpiry != '' && subscriptionExpiry <= {:now}",
			"subscriptionExpiry", batch, 0, dbx.Params{"now": cutoff})
		if err != nil {
			return changed, err
		}
		for _, m := range members {
			err := app.RunInTransaction(func(tx core.App) error {
				_, err := guarded.Update(tx, "users", m.Id, guarded.Unchanged(m, "subscriptionStatus", "subscriptionExpiry"),
					func(r *core.Record) { r.Set("subscriptionStatus", membership.StatusExpired) })
				return err
			})
			switch {
			case errors.Is(err, guarded.ErrStale):
				continue // renewed or deleted meanwhile
			case err != nil:
				return changed, err
			}
			changed++
		}
		if len(members) < batch {
			return changed, nil
		}
	}
}
