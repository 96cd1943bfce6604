package apierr

import (
	"errors"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"sponsorbridge/pb/internal/refusal"
)

// Failed answers a domain action's error from its handler: a refusal, or
// an answer already made (a lock's 429), as it is; anything else a 500 with
// message ("": PocketBase's own words). Returned bare, PocketBase would
// answer another error as a 400, or a 404 for a missing row.
func Failed(e *core.RequestEvent, err error, message string) error {
	var apiErr *router.ApiError
	if errors.As(err, &apiErr) {
		return apiErr
	}
	if r, ok := refusal.As(err); ok {
		return r
	}
	return e.InternalServerError(message, err)
}
