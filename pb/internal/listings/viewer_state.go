package listings

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/when"
)

// markViewerState sets what the signed-in viewer did to the listings of
// others in items: Applied on offers, MyPledge on requests. One query for
// the whole page.
func markViewerState(app core.App, kind Kind, items []Listing, viewer Viewer) error {
	if kind.IsRequest {
		return markPledged(app, items, viewer)
	}
	return markApplied(app, kind, items, viewer)
}

// othersIDs lists the ids of the listings in items the viewer did not post.
func othersIDs(items []Listing, viewer Viewer) []any {
	ids := make([]any, 0, len(items))
	for _, l := range items {
		if l.UserID != viewer.ID {
			ids = append(ids, l.ID)
		}
	}
	return ids
}

// markPledged sets MyPledge on the requests in items the viewer has an
// active pledge on.
func markPledged(app core.App, items []Listing, viewer Viewer) error {
	if viewer.ID == "" || len(items) == 0 {
		return nil
	}
	ids := othersIDs(items, viewer)
	if len(ids) == 0 {
		return nil
	}
	var pledges []struct {
		ID      string  `db:"id"`
		Request string  `db:"request"`
		Amount  float64 `db:"amount"`
		Created string  `db:"created"`
	}
	err := app.DB().Select("id", "request", "amount", "created").From("commitments").
		Where(dbx.And(dbx.HashExp{"sponsor": viewer.ID, "status": "active"}, dbx.In("request", ids...))).All(&pledges)
	if err != nil {
		return err
	}
	for _, p := range pledges {
		for i := range items {
			if items[i].ID == p.Request {
				items[i].MyPledge = &Pledge{ID: p.ID, Amount: int64(p.Amount), CreatedAt: when.APIStored(p.Created)}
			}
		}
	}
	return nil
}

// markApplied sets Applied on the offers of others in items for the
// viewer: one query for the whole page.
func markApplied(app core.App, kind Kind, items []Listing, viewer Viewer) error {
	if kind.IsRequest || viewer.ID == "" || len(items) == 0 {
		return nil
	}
	ids := othersIDs(items, viewer)
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
