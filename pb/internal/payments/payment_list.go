package payments

import (
	"net/http"
	"strconv"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

const (
	defaultPerPage = 20
	maxPerPage     = 50
)

// list answers one page of the member's own payments, newest first, as a
// JSON array with the paging in headers (as the listing routes do).
func (h *handlers) list(e *core.RequestEvent) error {
	page, perPage, err := paging(e)
	if err != nil {
		return e.BadRequestError(err.Error(), nil)
	}
	owner := dbx.HashExp{"user": e.Auth.Id}
	total, err := e.App.CountRecords("payments", owner)
	if err != nil {
		return e.InternalServerError("", err)
	}
	records, err := e.App.FindRecordsByFilter("payments", "user = {:user}", "-created,-id", perPage, (page-1)*perPage,
		dbx.Params{"user": e.Auth.Id})
	if err != nil {
		return e.InternalServerError("", err)
	}
	items := make([]Payment, len(records))
	for i, r := range records {
		items[i] = ToPayment(r)
	}
	hd := e.Response.Header()
	hd.Set("X-Total-Count", strconv.FormatInt(total, 10))
	hd.Set("X-Page", strconv.Itoa(page))
	hd.Set("X-Per-Page", strconv.Itoa(perPage))
	hd.Set("X-Has-More", strconv.FormatBool(int64(page*perPage) < total))
	hd.Set("Cache-Control", "no-store")
	return e.JSON(http.StatusOK, items)
}

type pagingError string

func (p pagingError) Error() string { return string(p) }

func paging(e *core.RequestEvent) (page, perPage int, err error) {
	q := e.Request.URL.Query()
	page, perPage = 1, defaultPerPage
	if raw := q.Get("page"); raw != "" {
		if page, err = strconv.Atoi(raw); err != nil || page < 1 || page > 10000 {
			return 0, 0, pagingError("The page parameter must be a whole number from 1.")
		}
	}
	if raw := q.Get("perPage"); raw != "" {
		if perPage, err = strconv.Atoi(raw); err != nil || perPage < 1 || perPage > maxPerPage {
			return 0, 0, pagingError("The perPage parameter must be a whole number from 1 to " + strconv.Itoa(maxPerPage) + ".")
		}
	}
	return page, perPage, nil
}
