package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

// Reviews: after a deal completes (or 30 days after the event of a funded
// deal), each side may review the other once, 1 to 5 and a text. Reviews
// are double-blind: one becomes visible (visibleAt) when both sides have
// written, or 14 days after the first. The reviewed member may reply once;
// administrators may hide an abusive one (moderation_log "hide_review").
// Only the app's routes read them (pb/internal/deals/reviews.go), so the
// collection has no API rules: a member never reads a review before it is
// visible. Each member's rating is kept as a sum and a count of the visible,
// shown reviews about them, changed when a review becomes visible ("counted")
// or is hidden, never summed on read.
func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		deals, err := app.FindCollectionByNameOrId("deals")
		if err != nil {
			return err
		}
		reviews := core.NewBaseCollection("reviews")
		reviews.Fields.Add(
			&core.RelationField{Name: "deal", Required: true, MaxSelect: 1, CollectionId: deals.Id, CascadeDelete: true},
			&core.RelationField{Name: "author", MaxSelect: 1, CollectionId: users.Id},
			&core.RelationField{Name: "subject", MaxSelect: 1, CollectionId: users.Id},
			&core.NumberField{Name: "rating", Required: true, OnlyInt: true, Min: types.Pointer(1.0), Max: types.Pointer(5.0)},
			&core.TextField{Name: "body", Required: true, Max: 2000},
			&core.DateField{Name: "visibleAt", Required: true},
			// counted into the subject's rating (once visible, unless hidden)
			&core.BoolField{Name: "counted"},
			&core.TextField{Name: "reply", Max: 2000},
			&core.DateField{Name: "repliedAt"},
			&core.BoolField{Name: "hidden"},
			&core.TextField{Name: "hiddenReason", Max: 1000},
			&core.DateField{Name: "hiddenAt"},
			&core.AutodateField{Name: "created", OnCreate: true},
			&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
		)
		reviews.AddIndex("idx_reviews_deal_author", true, "deal, author", "")
		reviews.AddIndex("idx_reviews_subject", false, "subject, visibleAt", "")
		reviews.AddIndex("idx_reviews_uncounted", false, "visibleAt", "counted = 0 AND hidden = 0")
		if err := app.Save(reviews); err != nil {
			return err
		}
		users.Fields.Add(
			&core.NumberField{Name: "ratingSum", OnlyInt: true, Min: types.Pointer(0.0)},
			&core.NumberField{Name: "ratingCount", OnlyInt: true, Min: types.Pointer(0.0)},
		)
		if err := app.Save(users); err != nil {
			return err
		}
		return setSelectValue(app, "moderation_log", "action", "hide_review", true)
	}, func(app core.App) error {
		if _, err := app.DB().NewQuery(`DELETE FROM moderation_log WHERE action = 'hide_review'`).Execute(); err != nil {
			return err
		}
		if err := setSelectValue(app, "moderation_log", "action", "hide_review", false); err != nil {
			return err
		}
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		users.Fields.RemoveByName("ratingSum")
		users.Fields.RemoveByName("ratingCount")
		if err := app.Save(users); err != nil {
			return err
		}
		c, err := app.FindCollectionByNameOrId("reviews")
		if err != nil {
			return err
		}
		return app.Delete(c)
	})
}
