package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

// Pledges: several sponsors back one Sponsorship Request, each with an
// amount. A commitment is a pledge, active or withdrawn (with the sponsor's
// reason); a sponsor holds at most one active pledge per request. The
// request keeps the sum and the number of its active pledges
// (pledgedAmount, sponsorCount), written by the statements that pledge and
// withdraw. Commitments from before pledges were each the whole request:
// they become active pledges of its requested amount.
func init() {
	m.Register(func(app core.App) error {
		commitments, err := app.FindCollectionByNameOrId("commitments")
		if err != nil {
			return err
		}
		commitments.Fields.Add(
			&core.SelectField{Name: "status", MaxSelect: 1, Values: []string{"active", "withdrawn"}},
			&core.TextField{Name: "withdrawReason", Max: 500},
			&core.DateField{Name: "withdrawn"},
		)
		commitments.RemoveIndex("idx_commitments_request")
		commitments.AddIndex("idx_commitments_request", false, "request, status", "")
		// one active pledge per sponsor and request; a sponsor who deleted
		// their account is unset and holds none
		commitments.AddIndex("idx_commitments_active_pledge", true, "request, sponsor", "status = 'active' AND sponsor != ''")
		if err := app.Save(commitments); err != nil {
			return err
		}

		requests, err := app.FindCollectionByNameOrId("sponsorship_requests")
		if err != nil {
			return err
		}
		requests.Fields.Add(
			&core.NumberField{Name: "pledgedAmount", OnlyInt: true, Min: types.Pointer(0.0)},
			&core.NumberField{Name: "sponsorCount", OnlyInt: true, Min: types.Pointer(0.0)},
		)
		if err := app.Save(requests); err != nil {
			return err
		}

		for _, q := range []string{
			`UPDATE commitments SET status = 'active',
				amount = COALESCE((SELECT r.requestedAmount FROM sponsorship_requests r WHERE r.id = commitments.request), amount)
			 WHERE status = '' OR status IS NULL`,
			`UPDATE sponsorship_requests SET
				pledgedAmount = COALESCE((SELECT SUM(c.amount) FROM commitments c WHERE c.request = sponsorship_requests.id AND c.status = 'active'), 0),
				sponsorCount = (SELECT COUNT(*) FROM commitments c WHERE c.request = sponsorship_requests.id AND c.status = 'active')`,
		} {
			if _, err := app.DB().NewQuery(q).Execute(); err != nil {
				return err
			}
		}
		return nil
	}, func(app core.App) error {
		requests, err := app.FindCollectionByNameOrId("sponsorship_requests")
		if err != nil {
			return err
		}
		requests.Fields.RemoveByName("pledgedAmount")
		requests.Fields.RemoveByName("sponsorCount")
		if err := app.Save(requests); err != nil {
			return err
		}
		commitments, err := app.FindCollectionByNameOrId("commitments")
		if err != nil {
			return err
		}
		// back to one commitment per request: the withdrawn ones and all but
		// the first active one go
		if _, err := app.DB().NewQuery(`DELETE FROM commitments WHERE status = 'withdrawn' OR rowid NOT IN
			(SELECT MIN(rowid) FROM commitments GROUP BY request)`).Execute(); err != nil {
			return err
		}
		commitments.RemoveIndex("idx_commitments_active_pledge")
		commitments.RemoveIndex("idx_commitments_request")
		commitments.AddIndex("idx_commitments_request", true, "request", "")
		commitments.Fields.RemoveByName("status")
		commitments.Fields.RemoveByName("withdrawReason")
		commitments.Fields.RemoveByName("withdrawn")
		return app.Save(commitments)
	})
}
