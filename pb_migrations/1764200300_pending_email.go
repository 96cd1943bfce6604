package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// An e-mail address belongs to an account only once it is proven (a code
// sent to it came back, or Google vouched for it). Before, a member could
// put anyone's address on their account unproven, after which the real
// owner's code or Google sign-in met 409 and the address was unusable.
// Now an address waiting for its code sits in pendingEmail, which blocks
// nobody; users.email holds proven addresses only. Addresses stored
// unproven before are moved there: the member confirms them in /settings,
// and until then no notification is mailed to them.
func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		f := &core.TextField{Name: "pendingEmail", Max: 254}
		f.SetHidden(true)
		users.Fields.Add(f)
		users.AddIndex("idx_users_pendingEmail", false, "pendingEmail", "pendingEmail != ''")
		if err := app.Save(users); err != nil {
			return err
		}
		_, err = app.DB().NewQuery("UPDATE {{users}} SET [[pendingEmail]] = [[email]], [[email]] = '' WHERE [[verified]] = FALSE AND [[email]] != ''").Execute()
		return err
	}, func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		users.RemoveIndex("idx_users_pendingEmail")
		users.Fields.RemoveByName("pendingEmail")
		return app.Save(users)
	})
}
