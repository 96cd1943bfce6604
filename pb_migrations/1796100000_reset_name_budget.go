package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

// The wrong reset codes typed for a username count apart from those typed
// for its address (pb/internal/signin/email_proofs.go, nameWrongCodes;
// docs/security.md "Forgotten passwords"): with one count, a stranger who
// spent a username's budget learned its private address from which
// address then answered 429. The new pair sits on the proof of the
// username's key, beside the address's own (failedAttempts,
// failuresSince).
func init() {
	m.Register(func(app core.App) error {
		c, err := app.FindCollectionByNameOrId("email_proofs")
		if err != nil {
			return err
		}
		c.Fields.Add(
			&core.NumberField{Name: "nameFailedAttempts", OnlyInt: true, Min: types.Pointer(0.0)},
			&core.DateField{Name: "nameFailuresSince"},
		)
		return app.Save(c)
	}, func(app core.App) error {
		c, err := app.FindCollectionByNameOrId("email_proofs")
		if err != nil {
			return err
		}
		c.Fields.RemoveByName("nameFailedAttempts")
		c.Fields.RemoveByName("nameFailuresSince")
		return app.Save(c)
	})
}
