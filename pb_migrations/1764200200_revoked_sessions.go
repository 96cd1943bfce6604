package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// revoked_sessions lists the sessions signed out before their tokens
// expire (pb/internal/session): a copied session cookie stops working at
// sign-out. Superusers only; a daily job deletes rows past their expiry.
func init() {
	m.Register(func(app core.App) error {
		c := core.NewBaseCollection("revoked_sessions")
		c.ListRule, c.ViewRule, c.CreateRule, c.UpdateRule, c.DeleteRule = nil, nil, nil, nil, nil
		c.Fields.Add(
			&core.TextField{Name: "sid", Required: true, Max: 64},
			// when the session's last token expires; the row is useless after
			&core.DateField{Name: "expires", Required: true},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		c.AddIndex("idx_revoked_sessions_sid", true, "sid", "")
		c.AddIndex("idx_revoked_sessions_expires", false, "expires", "")
		return app.Save(c)
	}, func(app core.App) error {
		c, err := app.FindCollectionByNameOrId("revoked_sessions")
		if err != nil {
			return err
		}
		return app.Delete(c)
	})
}
