package payments

import (
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/notify"
)

// reminderLead is how long before a plan ends its member is reminded.
const reminderLead = 3 * 24 * time.Hour

// RemindExpiring tells members whose plan ends within reminderLead, once per
// expiry date (planReminderFor remembers which expiry the last reminder was
// about, so a renewal earns a new reminder later). It answers how many it
// reminded.
func RemindExpiring(app core.App, now time.Time) (int, error) {
	layout := "2006-01-02 15:04:05.000Z"
	members, err := app.FindRecordsByFilter("users",
		"subscriptionStatus = 'active' && subscriptionExpiry > {:now} && subscriptionExpiry <= {:soon} && planReminderFor != subscriptionExpiry",
		"subscriptionExpiry", 500, 0,
		dbx.Params{"now": now.UTC().Format(layout), "soon": now.Add(reminderLead).UTC().Format(layout)})
	if err != nil {
		return 0, err
	}
	reminded := 0
	for _, m := range members {
		expiry := m.GetDateTime("subscriptionExpiry")
		var pending *notify.Pending
		err := app.RunInTransaction(func(tx core.App) error {
			m.Set("planReminderFor", expiry)
			if err := tx.Save(m); err != nil {
				return err
			}
			var err error
			pending, err = notify.Create(tx, notify.Note{
				UserID: m.Id, Type: notify.TypePlanExpiring,
				Title:   "Your plan ends on " + expiry.Time().UTC().Format("2 January 2006"),
				Body:    "Renew it to keep posting listings.",
				Link:    "/subscription",
				Subject: m.Id,
			})
			return err
		})
		if err != nil {
			return reminded, err
		}
		notify.Mail(app, pending)
		reminded++
	}
	return reminded, nil
}
