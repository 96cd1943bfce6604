package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

// email_proofs holds one record per e-mail address that asked for a sign-in
// code. PocketBase's one-time codes (_otps) must point at an auth record, and
// a member account may only be created once the code is proven, so the code
// hangs off this record instead of off a users record. It is an auth
// collection only for that reason: nobody can authenticate as one of its
// records (AuthRule nil, every auth method off) and no API rule opens it.
func init() {
	m.Register(func(app core.App) error {
		c := core.NewAuthCollection("email_proofs")
		c.ListRule, c.ViewRule, c.CreateRule, c.UpdateRule, c.DeleteRule = nil, nil, nil, nil, nil
		c.AuthRule = nil
		c.ManageRule = nil
		c.PasswordAuth.Enabled = false
		c.OAuth2.Enabled = false
		c.MFA.Enabled = false
		c.AuthAlert.Enabled = false
		// OTP stays off (PocketBase's own OTP routes must not serve this
		// collection); its duration and length are still the settings the
		// app's e-mail code routes use, editable in the dashboard.
		c.OTP.Enabled = false
		c.OTP.Duration = 600
		c.OTP.Length = 6

		if f, ok := c.Fields.GetByName("email").(*core.EmailField); ok {
			f.Required = true
		}
		c.Fields.Add(
			// wrong codes typed since the last code was sent
			&core.NumberField{Name: "failedAttempts", OnlyInt: true, Min: types.Pointer(0.0)},
			// start and size of the current per-address request window
			&core.DateField{Name: "windowStart"},
			&core.NumberField{Name: "windowRequests", OnlyInt: true, Min: types.Pointer(0.0)},
			// the last code that signed someone in, so a replay gets its own message
			&core.TextField{Name: "usedOtpId", Max: 64},
			&core.AutodateField{Name: "created", OnCreate: true},
			&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
		)
		return app.Save(c)
	}, func(app core.App) error {
		c, err := app.FindCollectionByNameOrId("email_proofs")
		if err != nil {
			return err
		}
		return app.Delete(c)
	})
}
