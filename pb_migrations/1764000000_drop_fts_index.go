package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// The FTS5 trigram index of the first schema gave way to the in-memory
// search engine (pb/search), which loads from the tables at start and
// follows them through its own change log. The old index and its triggers
// only cost writes and disk now.
func init() {
	m.Register(func(app core.App) error {
		for _, table := range []string{"sponsorships", "sponsorship_requests"} {
			for _, q := range []string{
				"DROP TRIGGER IF EXISTS " + table + "_fts_ai",
				"DROP TRIGGER IF EXISTS " + table + "_fts_ad",
				"DROP TRIGGER IF EXISTS " + table + "_fts_au",
				"DROP TABLE IF EXISTS " + table + "_fts",
			} {
				if _, err := app.DB().NewQuery(q).Execute(); err != nil {
					return err
				}
			}
		}
		return nil
	}, func(app core.App) error {
		return nil // the engine needs no FTS index; an older binary rebuilds its own at start
	})
}
