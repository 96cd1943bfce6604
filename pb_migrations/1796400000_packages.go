package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

// Packages (issue 40, docs/api/packages.md): a request's poster offers
// 1–6 tiers, each a price, a quantity (0: unlimited) and benefits; picking
// one pledges its price and holds a slot (taken) until the deal is funded
// or its hold ends. A member may state their industry; a tier may be
// exclusive in the industry of the sponsor who holds it, and a request may
// refuse clashing industries outright. The industries a request is closed
// to (exclusiveIndustries: held exclusively; clashingIndustries: refused by
// its poster) are on the request for the list filters. A pledge keeps its
// sponsor's industry as it was when they pledged (commitments.industry),
// so a later change of profile does not undo an exclusivity granted.
func init() {
	industries := []string{"beverages", "banking_finance", "telecom", "automotive", "food", "sportswear",
		"technology", "education", "health", "retail", "media", "other"}
	m.Register(func(app core.App) error {
		requests, err := app.FindCollectionByNameOrId("sponsorship_requests")
		if err != nil {
			return err
		}
		tiers := core.NewBaseCollection("tiers") // served by the app's routes only
		tiers.Fields.Add(
			&core.RelationField{Name: "request", Required: true, MaxSelect: 1, CollectionId: requests.Id, CascadeDelete: true},
			&core.NumberField{Name: "position", OnlyInt: true, Min: types.Pointer(0.0), Max: types.Pointer(5.0)},
			&core.TextField{Name: "name", Required: true, Max: 60},
			&core.NumberField{Name: "price", Required: true, OnlyInt: true, Min: types.Pointer(1.0)},
			// 0: unlimited
			&core.NumberField{Name: "quantity", OnlyInt: true, Min: types.Pointer(0.0), Max: types.Pointer(50.0)},
			// [{title, due}], the shape of a deal's deliverables
			&core.JSONField{Name: "benefits", MaxSize: 32 << 10},
			&core.DateField{Name: "saleStart"},
			&core.DateField{Name: "saleEnd"},
			&core.BoolField{Name: "exclusive"},
			// slots held or sold: the active pledges on this tier
			&core.NumberField{Name: "taken", OnlyInt: true, Min: types.Pointer(0.0)},
			&core.AutodateField{Name: "created", OnCreate: true},
			&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
		)
		tiers.AddIndex("idx_tiers_request", false, "request, position", "")
		if err := app.Save(tiers); err != nil {
			return err
		}

		requests.Fields.Add(
			// false: "Any amount" on (free-form pledges beside the tiers)
			&core.BoolField{Name: "tiersOnly"},
			&core.BoolField{Name: "hasTiers"},
			// 1–30 days a tier's slot is held for an unfunded deal (0: 7)
			&core.NumberField{Name: "holdDays", OnlyInt: true, Min: types.Pointer(0.0), Max: types.Pointer(30.0)},
			&core.JSONField{Name: "clashingIndustries", MaxSize: 1 << 10},
			&core.JSONField{Name: "exclusiveIndustries", MaxSize: 1 << 10},
		)
		if err := app.Save(requests); err != nil {
			return err
		}

		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		users.Fields.Add(&core.SelectField{Name: "industry", MaxSelect: 1, Values: industries})
		if err := app.Save(users); err != nil {
			return err
		}

		commitments, err := app.FindCollectionByNameOrId("commitments")
		if err != nil {
			return err
		}
		commitments.Fields.Add(
			&core.TextField{Name: "tier", Max: 15},
			&core.TextField{Name: "industry", Max: 40},
		)
		commitments.AddIndex("idx_commitments_tier", false, "tier", "tier != ''")
		if err := app.Save(commitments); err != nil {
			return err
		}

		deals, err := app.FindCollectionByNameOrId("deals")
		if err != nil {
			return err
		}
		deals.Fields.Add(
			&core.TextField{Name: "tier", Max: 15},
			&core.TextField{Name: "tierName", Max: 60},
			// an unfunded deal of a tier is cancelled by the hold job here
			&core.DateField{Name: "holdUntil"},
			&core.BoolField{Name: "holdReminded"},
		)
		deals.AddIndex("idx_deals_hold", false, "holdUntil", "holdUntil != '' AND status IN ('negotiating', 'agreed')")
		return app.Save(deals)
	}, func(app core.App) error {
		for name, fields := range map[string][]string{
			"deals":                {"tier", "tierName", "holdUntil", "holdReminded"},
			"commitments":          {"tier", "industry"},
			"users":                {"industry"},
			"sponsorship_requests": {"tiersOnly", "hasTiers", "holdDays", "clashingIndustries", "exclusiveIndustries"},
		} {
			c, err := app.FindCollectionByNameOrId(name)
			if err != nil {
				return err
			}
			for _, f := range fields {
				c.Fields.RemoveByName(f)
			}
			c.RemoveIndex("idx_deals_hold")
			c.RemoveIndex("idx_commitments_tier")
			if err := app.Save(c); err != nil {
				return err
			}
		}
		tiers, err := app.FindCollectionByNameOrId("tiers")
		if err != nil {
			return err
		}
		return app.Delete(tiers)
	})
}
