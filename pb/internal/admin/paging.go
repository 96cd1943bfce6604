package admin

import (
	"strings"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/paging"
)

// Paging of the admin lists.
const (
	defaultPerPage = 20
	maxPerPage     = 100
)

// readPaging reads page and perPage; errs collects their field errors.
func readPaging(e *core.RequestEvent, errs validation.Errors) paging.Params {
	return paging.Read(e.Request.URL.Query(), defaultPerPage, maxPerPage, errs)
}

// answerCounted answers page p of the collection's records matching where,
// in order, each turned into its item, with the total count (the admin
// pager shows page numbers).
func answerCounted[T any](e *core.RequestEvent, p paging.Params, collection string, where dbx.Expression, order []string, item func(*core.Record) T) error {
	total, err := e.App.CountRecords(collection, where)
	if err != nil {
		return e.InternalServerError("", err)
	}
	var records []*core.Record
	err = e.App.RecordQuery(collection).AndWhere(where).OrderBy(order...).
		Limit(int64(p.PerPage)).Offset(int64(p.Offset())).All(&records)
	if err != nil {
		return e.InternalServerError("", err)
	}
	items := make([]T, len(records))
	for i, r := range records {
		items[i] = item(r)
	}
	return paging.Answer(e, items, paging.Counted(p, int(total)))
}

func likePattern(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(s) + "%"
}
