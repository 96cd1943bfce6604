// Package migrations holds the Go migrations that build SponsorBridge's schema.
// Every schema change is a reviewed migration here; nothing is created by hand.
package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

// The rule every member-facing read of a listing goes through: signed in, and
// the listing is not rejected, unless it is your own or you are an administrator.
const listingReadRule = `@request.auth.id != "" && (reviewed = false || approved = true || user = @request.auth.id || @request.auth.isAdmin = true)`

func init() {
	m.Register(func(app core.App) error {
		if err := extendUsers(app); err != nil {
			return err
		}
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		if err := app.Save(listingCollection("sponsorships", users.Id, false)); err != nil {
			return err
		}
		if err := app.Save(listingCollection("sponsorship_requests", users.Id, true)); err != nil {
			return err
		}
		return nil
	}, func(app core.App) error {
		for _, name := range []string{"sponsorship_requests", "sponsorships"} {
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

func extendUsers(app core.App) error {
	users, err := app.FindCollectionByNameOrId("users")
	if err != nil {
		return err
	}

	// Members read only their own record through PocketBase's collection API and
	// write nothing there: registration, sign-in and profile edits go through the
	// app's own routes, which decide every privileged field on the server.
	own := "id = @request.auth.id"
	users.ListRule = types.Pointer(own)
	users.ViewRule = types.Pointer(own)
	users.CreateRule = nil
	users.UpdateRule = nil
	users.DeleteRule = nil

	// Sign-in by password goes through POST /api/login (our messages, our limits).
	users.PasswordAuth.Enabled = false
	users.AuthToken.Duration = 14 * 24 * 3600

	users.Fields.RemoveByName("name")
	if f, ok := users.Fields.GetByName("email").(*core.EmailField); ok {
		f.Required = false // optional for username sign-up, unique when present
	}
	if f, ok := users.Fields.GetByName("password").(*core.PasswordField); ok {
		f.Min = 6
	}
	if f, ok := users.Fields.GetByName("avatar").(*core.FileField); ok {
		f.MaxSize = 2 << 20
		f.MimeTypes = []string{"image/jpeg", "image/png", "image/gif", "image/webp"}
		f.Thumbs = []string{"96x96", "256x256"}
	}

	users.Fields.Add(
		&core.TextField{Name: "username", Required: true, Min: 3, Max: 32, Pattern: `^[A-Za-z0-9._-]+$`},
		&core.TextField{Name: "displayName", Required: true, Max: 80},
		&core.URLField{Name: "photoURL"},
		&core.TextField{Name: "providerId", Max: 32},
		&core.BoolField{Name: "isVerified"},
		&core.JSONField{Name: "socialMedia", MaxSize: 8 << 10},
		&core.TextField{Name: "bio", Max: 1000},
		&core.SelectField{Name: "subscriptionPlan", MaxSelect: 1, Values: []string{"monthly", "quarterly", "biannual"}},
		&core.SelectField{Name: "subscriptionStatus", MaxSelect: 1, Values: []string{"active", "expired", "cancelled"}},
		&core.DateField{Name: "subscriptionExpiry"},
		&core.BoolField{Name: "isAdmin"},
	)
	users.OAuth2.MappedFields.Name = "displayName"
	users.OAuth2.MappedFields.AvatarURL = "photoURL"

	users.AddIndex("idx_users_username", true, "username COLLATE NOCASE", "")
	users.AddIndex("idx_users_isAdmin", false, "isAdmin", "")
	users.AddIndex("idx_users_subscription", false, "subscriptionStatus, subscriptionExpiry", "")
	return app.Save(users)
}

func listingCollection(name, usersID string, isRequest bool) *core.Collection {
	c := core.NewBaseCollection(name)
	c.ListRule = types.Pointer(listingReadRule)
	c.ViewRule = types.Pointer(listingReadRule)
	// Writes go only through the app's routes (owner, price and flags are decided there).
	c.CreateRule, c.UpdateRule, c.DeleteRule = nil, nil, nil

	amountField := "amount"
	if isRequest {
		amountField = "requestedAmount"
	}
	c.Fields.Add(
		&core.TextField{Name: "title", Required: true, Max: 120},
		&core.TextField{Name: "description", Required: true, Max: 5000},
		&core.NumberField{Name: amountField, Required: true, OnlyInt: true, Min: types.Pointer(1.0), Max: types.Pointer(1e12)},
		&core.TextField{Name: "location", Max: 120},
		&core.SelectField{Name: "categories", Required: true, MaxSelect: 7,
			Values: []string{"Education", "Healthcare", "Technology", "Environment", "Arts", "Community", "Business"}},
		&core.RelationField{Name: "user", Required: true, MaxSelect: 1, CollectionId: usersID, CascadeDelete: true},
		&core.BoolField{Name: "approved"},
		&core.BoolField{Name: "reviewed"},
		&core.TextField{Name: "rejectionReason", Max: 500},
	)
	if isRequest {
		c.Fields.Add(
			&core.DateField{Name: "eventDate"},
			&core.SelectField{Name: "status", Required: true, MaxSelect: 1, Values: []string{"open", "sponsored", "closed"}},
		)
	}
	c.Fields.Add(
		&core.AutodateField{Name: "created", OnCreate: true},
		&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
	)

	c.AddIndex("idx_"+name+"_user_created", false, "user, created", "")
	c.AddIndex("idx_"+name+"_created", false, "created", "")
	c.AddIndex("idx_"+name+"_amount", false, amountField, "")
	c.AddIndex("idx_"+name+"_review", false, "reviewed, approved, created", "")
	if isRequest {
		c.AddIndex("idx_"+name+"_status", false, "status", "")
	}
	return c
}
