package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Fields only their owner (through the app's own routes) and superusers may
// see. Hidden fields are never returned by PocketBase's collection API and
// cannot be used in a member's filter, so filtering listings by
// user.isAdmin or user.subscriptionStatus is no longer an oracle for other
// members' private data. API rules (written by us) may still use them.
var privateUserFields = []string{"isAdmin", "subscriptionPlan", "subscriptionStatus", "subscriptionExpiry", "providerId"}

func init() {
	m.Register(func(app core.App) error {
		return setUserFieldsHidden(app, true)
	}, func(app core.App) error {
		return setUserFieldsHidden(app, false)
	})
}

func setUserFieldsHidden(app core.App, hidden bool) error {
	users, err := app.FindCollectionByNameOrId("users")
	if err != nil {
		return err
	}
	for _, name := range privateUserFields {
		if f := users.Fields.GetByName(name); f != nil {
			f.SetHidden(hidden)
		}
	}
	return app.Save(users)
}
