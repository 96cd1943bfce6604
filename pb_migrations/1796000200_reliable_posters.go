package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Reliable posters: users.isReliable marks a member with at least 3
// completed deals and 90% of their funded deals completed (the "Reliable
// posters" filter of the lists, matches and saved searches). The deal steps
// write it with the counters (pb/internal/deals/open.go, reliableAfter);
// here it is set from the counters as they stand.
func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		users.Fields.Add(&core.BoolField{Name: "isReliable"})
		if err := app.Save(users); err != nil {
			return err
		}
		_, err = app.DB().NewQuery(`UPDATE users SET isReliable = (dealsCompleted >= 3 AND dealsCompleted * 100 >= dealsFunded * 90)`).Execute()
		return err
	}, func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		users.Fields.RemoveByName("isReliable")
		return app.Save(users)
	})
}
