package savedsearch

import (
	"net/http"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// list answers the member's own saved searches, newest first.
func (s *Service) list(e *core.RequestEvent) error {
	var rows []*core.Record
	err := e.App.RecordQuery(Collection).AndWhere(dbx.HashExp{"user": e.Auth.Id}).
		OrderBy("created DESC", "rowid DESC").Limit(MaxPerMember).All(&rows)
	if err != nil {
		return e.InternalServerError("", err)
	}
	out := make([]Saved, 0, len(rows))
	for _, r := range rows {
		out = append(out, toSaved(r))
	}
	e.Response.Header().Set("Cache-Control", "no-store")
	return e.JSON(http.StatusOK, out)
}
