package sponsoring

import (
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/listings"
)

// actionTarget reads the optional message of an apply or sponsor action and
// loads the listing it acts on: visible to the member, not their own, and
// not rejected.
func actionTarget(e *core.RequestEvent, table, ownMsg, rejectedMsg string) (*messageForm, *core.Record, error) {
	form := &messageForm{}
	if err := apierr.ReadOptionalBody(e, form); err != nil {
		return nil, nil, err
	}
	if err := form.validate(); err != nil {
		return nil, nil, e.BadRequestError("Please check the highlighted fields.", err)
	}
	listing, err := e.App.FindRecordById(table, e.Request.PathValue("id"))
	if err != nil || !listings.VisibleTo(listing, e.Auth) {
		return nil, nil, e.NotFoundError("Listing not found.", nil)
	}
	if listing.GetString("user") == e.Auth.Id {
		return nil, nil, e.ForbiddenError(ownMsg, nil)
	}
	if listings.HiddenRecord(listing) {
		return nil, nil, e.BadRequestError(rejectedMsg, nil)
	}
	return form, listing, nil
}
