package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

// Members read listings, profiles, applications, commitments and payments
// through the app's routes only. PocketBase's records API, where these
// collections had read rules, resolved member-written filters through
// relations and back-relations without the related collection's rules
// (applications_via_sponsorship.message ~ 'a%' read other applicants'
// notes). The router now closes that API to members (pb/internal/builtin);
// these rules are emptied too, so nothing reaches the collections even if a
// route were reopened. Realtime delivers nothing from them to members.
// conversations, messages and notifications keep their read rules: they
// decide who hears which realtime event (docs/security.md).
var memberClosedCollections = []string{
	"users", "sponsorships", "sponsorship_requests", "applications", "commitments", "payments",
}

// The rules these collections had before, to restore on the way down.
var memberReadRulesBefore = map[string]string{
	"users":                "id = @request.auth.id",
	"sponsorships":         `@request.auth.id != "" && (reviewed = false || approved = true || user = @request.auth.id || @request.auth.isAdmin = true)`,
	"sponsorship_requests": `@request.auth.id != "" && (reviewed = false || approved = true || user = @request.auth.id || @request.auth.isAdmin = true)`,
	"applications":         `@request.auth.id != "" && (applicant = @request.auth.id || poster = @request.auth.id)`,
	"commitments":          `@request.auth.id != "" && (sponsor = @request.auth.id || poster = @request.auth.id)`,
	"payments":             `@request.auth.id != "" && (user = @request.auth.id || @request.auth.isAdmin = true)`,
}

func init() {
	m.Register(func(app core.App) error {
		for _, name := range memberClosedCollections {
			c, err := app.FindCollectionByNameOrId(name)
			if err != nil {
				return err
			}
			c.ListRule, c.ViewRule = nil, nil
			if err := app.Save(c); err != nil {
				return err
			}
		}
		return nil
	}, func(app core.App) error {
		for _, name := range memberClosedCollections {
			c, err := app.FindCollectionByNameOrId(name)
			if err != nil {
				return err
			}
			c.ListRule = types.Pointer(memberReadRulesBefore[name])
			c.ViewRule = types.Pointer(memberReadRulesBefore[name])
			if err := app.Save(c); err != nil {
				return err
			}
		}
		return nil
	})
}
