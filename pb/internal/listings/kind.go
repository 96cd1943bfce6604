// Package listings serves the two kinds of listing: Open Sponsorships (offers
// of money) and Sponsorship Requests (projects asking for funding). Filtering,
// keyword search, sorting and paging happen here, on the server.
package listings

import "strings"

// Kind describes one of the two listing collections: every name it goes
// by is declared here, and the web app reads them from the generated
// contract (pb/cmd/apitypes writes them into web/src/lib/api-types.gen.ts
// as listingKinds).
type Kind struct {
	Table string // collection name (also deals' listingKind)
	Path  string // API route prefix: /api/<APISegment()>
	// Segment is the kind's name in app paths (/listings/{segment}/{id}),
	// the listing screen's ?tab=, saved searches' and previews' kind.
	Segment     string
	AmountField string // "amount" or "requestedAmount"
	// Label names one listing of the kind ("Sponsorship Request"), Plural
	// the kind's list ("Sponsorship Requests").
	Label, Plural string
	// Name is the product's name of the kind (the product spec's glossary):
	// the create dialog's tabs and button, the moderation badge; Tab is the
	// list tabs' ("Sponsors Required").
	Name, Tab string
	IsRequest bool
}

var (
	// Sponsorships are offers of sponsorship money.
	Sponsorships = Kind{Table: "sponsorships", Path: "/api/sponsorships", Segment: "sponsorships", AmountField: "amount",
		Label: "Open Sponsorship", Plural: "Open Sponsorships", Name: "Open Sponsorship", Tab: "Open Sponsorships"}
	// Requests are projects asking for funding.
	Requests = Kind{Table: "sponsorship_requests", Path: "/api/sponsorship-requests", Segment: "requests", AmountField: "requestedAmount",
		Label: "Sponsorship Request", Plural: "Sponsorship Requests", Name: "Sponsors Required", Tab: "Sponsors Required", IsRequest: true}
)

// Kinds lists both kinds.
var Kinds = []Kind{Sponsorships, Requests}

// APISegment is the kind's name in API routes (/api/<segment>) and the
// admin routes' kind.
func (k Kind) APISegment() string { return strings.TrimPrefix(k.Path, "/api/") }

// KindOfSegment is the kind whose app paths use segment.
func KindOfSegment(segment string) (Kind, bool) {
	for _, k := range Kinds {
		if k.Segment == segment {
			return k, true
		}
	}
	return Kind{}, false
}

// KindOfAPISegment is the kind whose API routes use segment.
func KindOfAPISegment(segment string) (Kind, bool) {
	for _, k := range Kinds {
		if k.APISegment() == segment {
			return k, true
		}
	}
	return Kind{}, false
}

// KindOfTable is the kind kept in table.
func KindOfTable(table string) (Kind, bool) {
	for _, k := range Kinds {
		if k.Table == table {
			return k, true
		}
	}
	return Kind{}, false
}

// Request statuses.
const (
	StatusOpen      = "open"
	StatusSponsored = "sponsored"
	StatusClosed    = "closed"
	// StatusAll is the list parameter that asks for every status (the
	// default is open: what can still be backed; "all" as in the admin
	// contact-messages list).
	StatusAll = "all"
)

// Why a listing cannot be backed (Listing.ClosedReason).
const (
	ClosedByPoster    = "poster"
	ClosedEventPassed = "event_passed"
	ClosedSponsored   = "sponsored"
	// ClosedCap: an offer holding all the applications its cap takes
	// (docs/api/eligibility.md); it stays open and takes none until one
	// is withdrawn or the cap is raised.
	ClosedCap = "cap"
)
