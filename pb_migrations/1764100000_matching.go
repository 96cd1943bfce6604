package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Saved searches with alerts, matches, e-mail preferences and digests.
//
// saved_searches and mail_digests are written only through the app's
// routes and jobs: no collection API rule lets a member read or write them
// (a member never learns another member's saved searches; their own come
// from GET /api/saved-searches).
func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		users.Fields.Add(
			// per-type e-mail switches; absent keys mean "on"
			&core.JSONField{Name: "emailPrefs", MaxSize: 1 << 10},
			// the subscription expiry the last reminder was about
			&core.DateField{Name: "planReminderFor", Hidden: true},
		)
		if err := app.Save(users); err != nil {
			return err
		}

		notifications, err := app.FindCollectionByNameOrId("notifications")
		if err != nil {
			return err
		}
		if f, ok := notifications.Fields.GetByName("type").(*core.SelectField); ok {
			for _, v := range []string{"match", "saved_search", "event_passed", "plan_expiring"} {
				if !hasValue(f.Values, v) {
					f.Values = append(f.Values, v)
				}
			}
		}
		if err := app.Save(notifications); err != nil {
			return err
		}

		saved := core.NewBaseCollection("saved_searches")
		saved.Fields.Add(
			&core.RelationField{Name: "user", Required: true, MaxSelect: 1, CollectionId: users.Id, CascadeDelete: true},
			&core.TextField{Name: "name", Required: true, Max: 60},
			&core.SelectField{Name: "kind", Required: true, MaxSelect: 1, Values: []string{"sponsorships", "requests"}},
			&core.JSONField{Name: "query", MaxSize: 2 << 10},
			&core.BoolField{Name: "paused"},
			&core.AutodateField{Name: "created", OnCreate: true},
			&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
		)
		saved.AddIndex("idx_saved_searches_user", false, "user, created", "")
		if err := app.Save(saved); err != nil {
			return err
		}

		digests := core.NewBaseCollection("mail_digests")
		digests.Fields.Add(
			&core.RelationField{Name: "user", Required: true, MaxSelect: 1, CollectionId: users.Id, CascadeDelete: true},
			// "matches", or "alert:<saved search id>"
			&core.TextField{Name: "key", Required: true, Max: 64},
			&core.DateField{Name: "lastSentAt"},
			// items waiting for the next e-mail: [{title, body, link}]
			&core.JSONField{Name: "pending", MaxSize: 64 << 10},
			&core.AutodateField{Name: "created", OnCreate: true},
			&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
		)
		digests.AddIndex("idx_mail_digests_key", true, "user, key", "")
		return app.Save(digests)
	}, func(app core.App) error {
		for _, name := range []string{"mail_digests", "saved_searches"} {
			c, err := app.FindCollectionByNameOrId(name)
			if err != nil {
				return err
			}
			if err := app.Delete(c); err != nil {
				return err
			}
		}
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		users.Fields.RemoveByName("emailPrefs")
		users.Fields.RemoveByName("planReminderFor")
		return app.Save(users)
	})
}

func hasValue(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}
