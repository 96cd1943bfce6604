package listings

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"
)

// previewView answers a listing's link preview to anyone holding its link,
// signed in or not: what its Open Graph tags already say (PreviewOf decides
// which listings and what of them), so that the sign-in screen a shared
// link leads a visitor to can show the listing the preview promised. Every
// listing without a preview (unknown, rejected, waiting for review, the
// other kind's id) is the same 404.
func (h *handlers) previewView(e *core.RequestEvent) error {
	p, ok := h.store.PreviewOf(h.kind.Segment, e.Request.PathValue("id"))
	if !ok {
		return e.NotFoundError("Listing not found.", nil)
	}
	return e.JSON(http.StatusOK, p)
}
