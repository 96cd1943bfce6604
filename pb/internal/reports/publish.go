package reports

import (
	"fmt"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/notify"
)

// Publish publishes the report of deal dealID (the recipient's): the
// sponsor reads all of it from then on and is told so (a deal
// notification), and the deal's history says it. Publishing a published
// report changes nothing and tells nobody again. It answers the deal and
// the report's row.
func Publish(app core.App, dealID string, me *core.Record) (d, row *core.Record, err error) {
	if d, err = admit(app, dealID, me, recipientOnly); err != nil {
		return nil, nil, err
	}
	err = app.RunInTransaction(func(tx core.App) error {
		row, err = rowFor(tx, d.Id)
		if err != nil || row.GetString("status") == StatusPublished {
			return err
		}
		row.Set("status", StatusPublished)
		row.Set("publishedAt", types.NowDateTime())
		if err := tx.Save(row); err != nil {
			return err
		}
		name := me.GetString("displayName")
		text := name + " published the impact report."
		if err := deals.RecordEvent(tx, d.Id, me.Id, "report_published", text); err != nil {
			return err
		}
		sponsor := deals.Other(d, me.Id)
		if sponsor == "" { // nobody left to tell
			return nil
		}
		return notify.Create(tx, notify.Note{UserID: sponsor, Type: notify.TypeDeal,
			Title: fmt.Sprintf("%s published the impact report of “%s”", notify.Clip(name, 40), notify.Clip(d.GetString("title"), 80)),
			Body:  text,
			Link:  "/deals/" + d.Id + "/report", Subject: d.Id})
	})
	return d, row, err
}
