package payments

import (
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/when"
)

// reminderLead is how long before a plan ends its member is reminded.
const reminderLead = 3 * 24 * time.Hour

// RemindExpiring tells members whose plan ends within reminderLead, once per
// expiry date (planReminderFor remembers which expiry the last reminder was
// about, so a renewal earns a new reminder later). It answers how many it
// reminded.
func RemindExpiring(app core.App, now time.Time) (int, error) {
	members, err := app.FindRecordsByFilter("users",
		"subscriptionStatus = 'active' && subscriptionExpiry > {:now} && subscriptionExpiry <= {:soon} && planReminderFor != subscriptionExpiry",
		"subscriptionExpiry", 500, 0,
		dbx.Params{"now": when.Stored(now), "soon": when.Stored(now.Add(reminderLead))})
	if err != nil {
		return 0, err
	}
	reminded := 0
	for _, m := range members {
		expiry := m.GetDateTime("subscriptionExpiry")
		sent := false
		err := app.RunInTransaction(func(tx core.App) error {
			// One conditional statement: a renewal or another run meanwhile
			// leaves it unchanged, and nothing else of the member is written.
			res, err := tx.DB().Update("users", dbx.Params{"planReminderFor": expiry.String()},
				dbx.And(dbx.HashExp{"id": m.Id, "subscriptionExpiry": expiry.String()},
					dbx.NewExp("planReminderFor != {:e}", dbx.Params{"e": expiry.String()}))).Execute()
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n != 1 {
				return nil
			}
			sent = true
			err = notify.Create(tx, notify.Note{
				UserID: m.Id, Type: notify.TypePlanExpiring,
				Title:   "Your plan ends on " + when.Date(expiry.Time()),
				Body:    "Renew it to keep posting listings.",
				Link:    "/subscription",
				Subject: m.Id,
			})
			return err
		})
		if err != nil {
			return reminded, err
		}
		if sent {
			reminded++
		}
	}
	return reminded, nil
}
