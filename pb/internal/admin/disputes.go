package admin

import (
	"errors"
	"net/http"
	"strings"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/deals"
)

// MaxResolution bounds an administrator's note on a resolved dispute, in characters.
const MaxResolution = 2000

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

type resolveForm struct {
	Outcome string `json:"outcome"`
	Note    string `json:"note"`
}

func (f *resolveForm) validate() error {
	if f.Outcome != deals.StatusCompleted && f.Outcome != deals.StatusCancelled {
		return validation.Errors{"outcome": apierr.Field("validation_invalid", "Outcome must be completed or cancelled")}
	}
	return apierr.Text("note", "Note", &f.Note, "Tell both sides what you decided", MaxResolution)
}

// disputeResolve ends a dispute: the deal completed or cancelled with the
// administrator's note, logged, both sides told.
func disputeResolve(e *core.RequestEvent) error {
	form := &resolveForm{}
	if err := apierr.Bind(e, form, form.validate); err != nil {
		return err
	}
	id := e.Request.PathValue("id")
	if _, err := e.App.FindRecordById("deals", id); err != nil {
		return e.NotFoundError("Deal not found.", nil)
	}
	var deal *core.Record
	err := e.App.RunInTransaction(func(tx core.App) error {
		var err error
		deal, err = deals.Resolve(tx, id, e.Auth, form.Outcome, form.Note)
		if err != nil {
			return err
		}
		return logAction(tx, e.Auth, actionResolveDispute, "deals", id, form.Outcome+": "+form.Note)
	})
	switch {
	case errors.Is(err, deals.ErrNotDisputed):
		return e.Error(http.StatusConflict, "This deal is not in dispute.", nil)
	case err != nil:
		return apierr.Or500(e, err)
	}
	return e.JSON(http.StatusOK, deals.ToDeal(e.App, deal))
}

type hideForm struct {
	Reason string `json:"reason"`
}

func (f *hideForm) validate() error {
	return apierr.Reason(&f.Reason, "Tell the author why the review is hidden", deals.MaxReason)
}

// reviewHide hides an abusive review: out of its subject's rating, its
// author told why, the decision logged.
func reviewHide(e *core.RequestEvent) error {
	form := &hideForm{}
	if err := apierr.Bind(e, form, form.validate); err != nil {
		return err
	}
	id := e.Request.PathValue("id")
	var review *core.Record
	err := e.App.RunInTransaction(func(tx core.App) error {
		var err error
		review, err = deals.HideReview(tx, id, form.Reason)
		if err != nil {
			return err
		}
		return logAction(tx, e.Auth, actionHideReview, "reviews", id, form.Reason)
	})
	switch {
	case errors.Is(err, deals.ErrReviewNotFound):
		return e.NotFoundError("Review not found, or hidden already.", nil)
	case err != nil:
		return apierr.Or500(e, err)
	}
	return e.JSON(http.StatusOK, deals.ToReviewForAdmin(e.App, review))
}
