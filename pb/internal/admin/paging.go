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
// in order, turned into their items together (what they name loaded at
// once), with the total count (the admin pager shows page numbers).
func answerCounted[T any](e *core.RequestEvent, p paging.Params, collection string, where dbx.Expression, order []string, items func([]*core.Record) ([]T, error)) error {
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
	out, err := items(records)
	if err != nil {
		return e.InternalServerError("", err)
	}
	return paging.Answer(e, out, paging.Counted(p, int(total)))
}

// each turns records into items one by one, for items that need nothing
// more than their own record.
func each[T any](item func(*core.Record) T) func([]*core.Record) ([]T, error) {
	return func(records []*core.Record) ([]T, error) {
		out := make([]T, len(records))
		for i, r := range records {
			out[i] = item(r)
		}
		return out, nil
	}
}

func likePattern(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(s) + "%"
}
