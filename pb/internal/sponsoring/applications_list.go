package sponsoring

import (
	"sponsorbridge/pb/internal/paging"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

const perPage = 20

// listApplications answers the member's own applications: role=sent (made
// by them) or role=received (to their sponsorships), newest first. An
// optional sponsorshipId narrows the list to one offer.
func listApplications(e *core.RequestEvent) error {
	q := e.Request.URL.Query()
	column := map[string]string{"sent": "applicant", "received": "poster"}[q.Get("role")]
	if column == "" {
		return e.BadRequestError("Role must be sent or received.", nil)
	}
	p, err := paging.FromRequest(e, perPage, 0)
	if err != nil {
		return err
	}
	sel := e.App.RecordQuery("applications").AndWhere(dbx.HashExp{column: e.Auth.Id})
	if id := q.Get("sponsorshipId"); id != "" {
		sel.AndWhere(dbx.HashExp{"sponsorship": id})
	}
	if status := q.Get("status"); status != "" {
		if status != StatusPending && status != StatusAccepted && status != StatusDeclined && status != StatusWithdrawn {
			return e.BadRequestError("Status must be pending, accepted, declined or withdrawn.", nil)
		}
		sel.AndWhere(dbx.HashExp{"status": status})
	}
	var records []*core.Record
	if err := sel.OrderBy("created DESC", "rowid DESC").Limit(perPage + 1).Offset(int64(p.Offset())).All(&records); err != nil {
		return e.InternalServerError("", err)
	}
	return answerPage(e, p, records, ToApplications)
}

// listCommitments answers the member's commitments: role=given (as sponsor)
// or role=received (to their requests), newest first.
func listCommitments(e *core.RequestEvent) error {
	column := map[string]string{"given": "sponsor", "received": "poster"}[e.Request.URL.Query().Get("role")]
	if column == "" {
		return e.BadRequestError("Role must be given or received.", nil)
	}
	p, err := paging.FromRequest(e, perPage, 0)
	if err != nil {
		return err
	}
	var records []*core.Record
	err = e.App.RecordQuery("commitments").AndWhere(dbx.HashExp{column: e.Auth.Id}).
		OrderBy("created DESC", "rowid DESC").Limit(perPage + 1).Offset(int64(p.Offset())).All(&records)
	if err != nil {
		return e.InternalServerError("", err)
	}
	return answerPage(e, p, records, ToCommitments)
}

// answerPage answers one page of records (fetched with one extra row to tell
// whether another page exists) in their wire shape, mapped together, as a
// list.
func answerPage[T any](e *core.RequestEvent, p paging.Params, records []*core.Record, toWire func(core.App, []*core.Record) ([]T, error)) error {
	records, hasMore := paging.Trim(records, perPage)
	out, err := toWire(e.App, records)
	if err != nil {
		return e.InternalServerError("", err)
	}
	return paging.Answer(e, out, paging.Page{Params: p, HasMore: hasMore})
}
