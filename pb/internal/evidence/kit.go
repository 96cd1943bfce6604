package evidence

import (
	"database/sql"
	"errors"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// KitCollection is the table of media kits, one per member.
const KitCollection = "media_kits"

// KitOf is the member's media kit record; when they have none yet and
// create is set, a new empty one (unsaved: its Id is set on save), else nil.
// A kit file belongs to the kit, so it goes with the kit (and the kit with
// the account); the kits package saves the rest of it.
func KitOf(app core.App, memberID string, create bool) (*core.Record, error) {
	r, err := app.FindFirstRecordByFilter(KitCollection, "owner = {:owner}", dbx.Params{"owner": memberID})
	switch {
	case err == nil:
		return r, nil
	case !errors.Is(err, sql.ErrNoRows):
		return nil, err
	case !create:
		return nil, nil
	}
	c, err := app.FindCachedCollectionByNameOrId(KitCollection)
	if err != nil {
		return nil, err
	}
	r = core.NewRecord(c)
	r.Set("owner", memberID)
	return r, nil
}
