package testutil

import (
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/queue"
)

// HoldListingJobs keeps the app's alert and match lane busy (its one
// worker waits) until the answered release is called, so that a
// scenario's ExpectedEvents count exactly the request's own writes: the
// alerts and match notices it queues (and their mail) run only after
// release. release is also called when the test ends.
func HoldListingJobs(t testing.TB, app core.App) (release func()) {
	t.Helper()
	gate, started := make(chan struct{}), make(chan struct{})
	if err := queue.Of(app).Go(queue.Matches, func() error {
		close(started)
		<-gate
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	<-started // the lane's worker is taken: every job queued now waits
	released := false
	release = func() {
		if !released {
			released = true
			close(gate)
		}
	}
	t.Cleanup(release)
	return release
}
