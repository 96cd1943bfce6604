package sponsoring

import (
	"errors"
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/guarded"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/refusal"
)

// ShortlistBody stars (true) or unstars (false) an application.
type ShortlistBody struct {
	Shortlisted *bool `json:"shortlisted"`
}

// shortlist answers POST /api/applications/{id}/shortlist (Shortlist).
func shortlist(e *core.RequestEvent) error {
	var body ShortlistBody
	if err := apierr.ReadBody(e, &body); err != nil {
		return err
	}
	item, err := Shortlist(e.App, e.Auth, e.Request.PathValue("id"), body)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, item)
}

// Shortlist stars or unstars the application applicationID for the
// offer's poster me, and answers it as the poster reads it. The star is
// the poster's alone: the applicant is refused, never told (no
// notification, no message) and never reads it.
func Shortlist(app core.App, me *core.Record, applicationID string, body ShortlistBody) (ReviewItem, error) {
	read, err := app.FindRecordById("applications", applicationID)
	if err != nil || (read.GetString("poster") != me.Id && read.GetString("applicant") != me.Id) {
		return ReviewItem{}, errApplicationNotFound
	}
	if read.GetString("poster") != me.Id {
		return ReviewItem{}, refusal.Forbiddenf("Only the poster of the sponsorship can shortlist applications.")
	}
	if body.Shortlisted == nil {
		return ReviewItem{}, refusal.Invalidf("Shortlisted must be true or false.", nil)
	}
	var saved *core.Record
	err = app.RunInTransaction(func(tx core.App) error {
		// the star alone changes: a decision saved meanwhile stays
		saved, err = guarded.Update(tx, "applications", read.Id, func(*core.Record) bool { return true },
			func(a *core.Record) { a.Set("shortlisted", *body.Shortlisted) })
		return err
	})
	if errors.Is(err, guarded.ErrStale) { // deleted meanwhile
		return ReviewItem{}, errApplicationNotFound
	}
	if err != nil {
		return ReviewItem{}, err
	}
	offer, err := app.FindRecordById(listings.Sponsorships.Table, saved.GetString("sponsorship"))
	if err != nil {
		return ReviewItem{}, errApplicationNotFound
	}
	items, err := toReviewItems(app, offer, []*core.Record{saved})
	if err != nil {
		return ReviewItem{}, err
	}
	return items[0], nil
}
