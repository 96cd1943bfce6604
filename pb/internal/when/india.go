package when

import "time"

// India is the zone of the app's calendar dates (Asia/Kolkata: UTC+5:30,
// no daylight saving, so a fixed zone needs no zone database): a
// deliverable is on time when done on or before its due date there, a
// member's "as of" date is today there, and the overview's months are
// India's.
var India = time.FixedZone("Asia/Kolkata", IndiaOffsetMinutes*60)

// IndiaOffsetMinutes is India's offset from UTC; IndiaSQL is it as an
// SQLite date modifier (quoted), to read a stored UTC time as India's:
// date(x, IndiaSQL) is the day in India of the stored instant x.
const (
	IndiaOffsetMinutes = 5*60 + 30
	IndiaSQL           = "'+330 minutes'"
)

// Day is t's calendar day in India, "YYYY-MM-DD".
func Day(t time.Time) string { return t.In(India).Format(time.DateOnly) }

// IndiaDay is Day (the reports' name for it).
func IndiaDay(t time.Time) string { return Day(t) }

// IndiaDaySQL is SQLite's Day of an RFC 3339 instant (the expression
// expr), for rules counted in a query.
func IndiaDaySQL(expr string) string { return "date(" + expr + ", " + IndiaSQL + ")" }
