package sponsoring

import "github.com/pocketbase/pocketbase/core"

// TakePlace is takePlace for an offer id whose cap the caller read as cap
// (and whose count it may have read stale).
func TakePlace(tx core.App, offerID string, cap int) error {
	return takePlace(tx, offerNow{ID: offerID, Cap: cap})
}
