// Package queue is the app's one background queue: every piece of work a
// request (or a cron job) leaves behind for later runs here, tracked, so
// that the metrics see it and a stopping app waits for it. The work comes
// in kinds: a listing's saved-search alerts, its match announcements, and
// mail. Each kind runs in a lane with its own workers and its own bound:
//
//   - alerts and matches share one lane with one worker: a burst of new
//     listings, each alerting hundreds of members, queues up behind one
//     worker instead of taking every core (and SQLite's write lock) from
//     the requests being served;
//   - mail has a lane of MailWorkers: a mail waits on the mail server, not
//     on the CPU, and one slow server must not hold the others up.
//
// Jobs of a lane start in the order they were queued. A lane holds at most
// its bound of jobs waiting to start; past it Go refuses (ErrFull), and the
// caller decides what a refused job means (mail goes to the outbox; alerts
// and matches of that listing are not sent). docs/operations.md says why
// the bounds are what they are.
package queue

import (
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// Kind is one kind of work: the metrics count jobs by it, and it names the
// lane the job runs in.
type Kind struct {
	name string
	lane int
}

func (k Kind) String() string { return k.name }

// The lanes.
const (
	listingsLane = iota
	mailLane
	lanes
)

// The kinds of work.
var (
	Alerts  = Kind{"alerts", listingsLane}  // a newly visible listing against the saved searches
	Matches = Kind{"matches", listingsLane} // a newly visible listing's best matches told
	Mail    = Kind{"mail", mailLane}        // a mail: one try, then the outbox
	Kinds   = []Kind{Alerts, Matches, Mail}
)

// The bounds (docs/operations.md, "The background queue"; measured in
// TestTheBoundsHoldAndTheirMemoryIsSmall and notify's
// TestTheLargestMailFitsTheMailLaneBound).
const (
	// MaxListingJobs is how many alert and match jobs wait at most. Such a
	// job holds a listing's kind and id (about 200 bytes): 10,000 are
	// about 2 MB, and the worker clears them at hundreds a second.
	MaxListingJobs = 10_000
	// MaxMailJobs is how many mails wait at most for a worker. A job holds
	// its composed mail: about 3 KB for a notification, 40 KB at most for
	// a digest of 50 items, so 1,000 are at most 40 MB.
	MaxMailJobs = 1_000
	// MailWorkers is how many mails are tried at once: half of the mail
	// sessions (mailbox.MaxSessions), so a code a member waits for finds a
	// free session while background mail is slow.
	MailWorkers = 4
)

// ErrFull is Go's answer when the job's lane holds its bound of waiting jobs.
var ErrFull = errors.New("queue: the background queue is full")

// ErrStopping is Go's answer once the queue is closed (the app stops).
var ErrStopping = errors.New("queue: the app is stopping")

type job struct {
	kind   Kind
	run    func() error
	queued time.Time
}

type lane struct {
	workers, max int
	waiting      []job // oldest first
	running      int
}

// Queue runs jobs in the background, tracked (Wait, Close) and counted
// (Stats).
type Queue struct {
	log *slog.Logger

	mu     sync.Mutex
	closed bool
	lanes  [lanes]*lane
	idle   *sync.Cond // broadcast when the last job of every lane is done
	stats  map[Kind]*KindStats
}

// New makes a queue with the bounds above; log gets failed and refused jobs.
func New(log *slog.Logger) *Queue {
	return NewBounded(log, MaxListingJobs, MaxMailJobs)
}

// NewBounded is New with lanes that hold at most maxListings and maxMail
// waiting jobs.
func NewBounded(log *slog.Logger, maxListings, maxMail int) *Queue {
	q := &Queue{log: log, stats: map[Kind]*KindStats{}}
	q.lanes[listingsLane] = &lane{workers: 1, max: maxListings}
	q.lanes[mailLane] = &lane{workers: MailWorkers, max: maxMail}
	q.idle = sync.NewCond(&q.mu)
	for _, k := range Kinds {
		q.stats[k] = &KindStats{}
	}
	return q
}

const storeKey = "sb.queue"

// Of is app's one queue.
func Of(app core.App) *Queue {
	return app.Store().GetOrSet(storeKey, func() any { return New(app.Logger()) }).(*Queue)
}

// BindHooks adds the queue's series to the metrics and closes app's queue
// when the app stops, waiting for every job queued until then: the app's
// databases close only after (they close at the end of the stop, after
// every handler). Mail that would wait on the
// mail server goes to the outbox then instead (pb/internal/mailbox), so
// the wait is for database work.
func BindHooks(app core.App) {
	registerMetrics(app) // its depth, jobs, refusals and wait times
	app.OnTerminate().Bind(&hook.Handler[*core.TerminateEvent]{
		Id: "sbQueueDrain",
		// after the requests and cron jobs that queue work have stopped
		// (backup's graceful shutdown) and mail went into stopping mode
		Priority: 0,
		Func: func(e *core.TerminateEvent) error {
			Of(e.App).Close()
			return e.Next()
		},
	})
}

// Go queues run as a job of kind. It answers ErrStopping once the queue is
// closed and ErrFull when the kind's lane holds its bound of waiting jobs;
// either way run will not run, and the refusal is logged and counted. A
// job's error (or panic) is logged and counted as a failure.
func (q *Queue) Go(kind Kind, run func() error) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	l, st := q.lanes[kind.lane], q.stats[kind]
	var err error
	switch {
	case q.closed:
		st.RefusedStopping++
		err = ErrStopping
	case len(l.waiting) >= l.max:
		st.RefusedFull++
		err = ErrFull
	}
	if err != nil {
		q.log.Warn("Background job refused", "kind", kind.name, "error", err.Error())
		return err
	}
	l.waiting = append(l.waiting, job{kind: kind, run: run, queued: time.Now()})
	st.Waiting++
	if l.running < l.workers {
		l.running++
		go q.work(l)
	}
	return nil
}

