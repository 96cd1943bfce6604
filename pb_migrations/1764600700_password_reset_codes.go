package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

// A forgotten password is reset with a code mailed to the account's proven
// address (pb/internal/signin/password_reset_request.go). That code is kept
// apart from the address's sign-in code: each has its own valid code and
// its own count of mails per code (resetMails beside codeMails), while the
// wrong codes typed for the address stay one count (failedAttempts).
func init() {
	m.Register(func(app core.App) error {
		c, err := app.FindCollectionByNameOrId("email_proofs")
		if err != nil {
			return err
		}
		c.Fields.Add(&core.NumberField{Name: "resetMails", OnlyInt: true, Min: types.Pointer(0.0)})
		return app.Save(c)
	}, func(app core.App) error {
		c, err := app.FindCollectionByNameOrId("email_proofs")
		if err != nil {
			return err
		}
		c.Fields.RemoveByName("resetMails")
		return app.Save(c)
	})
}
