package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// A rejected listing's poster is told, with the reason: a notification
// type of its own.
func init() {
	m.Register(func(app core.App) error {
		return setNoteType(app, "listing_rejected", true)
	}, func(app core.App) error {
		if _, err := app.DB().NewQuery("DELETE FROM notifications WHERE type = 'listing_rejected'").Execute(); err != nil {
			return err
		}
		return setNoteType(app, "listing_rejected", false)
	})
}

func setNoteType(app core.App, value string, on bool) error {
	notifications, err := app.FindCollectionByNameOrId("notifications")
	if err != nil {
		return err
	}
	f, ok := notifications.Fields.GetByName("type").(*core.SelectField)
	if !ok {
		return nil
	}
	var values []string
	for _, v := range f.Values {
		if v != value {
			values = append(values, v)
		}
	}
	if on {
		values = append(values, value)
	}
	f.Values = values
	return app.Save(notifications)
}
