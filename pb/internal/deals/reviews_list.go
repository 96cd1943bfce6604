package deals

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/membership"
	"sponsorbridge/pb/internal/paging"
)

// memberReviews answers the shown reviews of a member, newest first;
// administrators also read the hidden ones (marked hidden, with the reason).
func memberReviews(e *core.RequestEvent) error {
	p, err := paging.FromRequest(e, perPage, 0)
	if err != nil {
		return err
	}
	subject, err := e.App.FindRecordById("users", e.Request.PathValue("id"))
	if err != nil {
		return e.NotFoundError("Member not found.", nil)
	}
	q := e.App.RecordQuery("reviews").AndWhere(dbx.HashExp{"subject": subject.Id}).
		AndWhere(dbx.NewExp("visibleAt <= {:now}", dbx.Params{"now": types.NowDateTime().String()}))
	admin := membership.IsAdmin(e.Auth)
	if !admin {
		q = q.AndWhere(dbx.HashExp{"hidden": false})
	}
	var rows []*core.Record
	if err := q.OrderBy("visibleAt DESC", "rowid DESC").Limit(perPage + 1).Offset(int64(p.Offset())).All(&rows); err != nil {
		return e.InternalServerError("", err)
	}
	rows, hasMore := paging.Trim(rows, perPage)
	out, err := toReviews(e.App, rows)
	if err != nil {
		return e.InternalServerError("", err)
	}
	return paging.Answer(e, out, paging.Page{Params: p, HasMore: hasMore})
}
