package sponsoring

import (
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/refusal"
)

const (
	msgListingNotFound = "Listing not found."
)

// target loads the listing an apply or a pledge acts on: visible to the
// member, not their own (own is the refusal's words), and not rejected
// (rejected is the refusal's words).
func target(app core.App, me *core.Record, table, id, own, rejected string) (*core.Record, error) {
	listing, err := app.FindRecordById(table, id)
	if err != nil || !listings.VisibleTo(listing, me) {
		return nil, refusal.NotFoundf(msgListingNotFound)
	}
	if listing.GetString("user") == me.Id {
		return nil, refusal.Forbiddenf(own)
	}
	if listings.HiddenRecord(listing) {
		return nil, refusal.Invalidf(rejected, nil)
	}
	return listing, nil
}
