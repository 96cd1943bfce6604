package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// What each member was told about each listing, one row per fact
// ("alert:<saved search id>:<listing id>", "alert-note:<listing id>",
// "match:<listing id>"): a listing edited, rejected and approved again
// becomes visible a second time, and must not alert or notify the same
// searches and members again. The unique (user, key) index makes the rule
// hold across restarts and between two fan-outs at once (the insert that
// loses the race is the delivery left out). Server bookkeeping: every
// rule is closed (superusers only); the rows go with their member.
func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		c := core.NewBaseCollection("announced")
		c.Fields.Add(
			&core.RelationField{Name: "user", Required: true, MaxSelect: 1, CollectionId: users.Id, CascadeDelete: true},
			&core.TextField{Name: "key", Required: true, Max: 64},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		c.AddIndex("idx_announced_key", true, "user, key", "")
		if err := app.Save(c); err != nil {
			return err
		}
		// The poster of an edited (once rejected) listing learns of its approval.
		return setNoteType(app, "listing_approved", true)
	}, func(app core.App) error {
		if _, err := app.DB().NewQuery("DELETE FROM notifications WHERE type = 'listing_approved'").Execute(); err != nil {
			return err
		}
		if err := setNoteType(app, "listing_approved", false); err != nil {
			return err
		}
		c, err := app.FindCollectionByNameOrId("announced")
		if err != nil {
			return err
		}
		return app.Delete(c)
	})
}
