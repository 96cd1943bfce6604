package sponsoring

import "github.com/pocketbase/pocketbase/core"

// TakePlace is takePlace for an offer id whose cap the caller read as cap
// (and whose count it may have read stale).
func TakePlace(tx core.App, offerID string, cap int) error {
	return takePlace(tx, offerNow{ID: offerID, Cap: cap})
}

// RankAtMost makes sort=match rank the n newest applications (n a
// multiple of the page size) until restore is called. Not for parallel
// tests.
func RankAtMost(n int) (restore func()) {
	old := maxRanked
	maxRanked = n
	return func() { maxRanked = old }
}
