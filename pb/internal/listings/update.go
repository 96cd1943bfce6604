package listings

import (
	"net/http"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// update lets a poster edit or close their own listing. An edit of the
// content sends the listing back to moderation (reviewed and approved
// cleared, rejection reason dropped). A sponsored request keeps its status.
func (h *handlers) update(e *core.RequestEvent) error {
	record, err := e.App.FindRecordById(h.kind.Table, e.Request.PathValue("id"))
	viewer := viewerOf(e)
	if err != nil || (record.GetBool("reviewed") && !record.GetBool("approved") &&
		record.GetString("user") != viewer.ID && !viewer.IsAdmin) {
		return e.NotFoundError("Listing not found.", nil)
	}
	if record.GetString("user") != viewer.ID {
		return e.ForbiddenError("Only the poster can change this listing.", nil)
	}

	form := &listingForm{}
	if err := e.BindBody(form); err != nil {
		return e.BadRequestError("The request body is not valid JSON.", nil)
	}
	data, err := form.validate(h.kind, false, time.Now())
	if err != nil {
		return e.BadRequestError("Please check the highlighted fields.", err)
	}
	if h.kind.IsRequest && data.status != nil && record.GetString("status") == StatusSponsored {
		return e.BadRequestError("A sponsored request cannot be reopened or closed.", nil)
	}
	if h.kind.IsRequest && data.status != nil && *data.status == StatusOpen {
		event := record.GetString("eventDate")
		if data.eventDate != nil {
			event = *data.eventDate
		}
		if EffectiveStatus(StatusOpen, event, time.Now()) != StatusOpen {
			return e.BadRequestError("Move the event date forward to reopen this request.", nil)
		}
	}

	data.apply(record, h.kind)
	if data.changesContent() {
		record.Set("reviewed", false)
		record.Set("approved", false)
		record.Set("rejectionReason", "")
	}
	if err := e.App.Save(record); err != nil {
		return e.BadRequestError("Could not save the listing.", err)
	}

	r, err := h.store.Find(h.kind, record.Id)
	if err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, h.store.ToListing(h.kind, r, viewer))
}
