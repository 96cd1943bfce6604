// Package when formats times for people: the one place the server writes a
// date or a time into a message or an e-mail. The server does not know a
// member's time zone, so it writes UTC and says so; the web app shows the
// same instants in the member's own locale and zone.
package when

import "time"

// DateTime is an instant to the minute: "24 Nov 2026, 07:32 UTC".
func DateTime(t time.Time) string { return t.UTC().Format("2 Jan 2006, 15:04") + " UTC" }

// Date is a calendar day: "26 Nov 2026".
func Date(t time.Time) string { return t.UTC().Format("2 Jan 2006") }
