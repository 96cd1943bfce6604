package notify

import (
	"net/http"
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

// list answers the member's notifications, newest first, 20 a page.
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
	hasMore := len(records) > perPage
	if hasMore {
		records = records[:perPage]
	}
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
	h := e.Response.Header()
	h.Set("Cache-Control", "no-store")
	h.Set("X-Page", strconv.Itoa(p.Page))
	h.Set("X-Has-More", strconv.FormatBool(hasMore))
	h.Set("X-Unread-Count", strconv.Itoa(unread))
	return e.JSON(http.StatusOK, out)
}

func dbxUnread(userID string) dbx.Expression {
	return dbx.HashExp{"user": userID, "read": false}
}
