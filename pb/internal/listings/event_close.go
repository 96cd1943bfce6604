package listings

import (
	"fmt"
	"log/slog"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/when"
)

// A request whose event day has ended is closed: reads show it closed at
// once (EffectiveStatus), and this job, run at start and every ten minutes,
// closes it in the table and tells its poster. Each close is one guarded
// write (still open, same event date: closeEventPassed), so it never races
// a Sponsor press or an edit of the date.

// EventPassedBefore is the stored eventDate below which an event has passed.
func EventPassedBefore(now time.Time) string {
	return when.Stored(now.Add(-24 * time.Hour))
}

// EventNotPassed tells whether a stored eventDate (empty for none) still
// lets a request be sponsored, for a record in hand: the rule reads and the
// close job use (eventPassed).
func EventNotPassed(eventDate string, now time.Time) bool {
	return !eventPassed(eventDate, now)
}

// EffectiveStatus is what members see: an open request whose event date has
// passed is closed.
func EffectiveStatus(status, eventDate string, now time.Time) string {
	if status == StatusOpen && eventPassed(eventDate, now) {
		return StatusClosed
	}
	return status
}

// CloseEventsPassed closes the open requests whose event has passed and
// notifies their posters; it answers how many it closed.
func CloseEventsPassed(app core.App) (int, error) {
	var due []struct {
		ID        string `db:"id"`
		User      string `db:"user"`
		Title     string `db:"title"`
		EventDate string `db:"eventDate"`
	}
	err := app.DB().Select("id", "user", "title", "eventDate").From(Requests.Table).
		Where(dbx.NewExp("status = 'open' AND eventDate != '' AND eventDate < {:cut}", dbx.Params{"cut": EventPassedBefore(time.Now())})).
		Limit(1000).All(&due)
	if err != nil {
		return 0, fmt.Errorf("listings: close passed events: %w", err)
	}
	closed := 0
	for _, d := range due {
		var done *core.Record
		err := app.RunInTransaction(func(tx core.App) error {
			var err error
			if done, err = closeEventPassed(tx, d.ID, d.EventDate); err != nil || done == nil {
				return err // nil: sponsored, closed or moved meanwhile
			}
			return notify.Create(tx, notify.Note{
				UserID: d.User, Type: notify.TypeEventPassed,
				Title:   "“" + notify.Clip(d.Title, 120) + "” is closed: its event date has passed",
				Body:    "Move the event date forward to reopen it.",
				Link:    "/listings/requests/" + d.ID,
				Subject: d.ID,
			})
		})
		if err != nil {
			app.Logger().Warn("listings: closing a passed event failed", slog.String("id", d.ID), slog.String("error", err.Error()))
			continue
		}
		if done != nil {
			closed++
		}
	}
	return closed, nil
}
