package migrations

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Codes mailed to an address have 8 digits (pb/internal/signin,
// CodeDigits; docs/security.md "E-mail codes"). The dashboard shows the
// length as email_proofs' OTP length, set here to match. A code issued
// before is a hash of its id at 6 digits, which a resend would mail at 8
// and which would then not match: they are withdrawn (a member asks again).
func init() {
	m.Register(func(app core.App) error {
		return setCodeLength(app, 8)
	}, func(app core.App) error {
		return setCodeLength(app, 6)
	})
}

func setCodeLength(app core.App, length int) error {
	c, err := app.FindCollectionByNameOrId("email_proofs")
	if err != nil {
		return err
	}
	c.OTP.Length = length
	if err := app.Save(c); err != nil {
		return err
	}
	_, err = app.DB().Delete(core.CollectionNameOTPs, dbx.HashExp{"collectionRef": c.Id}).Execute()
	return err
}
