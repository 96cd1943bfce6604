package listings

import (
	"database/sql"
	"errors"
	"net/http"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/refusal"
)

// create posts a new listing for the signed-in member (Post).
func (h *handlers) create(e *core.RequestEvent) error {
	var in ListingInput
	if err := apierr.ReadBody(e, &in); err != nil {
		return err
	}
	record, err := Post(e.App, h.kind, e.Auth.Id, in, time.Now())
	if err != nil {
		return err
	}
	return h.answer(e, http.StatusCreated, record.Id)
}

// answer is the listing id as its viewer reads it now, with status.
func (h *handlers) answer(e *core.RequestEvent, status int, id string) error {
	r, err := h.store.Find(h.kind, id)
	if errors.Is(err, sql.ErrNoRows) { // deleted with its poster's account meanwhile
		return refusal.NotFoundf(msgNotFound)
	}
	if err != nil {
		return err
	}
	l, err := h.store.ToListing(h.kind, r, viewerOf(e))
	if err != nil {
		return err
	}
	return e.JSON(status, l)
}
