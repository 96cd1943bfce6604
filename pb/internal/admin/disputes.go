package admin

import (
	"strings"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/deals"
)

// disputesList answers the deals in dispute (status=open, the default),
// those the administrators resolved (resolved) or both (all), the last
// changed first, counted.
func disputesList(e *core.RequestEvent) error {
	errs := validation.Errors{}
	p := readPaging(e, errs)
	var where dbx.Expression
	switch strings.TrimSpace(e.Request.URL.Query().Get("status")) {
	case "", "open":
		where = dbx.HashExp{"status": deals.StatusDisputed}
	case "resolved":
		where = dbx.And(dbx.Not(dbx.HashExp{"disputedAt": ""}), dbx.Not(dbx.HashExp{"status": deals.StatusDisputed}))
	case "all":
		where = dbx.Not(dbx.HashExp{"disputedAt": ""})
	default:
		errs["status"] = apierr.Field("validation_invalid_status", "Status must be open, resolved or all")
	}
	if len(errs) > 0 {
		return e.BadRequestError("Invalid list parameters.", errs)
	}
	return answerCounted(e, p, "deals", where, []string{"updated DESC", "id DESC"},
		func(rows []*core.Record) ([]deals.Deal, error) { return deals.ToDeals(e.App, rows) })
}
