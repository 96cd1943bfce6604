// Package when formats times and counts calendar months: the one place the
// server writes a date or a time, for the API (RFC 3339 in UTC) or for people (a message or an
// e-mail). The server does not know a member's time zone, so it writes UTC
// and says so; the web app shows the same instants in the member's own
// locale and zone.
package when

import (
	"time"

	"github.com/pocketbase/pocketbase/tools/types"
)

// API is an instant in API answers: RFC 3339 in UTC, or "" for the zero time.
func API(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// StoredLayout is how PocketBase stores a date and time in its tables
// ("2006-01-02 15:04:05.000Z", in UTC): the one spelling of it the server
// writes, compares and parses stored dates with.
const StoredLayout = types.DefaultDateLayout

// Stored is t as PocketBase stores it (StoredLayout, in UTC), to write into
// a table or compare with a stored date in a query.
func Stored(t time.Time) string { return t.UTC().Format(StoredLayout) }

// APIStored is API for a time as PocketBase stores it (StoredLayout); ""
// when empty or unreadable.
func APIStored(stored string) string {
	if stored == "" {
		return ""
	}
	dt, err := types.ParseDateTime(stored)
	if err != nil {
		return ""
	}
	return API(dt.Time())
}

// The people-facing formats are the web app's (web/src/lib/dates.ts,
// en-US): a member reads the same shape in a message, an e-mail and a page.

// DateTime is an instant to the minute: "Nov 24, 2026, 7:32 AM UTC".
func DateTime(t time.Time) string { return t.UTC().Format("Jan 2, 2006, 3:04 PM") + " UTC" }

// Date is a calendar day: "Nov 26, 2026".
func Date(t time.Time) string { return t.UTC().Format("Jan 2, 2006") }

// AddMonths moves t by n calendar months, keeping the day of the month but
// never past the target month's last day: 29 November + 3 months is 28
// February, not 1 March as time.AddDate would make it. Clamping keeps a
// refund exact: the months taken back from an expiry never land after the
// moment the plan was bought, so a full refund ends a plan bought on the
// 29th, 30th or 31st at once.
func AddMonths(t time.Time, n int) time.Time {
	y, m, d := t.Date()
	first := time.Date(y, m+time.Month(n), 1, t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), t.Location())
	if last := first.AddDate(0, 1, -1).Day(); d > last {
		d = last
	}
	return first.AddDate(0, 0, d-1)
}
