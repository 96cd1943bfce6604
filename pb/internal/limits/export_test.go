package limits

import "time"

// SetClock replaces the clock for a test.
func SetClock(f func() time.Time) (restore func()) {
	old := now
	now = f
	return func() { now = old }
}
