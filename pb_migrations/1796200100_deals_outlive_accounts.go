package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// A deal outlives either member and its listing (docs/api/deals.md, "When a
// member deletes their account"). It named its pledge (commitment) and its
// application with cascading relations, and both go when a request's poster,
// an offer's poster or an applicant deletes their account (their listings
// and applications cascade): the other side's deal, its history, proof
// pictures and reviews went too, a disputed one out of the administrators'
// queue. Now those relations are unset instead; the deal keeps its listing's
// kind, id and title, and a deleted member reads as "Deleted member".
func init() {
	m.Register(func(app core.App) error {
		return dealOriginsCascade(app, false)
	}, func(app core.App) error {
		return dealOriginsCascade(app, true)
	})
}

func dealOriginsCascade(app core.App, cascade bool) error {
	deals, err := app.FindCollectionByNameOrId("deals")
	if err != nil {
		return err
	}
	for _, name := range []string{"commitment", "application"} {
		if f, ok := deals.Fields.GetByName(name).(*core.RelationField); ok {
			f.CascadeDelete = cascade
		}
	}
	return app.Save(deals)
}
