package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Pictures on a deal's proof and on a request's updates (pb/internal/deals,
// pictures.go). Each is stored once, re-encoded at 1,024 px, in a protected
// file field of a collection no API rule opens: PocketBase's own file route
// serves it to superusers only, and members read it through
// GET /api/deals/{id}/pictures/{picture}, which checks the deal. A proof
// picture names its deal, an update's picture its update (requestUpdate); both go with
// them. A deliverable names its proof picture in the deal's JSON
// (proofPicture), an update in request_updates.picture.
func init() {
	m.Register(func(app core.App) error {
		deals, err := app.FindCollectionByNameOrId("deals")
		if err != nil {
			return err
		}
		updates, err := app.FindCollectionByNameOrId("request_updates")
		if err != nil {
			return err
		}
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		pictures := core.NewBaseCollection("deal_pictures")
		pictures.Fields.Add(
			&core.RelationField{Name: "deal", MaxSelect: 1, CollectionId: deals.Id, CascadeDelete: true},
			&core.RelationField{Name: "requestUpdate", MaxSelect: 1, CollectionId: updates.Id, CascadeDelete: true},
			&core.RelationField{Name: "author", MaxSelect: 1, CollectionId: users.Id},
			&core.FileField{Name: "file", Required: true, MaxSelect: 1, MaxSize: 4 << 20, Protected: true,
				MimeTypes: []string{"image/jpeg", "image/png"}},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		pictures.AddIndex("idx_deal_pictures_deal", false, "deal", "")
		pictures.AddIndex("idx_deal_pictures_request_update", false, "requestUpdate", "")
		if err := app.Save(pictures); err != nil {
			return err
		}
		updates.Fields.Add(&core.TextField{Name: "picture", Max: 15})
		return app.Save(updates)
	}, func(app core.App) error {
		updates, err := app.FindCollectionByNameOrId("request_updates")
		if err != nil {
			return err
		}
		updates.Fields.RemoveByName("picture")
		if err := app.Save(updates); err != nil {
			return err
		}
		pictures, err := app.FindCollectionByNameOrId("deal_pictures")
		if err != nil {
			return err
		}
		return app.Delete(pictures)
	})
}
