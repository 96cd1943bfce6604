package when

import "time"

// India is the zone of the app's calendar figures (months of the overview,
// on-time deliverables): India Standard Time, UTC+5:30 all year (no
// daylight saving, so a fixed zone needs no zone database).
var India = time.FixedZone("Asia/Kolkata", IndiaOffsetMinutes*60)

// IndiaOffsetMinutes is India's offset from UTC; IndiaSQL is it as an
// SQLite date modifier, to read a stored UTC time as India's.
const (
	IndiaOffsetMinutes = 5*60 + 30
	IndiaSQL           = "'+330 minutes'"
)
