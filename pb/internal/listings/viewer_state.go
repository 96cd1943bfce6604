package listings

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// markApplied sets Applied on the offers of others in items for the
// viewer: one query for the whole page.
func markApplied(app core.App, kind Kind, items []Listing, viewer Viewer) error {
	if kind.IsRequest || viewer.ID == "" || len(items) == 0 {
		return nil
	}
	ids := make([]any, 0, len(items))
	for _, l := range items {
		if l.UserID != viewer.ID {
			ids = append(ids, l.ID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	var applied []string
	err := app.DB().Select("sponsorship").From("applications").
		Where(dbx.And(dbx.HashExp{"applicant": viewer.ID}, dbx.In("sponsorship", ids...))).Column(&applied)
	if err != nil {
		return err
	}
	done := make(map[string]bool, len(applied))
	for _, id := range applied {
		done[id] = true
	}
	for i := range items {
		if items[i].UserID != viewer.ID {
			v := done[items[i].ID]
			items[i].Applied = &v
		}
	}
	return nil
}
