package listings

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"
)

// view answers one listing. A rejected listing exists only for its poster
// and administrators.
func (h *handlers) view(e *core.RequestEvent) error {
	viewer := viewerOf(e)
	r, err := h.store.Find(h.kind, e.Request.PathValue("id"))
	if err != nil || !viewer.Sees(r.User, r.rejected()) {
		return e.NotFoundError("Listing not found.", nil)
	}
	l, err := h.store.ToListing(h.kind, r, viewer)
	if err != nil {
		return e.InternalServerError("", err)
	}
	one := []Listing{l}
	if err := h.store.MarkViewerState(h.kind, one, viewer); err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, one[0])
}
