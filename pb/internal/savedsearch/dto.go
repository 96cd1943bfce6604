package savedsearch

import (
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/when"

	"github.com/pocketbase/pocketbase/core"
)

// Saved is the wire shape of a saved search.
type Saved struct {
	ID        string                `json:"id"`
	Name      string                `json:"name"`
	Kind      string                `json:"kind"`
	Query     listings.StoredFilter `json:"query"`
	Paused    bool                  `json:"paused"`
	CreatedAt string                `json:"createdAt"`
	// Path opens the listing screen with the search applied.
	Path string `json:"path"`
}

func toSaved(r *core.Record) Saved {
	f, _ := filterOf(r)
	kind := r.GetString("kind")
	return Saved{ID: r.Id, Name: r.GetString("name"), Kind: kind, Query: listings.StoreFilter(f), Paused: r.GetBool("paused"),
		CreatedAt: when.API(r.GetDateTime("created").Time()), Path: appURL(kind, f)}
}
