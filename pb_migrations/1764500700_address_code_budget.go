package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

// Codes sent to an address are bounded per address, not per code, and a
// stranger's request no longer replaces the code a member already has
// (pb/internal/signin/email_proofs.go, docs/security.md "E-mail codes"):
//   - failedAttempts now counts the wrong codes typed for the address since
//     failuresSince, across codes (it was reset with every new code);
//   - codeMails counts the mails of the address's current code;
//   - the request window (windowStart, windowRequests) is gone: a request
//     while a code is valid mails that same code again, at most twice in
//     all, instead of issuing a new one.
func init() {
	m.Register(func(app core.App) error {
		c, err := app.FindCollectionByNameOrId("email_proofs")
		if err != nil {
			return err
		}
		c.Fields.RemoveByName("windowStart")
		c.Fields.RemoveByName("windowRequests")
		c.Fields.Add(
			&core.DateField{Name: "failuresSince"},
			&core.NumberField{Name: "codeMails", OnlyInt: true, Min: types.Pointer(0.0)},
		)
		return app.Save(c)
	}, func(app core.App) error {
		c, err := app.FindCollectionByNameOrId("email_proofs")
		if err != nil {
			return err
		}
		c.Fields.RemoveByName("failuresSince")
		c.Fields.RemoveByName("codeMails")
		c.Fields.Add(
			&core.DateField{Name: "windowStart"},
			&core.NumberField{Name: "windowRequests", OnlyInt: true, Min: types.Pointer(0.0)},
		)
		return app.Save(c)
	})
}
