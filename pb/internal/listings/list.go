package listings

import (
	"errors"
	"net/http"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/paging"
	"sponsorbridge/pb/search"
)

// list answers one page of listings as a list (paging.Answer): the spec's
// contract is an array.
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
	case errors.Is(err, search.ErrBusy):
		e.Response.Header().Set("Retry-After", "2")
		return e.Error(http.StatusServiceUnavailable, "Search is busy. Please try again in a moment.", nil)
	case err != nil:
		return e.InternalServerError("", err)
	}
	out := paging.Page{Params: paging.Params{Page: q.Page, PerPage: q.PerPage}, HasMore: page.HasMore, Next: page.Next}
	if page.HasTotal {
		out.Total, out.Estimated = &page.Total, page.Estimated
	}
	return paging.AnswerTo(e, page.Items, out)
}
