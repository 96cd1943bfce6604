package listings

import (
	"net/http"
	"strconv"

	"github.com/pocketbase/pocketbase/core"
)

// list answers one page of listings as a JSON array, with the total and
// paging in headers (the spec's contract is an array).
func (h *handlers) list(e *core.RequestEvent) error {
	q, err := ParseQuery(h.kind, e.Request.URL.Query())
	if err != nil {
		return e.BadRequestError("Invalid list parameters.", err)
	}
	page, err := h.store.List(h.kind, q, viewerOf(e))
	if err != nil {
		return e.InternalServerError("", err)
	}
	hd := e.Response.Header()
	hd.Set("X-Total-Count", strconv.Itoa(page.Total))
	hd.Set("X-Total-Capped", strconv.FormatBool(page.Capped))
	hd.Set("X-Page", strconv.Itoa(q.Page))
	hd.Set("X-Per-Page", strconv.Itoa(q.PerPage))
	hd.Set("X-Has-More", strconv.FormatBool(page.HasMore))
	hd.Set("Cache-Control", "no-store")
	return e.JSON(http.StatusOK, page.Items)
}
