package logline

import (
	"sync"
	"time"
)

// Tally is a warning outsiders can repeat at will (a forged webhook, a
// request past the request log's bound): the first is logged at once, then
// at most one a minute, counting those since the last. Every warning is an
// entry PocketBase queues for its log database, and a flood of them would
// queue without bound (docs/security.md, "The request log"). Its zero value
// is ready.
type Tally struct {
	mu    sync.Mutex
	count int
	last  time.Time
}

// Add counts one at now and answers how many to report when a warning is
// due, 0 when not.
func (t *Tally) Add(now time.Time) int {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.count++
	if !t.last.IsZero() && now.Sub(t.last) < time.Minute {
		return 0
	}
	n := t.count
	t.count, t.last = 0, now
	return n
}
