package notify

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// ToAdministrators stores n once for every administrator but the one whose
// id is except (who did what the note is about), with tx. The notes are
// mailed like any other (Mail), by each administrator's own choices.
func ToAdministrators(tx core.App, n Note, except string) ([]*Pending, error) {
	var ids []string
	err := tx.DB().Select("id").From("users").
		Where(dbx.HashExp{"isAdmin": true}).AndWhere(dbx.Not(dbx.HashExp{"id": except})).
		OrderBy("id").Column(&ids)
	if err != nil {
		return nil, err
	}
	out := make([]*Pending, 0, len(ids))
	for _, id := range ids {
		n.UserID = id
		p, err := Create(tx, n)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}
