package listings

import (
	"errors"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/guarded"
	"sponsorbridge/pb/internal/refusal"
)

// A listing's status, every way it changes, in one place:
//   - its poster closes or reopens it (Edit, statusAsked);
//   - a request is sponsored while its pledges reach its amount, and open
//     again (its event not passed) when they no longer do (FollowPledges:
//     an edit of the amount, a pledge, a pledge ended);
//   - a request whose event has passed is closed (closeEventPassed, run by
//     CloseEventsPassed; reads show it closed at once, EffectiveStatus).
// Each is part of one guarded write of the listing (guarded.Update), whose
// hooks and realtime fire once.

// statusAsked settles the status an edit of current asks for, as of now. A
// request closed because its event passed reopens when its poster moves
// the date forward ("Change the event date to reopen"), as the
// event_passed notification promises; one its poster closed before the
// event stays closed through an edit. A sponsored request's status is its
// pledges' (FollowPledges), and a request reopens only with its event
// ahead.
func (c *cleaned) statusAsked(kind Kind, current *core.Record, now time.Time) error {
	if !kind.IsRequest {
		return nil
	}
	if c.status == nil && c.eventDate != nil &&
		ClosedReason(current.GetString("status"), current.GetString("eventDate"), now) == ClosedEventPassed &&
		!eventPassed(*c.eventDate, now) {
		reopen := StatusOpen
		c.status = &reopen
	}
	if c.status != nil && current.GetString("status") == StatusSponsored {
		return refusal.Invalidf("A sponsored request cannot be reopened or closed.", nil)
	}
	if c.status != nil && *c.status == StatusOpen {
		event := current.GetString("eventDate")
		if c.eventDate != nil {
			event = *c.eventDate
		}
		if eventPassed(event, now) {
			return refusal.Invalidf("Move the event date forward to reopen this request.", nil)
		}
	}
	return nil
}

// FollowPledges sets a request record's status from its pledgedAmount and
// requestedAmount, as of now: an open request they reach is sponsored, a
// sponsored one they no longer reach is open again while its event has not
// passed. Closed requests stay closed.
func FollowPledges(r *core.Record, now time.Time) {
	full := r.GetInt("pledgedAmount") >= r.GetInt(Requests.AmountField)
	switch status := r.GetString("status"); {
	case status == StatusOpen && full:
		r.Set("status", StatusSponsored)
	case status == StatusSponsored && !full && !eventPassed(r.GetString("eventDate"), now):
		r.Set("status", StatusOpen)
	}
}

// closeEventPassed closes request id, in tx, if it is still open with the
// passed event date the job read (eventDate); it answers nil when the
// request was sponsored, closed, moved or deleted meanwhile.
func closeEventPassed(tx core.App, id, eventDate string) (*core.Record, error) {
	r, err := guarded.Update(tx, Requests.Table, id, func(r *core.Record) bool {
		return r.GetString("status") == StatusOpen && r.GetString("eventDate") == eventDate
	}, func(r *core.Record) { r.Set("status", StatusClosed) })
	if errors.Is(err, guarded.ErrStale) {
		return nil, nil
	}
	return r, err
}
