package messaging

import (
	"net/http"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/paging"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

const conversationsPerPage = 30

// listConversations answers the member's conversations, latest activity first.
func listConversations(e *core.RequestEvent) error {
	p, err := paging.FromRequest(e, conversationsPerPage, 0)
	if err != nil {
		return err
	}
	var convs []*core.Record
	err = e.App.RecordQuery(Conversations).
		AndWhere(dbx.Or(dbx.HashExp{"userA": e.Auth.Id}, dbx.HashExp{"userB": e.Auth.Id})).
		OrderBy("COALESCE(NULLIF([[lastMessageAt]], ''), [[created]]) DESC", "rowid DESC").
		Limit(conversationsPerPage + 1).Offset(int64(p.Offset())).
		All(&convs)
	if err != nil {
		return e.InternalServerError("", err)
	}
	convs, hasMore := paging.Trim(convs, conversationsPerPage)
	out, err := ToConversations(e.App, convs, e.Auth.Id)
	if err != nil {
		return e.InternalServerError("", err)
	}
	return paging.Answer(e, out, paging.Page{Params: p, HasMore: hasMore})
}

// viewConversation answers one conversation to a participant.
func viewConversation(e *core.RequestEvent) error {
	conv, err := Participating(e.App, e.Request.PathValue("id"), e.Auth.Id)
	if err != nil {
		return apierr.Or500(e, err)
	}
	e.Response.Header().Set("Cache-Control", "no-store")
	return e.JSON(http.StatusOK, ToConversation(e.App, conv, e.Auth.Id))
}
