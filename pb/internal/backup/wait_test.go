package backup

import (
	"testing"
	"time"
)

// waitFor is testutil.Eventually for this package's own tests, which
// cannot import testutil (testutil builds the app, and the app imports
// this package): it waits until cond holds and fails the test when it
// still does not after within. cond is tried at once, then after pauses
// that grow from 1 ms to 50 ms.
func waitFor(t testing.TB, within time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(within)
	for pause := time.Millisecond; !cond(); pause = min(2*pause, 50*time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("waited %v for %s", within.Round(time.Millisecond), what)
		}
		time.Sleep(pause)
	}
}
