package listings

import (
	"time"

	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/search"
)

// ClosedReason says why a listing cannot be backed, from its stored status
// and event date: "" while it is open. The table keeps no reason of its own:
// a request closed by the event job and one closed by its poster are both
// stored "closed", and what tells them apart for a member is whether the
// event has passed (then only a new date reopens it, whoever closed it).
func ClosedReason(status, eventDate string, now time.Time) string {
	switch {
	case status == StatusSponsored:
		return ClosedSponsored
	case eventPassed(eventDate, now):
		return ClosedEventPassed
	case status == StatusClosed:
		return ClosedByPoster
	}
	return "" // open ("" is an offer from before offers had a status)
}

// eventPassed tells whether a stored event date (empty for none) has passed.
func eventPassed(eventDate string, now time.Time) bool {
	if eventDate == "" {
		return false
	}
	d, err := types.ParseDateTime(eventDate)
	return err == nil && !d.IsZero() && search.EventPassed(d.Time().Unix(), now.Unix())
}
