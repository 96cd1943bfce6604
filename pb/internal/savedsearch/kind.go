// Package savedsearch keeps members' saved searches and alerts them when a
// new listing matches one: the alert comes from the search engine's
// reverse question (a Percolator holding every saved search), never from
// running the saved searches as queries. A saved search's conditions are
// the one listing filter, search.Filter, in the canonical form the
// listings package gives it (listings.LoadFilter, StoreFilter, SameFilter,
// AppURL).
package savedsearch

import (
	"encoding/json"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/search"
)

// A saved search's kind is its listing kind's Segment (the listing
// screen's tab): listings.KindOfSegment reads it.

// filterOf reads a saved search's stored conditions. A row that breaks the
// list route's rules (only a superuser's hand can write one) loads as it
// stands, as it always has; ok is false when the column is not a stored
// filter at all.
func filterOf(r *core.Record) (f search.Filter, ok bool) {
	var stored listings.StoredFilter
	if err := json.Unmarshal([]byte(r.GetString("query")), &stored); err != nil {
		return search.Filter{Status: listings.StatusOpen}, false
	}
	f, _ = listings.LoadFilter(stored)
	kind, _ := listings.KindOfSegment(r.GetString("kind"))
	return listings.ForKind(kind, f), true
}

// appURL opens the listing screen with the search applied.
func appURL(kind string, f search.Filter) string {
	k, _ := listings.KindOfSegment(kind)
	return listings.AppURL(k, f)
}
