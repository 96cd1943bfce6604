package listings

import (
	"database/sql"
	"errors"
	"net/http"
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/money"
)

// update lets a poster edit or close their own listing. An edit of the
// content sends the listing back to moderation (reviewed and approved
// cleared, rejection reason dropped). A request's amount goes no lower than
// its pledges; it is sponsored while they reach it, and open again (event
// not passed) when a raised amount is more than they cover.
//
// The read, the state checks and the save run in one transaction: a Sponsor
// press commits between an edit's read and its save otherwise, and the edit
// then writes its stale "open" over "sponsored" (the next sponsor hit the
// unique commitment index). Transactions take the app's one writing
// connection, so the re-read inside sees every committed claim.
func (h *handlers) update(e *core.RequestEvent) error {
	viewer := viewerOf(e)
	form := &listingForm{}
	bindErr := e.BindBody(form)

	var saved *core.Record
	err := e.App.RunInTransaction(func(tx core.App) error {
		record, err := tx.FindRecordById(h.kind.Table, e.Request.PathValue("id"))
		if err != nil || !viewer.Sees(record.GetString("user"), HiddenRecord(record)) {
			return e.NotFoundError("Listing not found.", nil)
		}
		if record.GetString("user") != viewer.ID {
			return e.ForbiddenError("Only the poster can change this listing.", nil)
		}
		if bindErr != nil {
			return e.BadRequestError("The request body is not valid JSON.", nil)
		}
		now := time.Now()
		data, err := form.validate(h.kind, false, now)
		if err != nil {
			return e.BadRequestError("Please check the highlighted fields.", err)
		}
		// A request closed because its event passed reopens when its poster
		// moves the date forward ("Change the event date to reopen"), as the
		// event_passed notification promises; one its poster closed before
		// the event stays closed through an edit.
		if h.kind.IsRequest && data.status == nil && data.eventDate != nil &&
			ClosedReason(record.GetString("status"), record.GetString("eventDate"), now) == ClosedEventPassed &&
			!eventPassed(*data.eventDate, now) {
			reopen := StatusOpen
			data.status = &reopen
		}
		if h.kind.IsRequest && data.status != nil && record.GetString("status") == StatusSponsored {
			return e.BadRequestError("A sponsored request cannot be reopened or closed.", nil)
		}
		if h.kind.IsRequest && data.status != nil && *data.status == StatusOpen {
			event := record.GetString("eventDate")
			if data.eventDate != nil {
				event = *data.eventDate
			}
			if eventPassed(event, now) {
				return e.BadRequestError("Move the event date forward to reopen this request.", nil)
			}
		}

		// Pledges are never more than the request: its amount goes no lower
		// than what is pledged, and the status follows the new amount.
		pledged := int64(record.GetInt("pledgedAmount"))
		if h.kind.IsRequest && data.amount != nil && *data.amount < pledged {
			return e.BadRequestError("Please check the highlighted fields.", validation.Errors{h.kind.AmountField: apierr.Field(
				"validation_below_pledged", "Amount cannot be less than the "+money.Dollars(pledged)+" already pledged")})
		}

		wasRejected := HiddenRecord(record)
		data.apply(record, h.kind)
		if h.kind.IsRequest && pledged > 0 {
			full := pledged >= int64(record.GetInt(h.kind.AmountField))
			switch status := record.GetString("status"); {
			case status == StatusOpen && full:
				record.Set("status", StatusSponsored)
			case status == StatusSponsored && !full && !eventPassed(record.GetString("eventDate"), now):
				record.Set("status", StatusOpen)
			}
		}
		if data.changesContent() {
			// Back to moderation. A rejected listing stays hidden until an
			// administrator approves the edit: it keeps reviewed (hidden) and
			// loses its reason, which puts it in the moderation queue as
			// "edited after rejection" (admin.pendingWhere).
			record.Set("reviewed", wasRejected)
			record.Set("approved", false)
			record.Set("rejectionReason", "")
		}
		if err := tx.Save(record); err != nil {
			return e.BadRequestError("Could not save the listing.", err)
		}
		saved = record
		return nil
	})
	var apiErr *router.ApiError
	if errors.As(err, &apiErr) {
		return apiErr
	}
	if err != nil {
		return e.InternalServerError("", err)
	}
	r, err := h.store.Find(h.kind, saved.Id)
	if errors.Is(err, sql.ErrNoRows) { // deleted with its poster's account meanwhile
		return e.NotFoundError("Listing not found.", nil)
	}
	if err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, h.store.ToListing(h.kind, r, viewer))
}
