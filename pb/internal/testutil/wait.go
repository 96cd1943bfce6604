package testutil

import (
	"testing"
	"time"
)

// Eventually waits until cond holds and fails the test when it still does
// not after within. Work a request leaves to the background (mail, alerts,
// Litestream's shipping) ends when it ends: tests wait for what they need
// through here, never for a fixed time. cond is tried at once, then after
// pauses that grow from 1 ms to 50 ms.
func Eventually(t testing.TB, within time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(within)
	for pause := time.Millisecond; !cond(); pause = min(2*pause, 50*time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("waited %v for %s", within, what)
		}
		time.Sleep(pause)
	}
}
