package payments

import (
	"net/http"
	"strconv"

	"sponsorbridge/pb/internal/paging"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// A page of the payment history: DefaultPerPage unless perPage asks for up to maxPerPage.
const (
	DefaultPerPage = 20
	maxPerPage     = 50
)

// list answers one page of the member's own payments, newest first, as a
// JSON array with the paging in headers (as the listing routes do).
func (h *handlers) list(e *core.RequestEvent) error {
	p, err := paging.FromRequest(e, DefaultPerPage, maxPerPage)
	if err != nil {
		return err
	}
	page, perPage := p.Page, p.PerPage
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
	ids := make([]string, len(records))
	for i, r := range records {
		ids[i] = r.Id
	}
	refunds, err := refundsOf(e.App, ids...)
	if err != nil {
		return e.InternalServerError("", err)
	}
	items := make([]Payment, len(records))
	for i, r := range records {
		items[i] = ToPayment(r, refunds[r.Id])
	}
	hd := e.Response.Header()
	hd.Set("X-Total-Count", strconv.FormatInt(total, 10))
	hd.Set("X-Page", strconv.Itoa(page))
	hd.Set("X-Per-Page", strconv.Itoa(perPage))
	hd.Set("X-Has-More", strconv.FormatBool(int64(page*perPage) < total))
	hd.Set("Cache-Control", "no-store")
	return e.JSON(http.StatusOK, items)
}
