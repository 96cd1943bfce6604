package messaging

import (
	"slices"
	"strconv"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/paging"
	"sponsorbridge/pb/internal/refusal"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// A page of a conversation: defaultMessages unless limit asks for up to maxMessages.
const (
	defaultMessages = 50
	maxMessages     = 100
)

// listMessages answers a page of a conversation's messages, oldest first.
// Without before it is the latest page; before=<message id> pages back: a
// list paged by cursor, whose next cursor is the oldest message answered.
func listMessages(e *core.RequestEvent) error {
	q := e.Request.URL.Query()
	records, p, err := messagePage(e.App, e.Request.PathValue("id"), e.Auth.Id, q.Get("limit"), q.Get("before"))
	if err != nil {
		return apierr.Or500(e, err)
	}
	out, err := ToMessages(e.App, records, e.Auth.Id)
	if err != nil {
		return e.InternalServerError("", err)
	}
	if p.HasMore {
		p.Next = out[0].ID
	}
	return paging.Answer(e, out, p)
}

// messagePage is up to limit (the query's; defaultMessages without one)
// messages of the conversation convID, which memberID takes part in,
// oldest first: the latest, or those before the message before; the page
// tells how many it holds at most and whether older ones are left.
func messagePage(app core.App, convID, memberID, limit, before string) (records []*core.Record, p paging.Page, err error) {
	conv, err := Participating(app, convID, memberID)
	if err != nil {
		return nil, p, err
	}
	p.PerPage = defaultMessages
	if limit != "" {
		n, err := strconv.Atoi(limit)
		if err != nil || n < 1 || n > maxMessages {
			return nil, p, refusal.Invalidf("Limit must be a whole number from 1 to 100.", nil)
		}
		p.PerPage = n
	}
	sel := app.RecordQuery(Messages).AndWhere(dbx.HashExp{"conversation": conv.Id})
	if before != "" {
		var rowid int64
		err := app.DB().Select("rowid").From(Messages).
			Where(dbx.HashExp{"id": before, "conversation": conv.Id}).Row(&rowid)
		if err != nil {
			return nil, p, refusal.Invalidf("Unknown message in before.", nil)
		}
		sel.AndWhere(dbx.NewExp("rowid < {:rowid}", dbx.Params{"rowid": rowid}))
	}
	if err := sel.OrderBy("rowid DESC").Limit(int64(p.PerPage + 1)).All(&records); err != nil {
		return nil, p, err
	}
	records, p.HasMore = paging.Trim(records, p.PerPage)
	slices.Reverse(records)
	return records, p, nil
}
