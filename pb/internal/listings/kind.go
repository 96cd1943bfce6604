// Package listings serves the two kinds of listing: Open Sponsorships (offers
// of money) and Sponsorship Requests (projects asking for funding). Filtering,
// keyword search, sorting and paging happen here, on the server.
package listings

// Kind describes one of the two listing collections.
type Kind struct {
	Table       string // collection name
	Path        string // route prefix
	AmountField string // "amount" or "requestedAmount"
	IsRequest   bool
}

var (
	// Sponsorships are offers of sponsorship money.
	Sponsorships = Kind{Table: "sponsorships", Path: "/api/sponsorships", AmountField: "amount"}
	// Requests are projects asking for funding.
	Requests = Kind{Table: "sponsorship_requests", Path: "/api/sponsorship-requests", AmountField: "requestedAmount", IsRequest: true}
)

// Kinds lists both kinds.
var Kinds = []Kind{Sponsorships, Requests}

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
)
