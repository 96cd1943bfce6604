package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Reliable posters count counterparties, not deals: users.isReliable needs
// completed deals with at least 3 distinct, established counterparties (an
// account at least 30 days old when the deal completed, a deal of at least
// $50, each counterparty once), and 90% of the funded deals completed
// (pb/internal/deals/open.go, reliableAfter). Here the mark is set again
// from the deals as they stand; going back restores the counters' rule.
func init() {
	m.Register(func(app core.App) error {
		_, err := app.DB().NewQuery(`UPDATE users SET isReliable = (dealsCompleted * 100 >= dealsFunded * 90 AND (
			SELECT COUNT(DISTINCT o.id) FROM (
				SELECT recipient AS other, completedAt, amount FROM deals WHERE sponsor = users.id AND +status = 'completed'
				UNION ALL
				SELECT sponsor AS other, completedAt, amount FROM deals WHERE recipient = users.id AND +status = 'completed'
			) c JOIN users o ON o.id = c.other
			WHERE c.amount >= 50 AND julianday(c.completedAt) - julianday(o.created) >= 30) >= 3)`).Execute()
		return err
	}, func(app core.App) error {
		_, err := app.DB().NewQuery(`UPDATE users SET isReliable = (dealsCompleted >= 3 AND dealsCompleted * 100 >= dealsFunded * 90)`).Execute()
		return err
	})
}
