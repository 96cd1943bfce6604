package notify

import (
	"sync"

	"github.com/pocketbase/pocketbase/core"
)

// Jobs runs notification work off the request path, one job at a time:
// a burst of new listings, each alerting hundreds of members, queues up
// behind one worker instead of taking every core (and SQLite's write lock)
// from the requests being served. When the app stops it waits for the
// queue: a job never touches an app that has shut down.
type Jobs struct {
	mu      sync.Mutex
	closed  bool
	queue   []func()
	running bool
	idle    *sync.Cond
}

// Go queues fn unless the jobs are closed; it tells whether fn will run.
func (j *Jobs) Go(fn func()) bool {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.closed {
		return false
	}
	j.queue = append(j.queue, fn)
	if !j.running {
		j.running = true
		go j.work()
	}
	return true
}

func (j *Jobs) work() {
	for {
		j.mu.Lock()
		if len(j.queue) == 0 {
			j.running = false
			if j.idle != nil {
				j.idle.Broadcast()
			}
			j.mu.Unlock()
			return
		}
		fn := j.queue[0]
		j.queue[0] = nil
		j.queue = j.queue[1:]
		j.mu.Unlock()
		fn()
	}
}

// Wait blocks until every job queued so far is done.
func (j *Jobs) Wait() {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.idle == nil {
		j.idle = sync.NewCond(&j.mu)
	}
	for j.running {
		j.idle.Wait()
	}
}

// Close refuses new jobs and waits for the queued ones.
func (j *Jobs) Close() {
	j.mu.Lock()
	j.closed = true
	j.mu.Unlock()
	j.Wait()
}

const jobsKey = "sb.notify.jobs"

// JobsOf is the app's one notification queue (alerts and match
// announcements share it).
func JobsOf(app core.App) *Jobs {
	return app.Store().GetOrSet(jobsKey, func() any { return &Jobs{} }).(*Jobs)
}

// BindHooks closes the notification queue when the app stops, after the
// queued jobs are out.
func BindHooks(app core.App) {
	app.OnTerminate().BindFunc(func(e *core.TerminateEvent) error {
		JobsOf(app).Close()
		return e.Next()
	})
}
