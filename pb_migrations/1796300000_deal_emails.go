package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Deal mails get their own e-mail choice, "deals" (pb/internal/notify,
// prefs.go); they were under "applications" until now. A member who
// switched "applications" off had switched deal mails off with it: their
// new "deals" choice starts as their "applications" one. Members who never
// chose have nothing stored and get every topic.
func init() {
	m.Register(func(app core.App) error {
		_, err := app.DB().NewQuery(`UPDATE users
			SET emailPrefs = json_set(emailPrefs, '$.deals', json(json_type(emailPrefs, '$.applications')))
			WHERE json_valid(emailPrefs) AND json_type(emailPrefs, '$.applications') IN ('true', 'false')
				AND json_type(emailPrefs, '$.deals') IS NULL`).Execute()
		return err
	}, func(app core.App) error {
		_, err := app.DB().NewQuery(`UPDATE users SET emailPrefs = json_remove(emailPrefs, '$.deals')
			WHERE json_valid(emailPrefs) AND json_type(emailPrefs, '$.deals') IS NOT NULL`).Execute()
		return err
	})
}
