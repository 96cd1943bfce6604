package notify

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// ToAdministrators stores n once for every administrator but the one whose
// id is except (who did what the note is about), with tx. The notes are
// mailed like any other (BindHooks), by each administrator's own choices.
func ToAdministrators(tx core.App, n Note, except string) error {
	var ids []string
	err := tx.DB().Select("id").From("users").
		Where(dbx.HashExp{"isAdmin": true}).AndWhere(dbx.Not(dbx.HashExp{"id": except})).
		OrderBy("id").Column(&ids)
	if err != nil {
		return err
	}
	for _, id := range ids {
		n.UserID = id
		if err := Create(tx, n); err != nil {
			return err
		}
	}
	return nil
}
