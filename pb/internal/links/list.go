package links

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/deals"
)

// List answers deal dealID's tracked links, oldest first, to its members
// (whatever the deal's state: what was measured stays readable).
func List(app core.App, dealID string, me *core.Record) ([]Link, error) {
	d, err := deals.Member.Admit(app, dealID, me)
	if err != nil {
		return nil, err
	}
	var rows []*core.Record
	if err := app.RecordQuery("tracked_links").AndWhere(dbx.HashExp{"deal": d.Id}).
		OrderBy("created ASC", "rowid ASC").Limit(MaxPerDeal).All(&rows); err != nil {
		return nil, err
	}
	out := make([]Link, 0, len(rows))
	for _, r := range rows {
		out = append(out, toLink(app, r))
	}
	return out, nil
}
