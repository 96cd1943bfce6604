package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// An impact report's spending holds up to 30 line items of up to 120
// characters each, which JSON may write as six bytes apiece (a control
// character is \u0001): up to 24 KB, past the 16 KB the field was given.
// The field takes what any body the route accepts (32 KB) can hold, so a
// valid report never fails to save.
func init() {
	m.Register(func(app core.App) error {
		return setSpendingSize(app, 32<<10)
	}, func(app core.App) error {
		return setSpendingSize(app, 16<<10)
	})
}

func setSpendingSize(app core.App, size int64) error {
	c, err := app.FindCollectionByNameOrId("impact_reports")
	if err != nil {
		return err
	}
	c.Fields.GetByName("spending").(*core.JSONField).MaxSize = size
	return app.Save(c)
}
