package metrics_test

import (
	"net/http"
	"net/http/httptest"
	"runtime"
	"testing"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// The whole router on GET /api/health (the cheapest route, so the share of
// the metrics middleware and the health probe's cached check is largest),
// from 32 goroutines at once as in make bench.
func BenchmarkHealthRoute(b *testing.B) {
	app := apptest.NewApp(b, nil)
	defer app.Cleanup()
	h := testutil.Handler(b, app)
	b.SetParallelism(max(1, 32/runtime.GOMAXPROCS(0))) // ~32 goroutines
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/health", nil))
			if rec.Code != 200 {
				b.Fatalf("%d %s", rec.Code, rec.Body)
			}
		}
	})
}
