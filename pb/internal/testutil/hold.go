package testutil

import (
	"sync"
	"testing"
	"time"

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
	<-started             // the lane's worker is taken: every job queued now waits
	held.Store(app, true) // requests no longer wait for the queue (SettleBackground)
	var once sync.Once
	release = func() {
		once.Do(func() {
			held.Delete(app)
			close(gate)
		})
	}
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

// held has the apps whose listing jobs a test holds.
var held sync.Map

// SettleBackground makes each request of a test app (a scenario's, a
// journey's or a test server's) return only once the background work it
// queued has run: the mail it sends, the alerts and notices it queues.
// The scenario's event check then counts that work every time, and
// PocketBase's check, which copies the app's event counts without its lock,
// never copies them while a background job adds to them (a fatal
// "concurrent map clone and map write" in one run of the payments tests).
// While a test holds the listing jobs (HoldListingJobs) requests do not
// wait; nor does a request wait more than 10 s (a test that holds its
// mail server would otherwise hang).
func SettleBackground(app core.App) {
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Id: "sbTestSettleBackground",
		Func: func(se *core.ServeEvent) error {
			se.Router.BindFunc(func(re *core.RequestEvent) error {
				err := re.Next()
				if _, ok := held.Load(app); ok {
					return err
				}
				done := make(chan struct{})
				go func() { queue.Of(app).Wait(); close(done) }()
				select {
				case <-done:
				case <-time.After(10 * time.Second):
				}
				return err
			})
			return se.Next()
		},
	})
}
