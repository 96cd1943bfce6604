package listings

import (
	"errors"
	"net/http"
	"strconv"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/search"
)

// list answers one page of listings as a JSON array, with the total and
// paging in headers (the spec's contract is an array).
func (h *handlers) list(e *core.RequestEvent) error {
	q, err := ParseList(h.kind, e.Request.URL.Query())
	if err != nil {
		return e.BadRequestError("Invalid list parameters.", err)
	}
	page, err := h.store.List(e.Request.Context(), h.kind, q, viewerOf(e))
	switch {
	case errors.Is(err, search.ErrBadCursor):
		return e.BadRequestError("Invalid list parameters.", validation.Errors{
			"cursor": apierr.Field("validation_invalid_cursor", "The cursor is not valid; start again from the first page")})
	case errors.Is(err, search.ErrNotReady):
		e.Response.Header().Set("Retry-After", "2")
		return e.Error(http.StatusServiceUnavailable, "Search is starting up. Please try again in a moment.", nil)
	case err != nil:
		return e.InternalServerError("", err)
	}
	if err := markViewerState(e.App, h.kind, page.Items, viewerOf(e)); err != nil {
		return e.InternalServerError("", err)
	}
	hd := e.Response.Header()
	if page.HasTotal {
		hd.Set("X-Total-Count", strconv.Itoa(page.Total))
		hd.Set("X-Total-Estimated", strconv.FormatBool(page.Estimated))
		// Older clients read X-Total-Capped as "the count is not exact".
		hd.Set("X-Total-Capped", strconv.FormatBool(page.Estimated))
	}
	if page.Next != "" {
		hd.Set("X-Next-Cursor", page.Next)
	}
	hd.Set("X-Page", strconv.Itoa(q.Page))
	hd.Set("X-Per-Page", strconv.Itoa(q.PerPage))
	hd.Set("X-Has-More", strconv.FormatBool(page.HasMore))
	hd.Set("Cache-Control", "no-store")
	return e.JSON(http.StatusOK, page.Items)
}
