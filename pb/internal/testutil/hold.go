package testutil

import (
	"sync"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"sponsorbridge/pb/internal/queue"
)

// HoldListingJobs keeps the app's alert and match lane busy (its one
// worker waits) until the answered release is called, so that a
// scenario's ExpectedEvents count exactly the request's own writes: the
// alerts and match notices it queues (and their mail) run only after
// release. Work queued before (the seed's listings' match notices and their
// mail) is finished first, so that none of it lands in the scenario either.
// release is also called when the app terminates, before the queue drains
// (which would otherwise wait for the held job: a test failing before its
// release and cleaning its app up with defer would hang), and when the test
// ends.
func HoldListingJobs(t testing.TB, app core.App) (release func()) {
	t.Helper()
	queue.Of(app).Wait()
	gate, started := make(chan struct{}), make(chan struct{})
	if err := queue.Of(app).Go(queue.Matches, func() error {
		close(started)
		<-gate
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	<-started // the lane's worker is taken: every job queued now waits
	var once sync.Once
	release = func() { once.Do(func() { close(gate) }) }
	app.OnTerminate().Bind(&hook.Handler[*core.TerminateEvent]{
		Id:       "sbTestReleaseHeldJobs",
		Priority: -1000, // before the queue's drain (pb/internal/queue/queue.go, priority 0)
		Func: func(e *core.TerminateEvent) error {
			release()
			return e.Next()
		},
	})
	t.Cleanup(release)
	return release
}
