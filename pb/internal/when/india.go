package when

import "time"

// India is the zone a deal's calendar days are counted in (a deliverable's
// due date, a figure's "as of" day): Asia/Kolkata, UTC+5:30 all year
// without summer time, fixed so that the binary needs no zone database.
var India = time.FixedZone("Asia/Kolkata", 5*3600+30*60)

// IndiaSQL is India as an SQLite date modifier: date(x, IndiaSQL) is the
// day in India of the stored instant x, the same day as Day.
const IndiaSQL = "+330 minutes"

// Day is t's calendar day in India, "YYYY-MM-DD".
func Day(t time.Time) string { return t.In(India).Format(time.DateOnly) }
