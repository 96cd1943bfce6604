package apierr

import (
	"errors"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"sponsorbridge/pb/internal/refusal"
)

// MsgCheckFields is the top message of every answer with field errors.
const MsgCheckFields = "Please check the highlighted fields."

// Invalid is a domain action's refusal of input whose fields did not pass
// (err: the field errors), with the one top message Bind answers too; nil
// when err is nil.
func Invalid(err error) error {
	if err == nil {
		return nil
	}
	return refusal.Invalidf(MsgCheckFields, err)
}

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
