package messaging

import (
	"slices"
	"strconv"

	"sponsorbridge/pb/internal/paging"

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
	conv, err := Participating(e.App, e.Request.PathValue("id"), e.Auth.Id)
	if err != nil {
		return err
	}
	q := e.Request.URL.Query()
	limit := defaultMessages
	if raw := q.Get("limit"); raw != "" {
		limit, err = strconv.Atoi(raw)
		if err != nil || limit < 1 || limit > maxMessages {
			return e.BadRequestError("Limit must be a whole number from 1 to 100.", nil)
		}
	}
	sel := e.App.RecordQuery(Messages).AndWhere(dbx.HashExp{"conversation": conv.Id})
	if before := q.Get("before"); before != "" {
		var rowid int64
		err := e.App.DB().Select("rowid").From(Messages).
			Where(dbx.HashExp{"id": before, "conversation": conv.Id}).Row(&rowid)
		if err != nil {
			return e.BadRequestError("Unknown message in before.", nil)
		}
		sel.AndWhere(dbx.NewExp("rowid < {:rowid}", dbx.Params{"rowid": rowid}))
	}
	var records []*core.Record
	if err := sel.OrderBy("rowid DESC").Limit(int64(limit + 1)).All(&records); err != nil {
		return e.InternalServerError("", err)
	}
	records, hasMore := paging.Trim(records, limit)
	slices.Reverse(records)

	out, err := ToMessages(e.App, records, e.Auth.Id)
	if err != nil {
		return e.InternalServerError("", err)
	}
	page := paging.Page{Params: paging.Params{PerPage: limit}, HasMore: hasMore}
	if hasMore {
		page.Next = out[0].ID
	}
	return paging.Answer(e, out, page)
}
