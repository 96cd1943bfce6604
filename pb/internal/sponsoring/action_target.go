package sponsoring

import (
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/listings"
)

// actionForm is the optional body of an apply or sponsor action.
type actionForm interface{ validate() error }

// actionTarget reads the optional body of an apply or sponsor action into
// form and loads the listing it acts on: visible to the member, not their
// own, and not rejected.
func actionTarget(e *core.RequestEvent, form actionForm, table, ownMsg, rejectedMsg string) (*core.Record, error) {
	if err := apierr.ReadOptionalBody(e, form); err != nil {
		return nil, err
	}
	if err := form.validate(); err != nil {
		return nil, e.BadRequestError("Please check the highlighted fields.", err)
	}
	listing, err := e.App.FindRecordById(table, e.Request.PathValue("id"))
	if err != nil || !listings.VisibleTo(listing, e.Auth) {
		return nil, e.NotFoundError("Listing not found.", nil)
	}
	if listing.GetString("user") == e.Auth.Id {
		return nil, e.ForbiddenError(ownMsg, nil)
	}
	if listings.HiddenRecord(listing) {
		return nil, e.BadRequestError(rejectedMsg, nil)
	}
	return listing, nil
}
