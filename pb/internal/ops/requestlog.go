package ops

import (
	"fmt"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/router"

	"sponsorbridge/pb/internal/logline"
)

// The request log's bound (docs/security.md, "The request log").
// PocketBase logs every request it does not skip (a success on a quiet
// route) to auxiliary.db in batches of 200, each batch written by a
// goroutine of its own that waits for the log database: a flood faster than
// those writes queues entries without bound. Measured from outside with wrk:
// /api/health at 25,800 requests/s for 25 s took the server's anonymous
// memory from 129 to 648 MB, pinned at GOMEMLIMIT with the collector running
// without pause, and the queue took 20 s to drain after it.
//
// RequestLogBudget lets at most perSecond request entries a second reach the
// log (a burst of twice that); past it a request is answered exactly as
// before and not logged (its error written here, as the router would), and
// a warning says how many were not logged, at most once a minute. Entries
// the app logs itself (warnings, errors, jobs) are not counted.
func RequestLogBudget(perSecond int) *hook.Handler[*core.RequestEvent] {
	b := &logBudget{perSecond: float64(perSecond), burst: 2 * float64(perSecond)}
	b.tokens = b.burst
	return &hook.Handler[*core.RequestEvent]{
		Id: "sbRequestLogBudget",
		// just inside PocketBase's activity logger: it sees every error the
		// routes and the other middleware return, panics recovered included
		Priority: apis.DefaultActivityLoggerMiddlewarePriority + 1,
		Func:     b.handle,
	}
}

// skipSuccessLog is the event key PocketBase's activity logger reads to
// leave a success out (apis.SkipSuccessActivityLog sets it before a route
// runs; the budget decides after). TestRequestLogBudget fails if
// PocketBase renames it.
const skipSuccessLog = "__skipSuccessActivityLogger"

type logBudget struct {
	mu               sync.Mutex
	perSecond, burst float64
	tokens           float64
	last             time.Time
	unlogged         logline.Tally
}

func (b *logBudget) handle(e *core.RequestEvent) error {
	err := e.Next()
	if err == nil && e.Get(skipSuccessLog) != nil {
		return nil // not logged anyway: spends nothing
	}
	ok := b.take()
	if ok {
		return err
	}
	if warn := b.unlogged.Add(time.Now()); warn > 0 {
		e.App.Logger().Warn(fmt.Sprintf("request log: over %.0f entries a second; requests answered but not logged in the last minute: %d", b.perSecond, warn),
			"unlogged", warn)
	}
	if err != nil {
		router.ErrorHandler(e.Response, e.Request, err)
	}
	e.Set(skipSuccessLog, true)
	return nil
}

// take spends one entry of the budget, if any is left.
func (b *logBudget) take() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := time.Now()
	if !b.last.IsZero() {
		b.tokens = min(b.burst, b.tokens+now.Sub(b.last).Seconds()*b.perSecond)
	}
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}
