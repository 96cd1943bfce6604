package metrics

import (
	"runtime"
	"testing"
	"time"
)

// What the middleware adds to every request: one counter and one histogram
// observation, from ~32 goroutines at once.
func BenchmarkRequestAccounting(b *testing.B) {
	r := newRegistry()
	k := requestKey{"/api/sponsorships", "GET", "2xx"}
	b.SetParallelism(max(1, 32/runtime.GOMAXPROCS(0)))
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			r.count(k)
			r.histogram(k.group).observe(3 * time.Millisecond)
		}
	})
}