// work runs l's jobs, oldest first, until none waits.
func (q *Queue) work(l *lane) {
	for {
		q.mu.Lock()
		if len(l.waiting) == 0 {
			l.running--
			if q.busy() == 0 {
				q.idle.Broadcast()
			}
			q.mu.Unlock()
			return
		}
		j := l.waiting[0]
		l.waiting[0] = job{}
		l.waiting = l.waiting[1:]
		st := q.stats[j.kind]
		st.Waiting--
		st.Running++
		st.waited(time.Since(j.queued))
		q.mu.Unlock()

		err := q.run(j)

		q.mu.Lock()
		st.Running--
		if err != nil {
			st.Failed++
		} else {
			st.Done++
		}
		q.mu.Unlock()
	}
}

// run runs one job; a panic is its failure, not the process's end.
func (q *Queue) run(j job) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
			q.log.Error("Background job panicked", "kind", j.kind.name, "error", err.Error(), "stack", string(debug.Stack()))
		}
	}()
	if err = j.run(); err != nil {
		q.log.Error("Background job failed", "kind", j.kind.name, "error", err.Error())
	}
	return err
}

// busy counts the jobs waiting or running in every lane (q.mu held).
func (q *Queue) busy() int {
	n := 0
	for _, l := range q.lanes {
		n += len(l.waiting) + l.running
	}
	return n
}

// Wait blocks until no job waits or runs, jobs queued by jobs included.
func (q *Queue) Wait() {
	q.mu.Lock()
	defer q.mu.Unlock()
	for q.busy() > 0 {
		q.idle.Wait()
	}
}

// Close refuses new jobs from now on and waits for the queued ones (and
// for what they queue meanwhile: nothing, since they are refused too).
func (q *Queue) Close() {
	q.mu.Lock()
	q.closed = true
	q.mu.Unlock()
	q.Wait()
}
