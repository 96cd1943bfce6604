// Package limits holds the app's own limits, which PocketBase's per-IP rate
// limiter cannot express: per member (messages, applications, reports and
// the routes that send e-mail), per account and per superuser address
// (failed sign-ins, with known-device cookies), per superuser address for
// mailed codes, and per client address for wrong e-mail codes over all
// addresses (client_codes.go). They count in memory: one process serves
// the app, and a restart only forgets some recent history. PocketBase's per-IP rules
// (the route table's PerIP, route.IPRules) stay in front of them. Both follow the same switch,
// the dashboard's (and RATE_LIMITS') "rate limits enabled", except the
// bound on superusers' code mails, which bounds mail and is always on.
package limits

import (
	"fmt"
	"math"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// now is the clock; tests move it.
var now = time.Now

// windows counts recent events per key in a sliding window: exact, and
// atomic, so a burst of concurrent requests cannot slip past the count.
type windows struct {
	mu        sync.Mutex
	hits      map[string][]time.Time
	lastSweep time.Time
}

func windowsOf(app core.App) *windows {
	return app.Store().GetOrSet("sbLimitWindows", func() any {
		return &windows{hits: map[string][]time.Time{}}
	}).(*windows)
}

// take records one event for key unless max events already happened in the
// last window; it then answers how long until one slot frees.
func (w *windows) take(key string, max int, window time.Duration) (bool, time.Duration) {
	t := now()
	w.mu.Lock()
	defer w.mu.Unlock()
	w.sweep(t)
	kept := w.hits[key][:0]
	for _, h := range w.hits[key] {
		if t.Sub(h) < window {
			kept = append(kept, h)
		}
	}
	if len(kept) >= max {
		w.hits[key] = kept
		return false, kept[0].Add(window).Sub(t)
	}
	w.hits[key] = append(kept, t)
	return true, 0
}

// Take counts one event for key (named by its kind: "code-device|…")
// unless max events already happened in the last window; it then answers
// how long until one slot frees. Everything passes while limits are off.
func Take(app core.App, key string, max int, window time.Duration) (bool, time.Duration) {
	if !enabled(app) {
		return true, 0
	}
	return windowsOf(app).take(key, max, window)
}

// GiveBack forgets the newest event of key, taken by Take for an attempt
// that turned out not to count (a right code).
func GiveBack(app core.App, key string) {
	if !enabled(app) {
		return
	}
	w := windowsOf(app)
	w.mu.Lock()
	defer w.mu.Unlock()
	if hits := w.hits[key]; len(hits) > 0 {
		w.hits[key] = hits[:len(hits)-1]
	}
}

// sweep forgets keys with no recent events, so memory follows activity.
func (w *windows) sweep(t time.Time) {
	if t.Sub(w.lastSweep) < 10*time.Minute {
		return
	}
	w.lastSweep = t
	for key, hits := range w.hits {
		if len(hits) == 0 || t.Sub(hits[len(hits)-1]) > 24*time.Hour {
			delete(w.hits, key)
		}
	}
}

// enabled is the one switch for every limit.
func enabled(app core.App) bool { return app.Settings().RateLimits.Enabled }

// inWords says a wait the way a message should: "30 seconds", "4 minutes".
func inWords(d time.Duration) string {
	switch {
	case d <= time.Second:
		return "1 second"
	case d < time.Minute:
		return fmt.Sprintf("%d seconds", int(math.Ceil(d.Seconds())))
	case d < 2*time.Minute:
		return "1 minute"
	case d < time.Hour:
		return fmt.Sprintf("%d minutes", int(math.Ceil(d.Minutes())))
	case d < 2*time.Hour:
		return "1 hour"
	}
	return fmt.Sprintf("%d hours", int(math.Ceil(d.Hours())))
}
