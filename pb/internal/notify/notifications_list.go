package notify

import (
	"strconv"

	"sponsorbridge/pb/internal/paging"
	"sponsorbridge/pb/internal/when"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

const perPage = 20

// Notification is the wire shape of one notification.
type Notification struct {
	ID        string `json:"id"`
	Type      string `json:"type"`
	Title     string `json:"title"`
	Body      string `json:"body"`
	Link      string `json:"link"`
	Read      bool   `json:"read"`
	CreatedAt string `json:"createdAt"`
}

// list answers the member's notifications, newest first, 20 a page, with
// the unread count in X-Unread-Count.
func list(e *core.RequestEvent) error {
	p, err := paging.FromRequest(e, perPage, 0)
	if err != nil {
		return err
	}
	var records []*core.Record
	err = e.App.RecordQuery(Collection).
		AndWhere(dbx.HashExp{"user": e.Auth.Id}).
		OrderBy("created DESC", "rowid DESC").
		Limit(perPage + 1).Offset(int64(p.Offset())).
		All(&records)
	if err != nil {
		return e.InternalServerError("", err)
	}
	records, hasMore := paging.Trim(records, perPage)
	unread, err := UnreadCount(e.App, e.Auth.Id)
	if err != nil {
		return e.InternalServerError("", err)
	}
	out := make([]Notification, 0, len(records))
	for _, r := range records {
		out = append(out, Notification{
			ID: r.Id, Type: r.GetString("type"), Title: r.GetString("title"), Body: r.GetString("body"),
			Link: r.GetString("link"), Read: r.GetBool("read"), CreatedAt: when.API(r.GetDateTime("created").Time()),
		})
	}
	e.Response.Header().Set("X-Unread-Count", strconv.Itoa(unread))
	return paging.Answer(e, out, paging.Page{Params: paging.Params{Page: p.Page, PerPage: perPage}, HasMore: hasMore})
}

func dbxUnread(userID string) dbx.Expression {
	return dbx.HashExp{"user": userID, "read": false}
}
