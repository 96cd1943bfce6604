package metrics

import (
	"runtime"
	"testing"
	"time"
)

// What the middleware adds to every request: the route's series, the labels
// from their closed sets, one counter and one histogram observation, from
// ~32 goroutines at once.
func BenchmarkRequestAccounting(b *testing.B) {
	r := newRegistry()
	b.SetParallelism(max(1, 32/runtime.GOMAXPROCS(0)))
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			rt := r.route("GET /api/sponsorships/{id}")
			rt.counter(methodIndex("GET"), classIndex(200)).Inc()
			rt.duration.Observe((3 * time.Millisecond).Seconds())
		}
	})
}
