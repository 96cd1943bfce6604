package payments

import (
	"sponsorbridge/pb/internal/paging"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// A page of the payment history: defaultPerPage unless perPage asks for up to maxPerPage.
const (
	defaultPerPage = 20
	maxPerPage     = 50
)

// list answers one page of the member's own payments, newest first, as a
// counted list (paging.Answer).
func (h *handlers) list(e *core.RequestEvent) error {
	p, err := paging.FromRequest(e, defaultPerPage, maxPerPage)
	if err != nil {
		return err
	}
	owner := dbx.HashExp{"user": e.Auth.Id}
	total, err := e.App.CountRecords("payments", owner)
	if err != nil {
		return e.InternalServerError("", err)
	}
	records, err := e.App.FindRecordsByFilter("payments", "user = {:user}", "-created,-id", p.PerPage, p.Offset(),
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
	return paging.Answer(e, items, paging.Counted(p, int(total)))
}
