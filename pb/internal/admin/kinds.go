package admin

import (
	"strings"

	"sponsorbridge/pb/internal/listings"
)

// The API names a listing kind by its route segment ("sponsorships",
// "sponsorship-requests"); the database by its collection name.

func kindSegment(k listings.Kind) string { return strings.TrimPrefix(k.Path, "/api/") }

func kindBySegment(segment string) (listings.Kind, bool) {
	for _, k := range listings.Kinds {
		if kindSegment(k) == segment {
			return k, true
		}
	}
	return listings.Kind{}, false
}

func kindByTable(table string) (listings.Kind, bool) {
	for _, k := range listings.Kinds {
		if k.Table == table {
			return k, true
		}
	}
	return listings.Kind{}, false
}
