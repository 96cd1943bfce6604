package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// The superuser dashboard (/_/) asks for two proofs: the password, then a
// one-time code mailed to the superuser's address (PocketBase's MFA with
// OTP). The dashboard therefore needs working mail (SMTP, or the
// development mailbox on a laptop): see docs/operations.md.
func init() {
	m.Register(func(app core.App) error {
		su, err := app.FindCollectionByNameOrId(core.CollectionNameSuperusers)
		if err != nil {
			return err
		}
		su.OTP.Enabled = true
		if su.OTP.Duration < 60 {
			su.OTP.Duration = 300
		}
		if su.OTP.Length < 8 {
			su.OTP.Length = 8
		}
		su.MFA.Enabled = true
		su.MFA.Rule = "" // every superuser, every time
		if su.MFA.Duration < 60 {
			su.MFA.Duration = 1800
		}
		return app.Save(su)
	}, func(app core.App) error {
		su, err := app.FindCollectionByNameOrId(core.CollectionNameSuperusers)
		if err != nil {
			return err
		}
		su.MFA.Enabled = false
		su.OTP.Enabled = false
		return app.Save(su)
	})
}
