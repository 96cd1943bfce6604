package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Open Sponsorships get the lifecycle requests have (decisions: posters
// close and reopen their listings of both kinds; a closed listing takes no
// applications). Every existing offer is open.
func init() {
	m.Register(func(app core.App) error {
		offers, err := app.FindCollectionByNameOrId("sponsorships")
		if err != nil {
			return err
		}
		offers.Fields.Add(&core.SelectField{Name: "status", MaxSelect: 1, Values: []string{"open", "closed"}})
		offers.AddIndex("idx_sponsorships_status", false, "status", "")
		if err := app.Save(offers); err != nil {
			return err
		}
		_, err = app.DB().NewQuery("UPDATE sponsorships SET status = 'open' WHERE status = '' OR status IS NULL").Execute()
		return err
	}, func(app core.App) error {
		offers, err := app.FindCollectionByNameOrId("sponsorships")
		if err != nil {
			return err
		}
		offers.RemoveIndex("idx_sponsorships_status")
		offers.Fields.RemoveByName("status")
		return app.Save(offers)
	})
}
