package listings

import (
	"net/http"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// update lets a poster edit or close their own listing (Edit). A body that
// is not JSON is refused only once the listing is found and theirs.
func (h *handlers) update(e *core.RequestEvent) error {
	in := &ListingInput{}
	if err := e.BindBody(in); err != nil {
		in = nil
	}
	record, err := Edit(e.App, h.kind, viewerOf(e), e.Request.PathValue("id"), in, time.Now())
	if err != nil {
		return err
	}
	return h.answer(e, http.StatusOK, record.Id)
}
