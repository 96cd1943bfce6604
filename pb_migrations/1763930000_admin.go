package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// The administration collections: members' reports on listings, contact-form
// messages and the moderation log. None has an API rule: members and visitors
// reach them only through the app's routes (which decide reporter, actor and
// every flag); superusers see them in the dashboard.
func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		for _, c := range []*core.Collection{adminReportsCollection(users.Id), adminContactCollection(users.Id), adminModerationLogCollection(users.Id)} {
			if err := app.Save(c); err != nil {
				return err
			}
		}
		// The moderation queue reads "not yet reviewed, newest first" straight
		// from an index, however many listings there are.
		for _, name := range []string{"sponsorships", "sponsorship_requests"} {
			c, err := app.FindCollectionByNameOrId(name)
			if err != nil {
				return err
			}
			c.AddIndex("idx_"+name+"_pending", false, "reviewed, created", "")
			if err := app.Save(c); err != nil {
				return err
			}
		}
		return nil
	}, func(app core.App) error {
		for _, name := range []string{"sponsorships", "sponsorship_requests"} {
			c, err := app.FindCollectionByNameOrId(name)
			if err != nil {
				return err
			}
			c.RemoveIndex("idx_" + name + "_pending")
			if err := app.Save(c); err != nil {
				return err
			}
		}
		for _, name := range []string{"moderation_log", "contact_messages", "reports"} {
			c, err := app.FindCollectionByNameOrId(name)
			if err != nil {
				return err
			}
			if err := app.Delete(c); err != nil {
				return err
			}
		}
		return nil
	})
}

// adminListingKinds are the collections a report can point at.
var adminListingKinds = []string{"sponsorships", "sponsorship_requests"}

func adminReportsCollection(usersID string) *core.Collection {
	c := core.NewBaseCollection("reports")
	c.Fields.Add(
		&core.RelationField{Name: "reporter", Required: true, MaxSelect: 1, CollectionId: usersID, CascadeDelete: true},
		// A listing is one of two collections, so the target is a kind and an id
		// rather than a relation.
		&core.SelectField{Name: "listingKind", Required: true, MaxSelect: 1, Values: adminListingKinds},
		&core.TextField{Name: "listingId", Required: true, Max: 15},
		&core.TextField{Name: "reason", Required: true, Max: 500},
		&core.BoolField{Name: "resolved"},
		&core.AutodateField{Name: "created", OnCreate: true},
		&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
	)
	// once per member and listing, enforced by the database as well as the route
	c.AddIndex("idx_reports_once", true, "reporter, listingKind, listingId", "")
	c.AddIndex("idx_reports_open", false, "resolved, listingKind, listingId", "")
	return c
}

func adminContactCollection(usersID string) *core.Collection {
	c := core.NewBaseCollection("contact_messages")
	c.Fields.Add(
		&core.TextField{Name: "name", Required: true, Max: 100},
		&core.EmailField{Name: "email", Required: true},
		&core.TextField{Name: "subject", Max: 200},
		&core.TextField{Name: "message", Required: true, Max: 5000},
		// the signed-in member who wrote, when there was one
		&core.RelationField{Name: "member", MaxSelect: 1, CollectionId: usersID},
		&core.BoolField{Name: "resolved"},
		&core.RelationField{Name: "resolvedBy", MaxSelect: 1, CollectionId: usersID},
		&core.DateField{Name: "resolvedAt"},
		&core.AutodateField{Name: "created", OnCreate: true},
		&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
	)
	c.AddIndex("idx_contact_messages_open", false, "resolved, created", "")
	return c
}

func adminModerationLogCollection(usersID string) *core.Collection {
	c := core.NewBaseCollection("moderation_log")
	c.Fields.Add(
		// The actor's name is copied too, so the log still says who acted after
		// the account is gone (the relation is then emptied, not cascaded).
		&core.RelationField{Name: "actor", MaxSelect: 1, CollectionId: usersID},
		&core.TextField{Name: "actorName", Max: 80},
		&core.SelectField{Name: "action", Required: true, MaxSelect: 1, Values: []string{
			"approve_listing", "reject_listing", "verify_member", "unverify_member",
			"verify_social", "unverify_social", "resolve_contact",
		}},
		&core.TextField{Name: "targetKind", Required: true, Max: 40},
		&core.TextField{Name: "targetId", Required: true, Max: 15},
		&core.TextField{Name: "details", Max: 1000},
		&core.AutodateField{Name: "created", OnCreate: true},
	)
	c.AddIndex("idx_moderation_log_created", false, "created", "")
	c.AddIndex("idx_moderation_log_target", false, "targetKind, targetId", "")
	return c
}
