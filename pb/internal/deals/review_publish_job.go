package deals

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// PublishDue counts the reviews whose blind time ran out (the cron job
// sbPublishReviews, every 10 minutes), a batch at a time.
func PublishDue(app core.App) error {
	var ids []string
	err := app.DB().NewQuery(`SELECT id FROM reviews WHERE counted = 0 AND hidden = 0 AND visibleAt <= {:now}
		ORDER BY visibleAt LIMIT 500`).Bind(dbx.Params{"now": types.NowDateTime().String()}).Column(&ids)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if err := app.RunInTransaction(func(tx core.App) error { return publish(tx, id) }); err != nil {
			return err
		}
	}
	return nil
}
