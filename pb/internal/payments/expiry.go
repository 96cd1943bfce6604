package payments

import (
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// expiryJobID names the daily job in PocketBase's cron (and its dashboard).
const expiryJobID = "sbExpireSubscriptions"

// bindExpiryJob runs ExpireLapsed every day at 00:05 UTC. Posting checks the
// expiry itself (membership.SubscriptionActive), so the job only keeps the
// stored status honest for the UI, the dashboard and the admin pages.
func bindExpiryJob(app core.App) {
	app.Cron().MustAdd(expiryJobID, "5 0 * * *", func() {
		n, err := ExpireLapsed(app, time.Now())
		if err != nil {
			app.Logger().Error("Payments: expiring lapsed subscriptions failed", "error", err)
			return
		}
		if n > 0 {
			app.Logger().Info("Payments: expired lapsed subscriptions", "count", n)
		}
	})
	app.Cron().MustAdd(reminderJobID, "15 * * * *", func() {
		if _, err := RemindExpiring(app, time.Now()); err != nil {
			app.Logger().Error("Payments: plan reminders failed", "error", err)
		}
	})
}

// reminderJobID names the hourly reminder of plans about to end.
const reminderJobID = "sbRemindExpiringPlans"

// ExpireLapsed marks every active subscription whose expiry has passed as
// expired and tells how many it changed. Records are saved one by one so
// that hooks and realtime subscribers see the change.
func ExpireLapsed(app core.App, now time.Time) (int, error) {
	const batch = 200
	changed := 0
	cutoff := now.UTC().Format("2006-01-02 15:04:05.000Z")
	for {
		members, err := app.FindRecordsByFilter("users",
			"subscriptionStatus = 'active' && subscriptionExpiry != '' && subscriptionExpiry <= {:now}",
			"subscriptionExpiry", batch, 0, dbx.Params{"now": cutoff})
		if err != nil {
			return changed, err
		}
		for _, m := range members {
			m.Set("subscriptionStatus", "expired")
			if err := app.Save(m); err != nil {
				return changed, err
			}
			changed++
		}
		if len(members) < batch {
			return changed, nil
		}
	}
}
