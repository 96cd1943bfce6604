package queue_test

import (
	"errors"
	"sync/atomic"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/queue"
)

// A stopping app (the registration list's hooks) waits for the job
// running when the stop began, and the job still finds its database
// open: the databases close at the end of the stop, after the queue
// drained. Jobs queued after that are refused and counted.
func TestAStoppingAppDrainsTheQueueBeforeItsDatabasesClose(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	q := queue.Of(app)
	started, release := make(chan struct{}), make(chan struct{})
	var done atomic.Bool
	var jobErr error
	if err := q.Go(queue.Alerts, func() error {
		close(started)
		<-release
		_, jobErr = app.CountRecords("users")
		done.Store(true)
		return jobErr
	}); err != nil {
		t.Fatal(err)
	}
	<-started
	// the stop has begun (the listener and the requests are done): the job goes on
	app.OnTerminate().Bind(&hook.Handler[*core.TerminateEvent]{Priority: -1, Func: func(e *core.TerminateEvent) error {
		close(release)
		return e.Next()
	}})
	var doneAfterDrain bool
	app.OnTerminate().Bind(&hook.Handler[*core.TerminateEvent]{Priority: 1, Func: func(e *core.TerminateEvent) error {
		doneAfterDrain = done.Load()
		return e.Next()
	}})
	app.Cleanup() // the stop: OnTerminate, then the databases close

	if !doneAfterDrain || jobErr != nil {
		t.Fatalf("the stop went on before the job ended (%v), or the job found the app closed: %v", doneAfterDrain, jobErr)
	}
	if err := q.Go(queue.Mail, func() error { return nil }); !errors.Is(err, queue.ErrStopping) {
		t.Fatalf("a job queued after the stop: %v", err)
	}
	if st := q.Stats(); st[queue.Alerts].Done != 1 || st[queue.Mail].RefusedStopping != 1 {
		t.Fatalf("stats %+v", st)
	}
}
