package when

import "time"

// India is the zone of the app's calendar dates (Asia/Kolkata: UTC+5:30,
// no daylight saving): a deliverable is on time when done on or before its
// due date there, and a member's "as of" date is today there. A fixed
// zone, so the server needs no zone database.
var India = time.FixedZone("Asia/Kolkata", 5*3600+30*60)

// IndiaDay is t's calendar date in India (YYYY-MM-DD).
func IndiaDay(t time.Time) string { return t.In(India).Format(time.DateOnly) }

// IndiaDaySQL is SQLite's IndiaDay of an RFC 3339 instant (the expression
// expr), for rules counted in a query.
func IndiaDaySQL(expr string) string { return "date(" + expr + ", '+330 minutes')" }
