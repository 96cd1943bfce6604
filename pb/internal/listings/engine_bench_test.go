package listings_test

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/benchdata"
	"sponsorbridge/pb/internal/testutil"
	"sponsorbridge/pb/search"
)

// The measurements behind the change feed's tuning (pb/search/tuning.go):
// what catching up 20,000 writes costs the first query after them, by the
// number of changes read at a time (Tuning.ChangeBatch), and what trimming
// the log costs (Tuning.PruneEvery entries at a time).
//
//	BENCH_CHANGE_FEED=1 go test -run '^$' -bench ChangeFeed -benchtime 1x ./pb/internal/listings/
//
// (make bench leaves it out: it measures a setting, not the routes.)
func BenchmarkChangeFeed(b *testing.B) {
	if os.Getenv("BENCH_CHANGE_FEED") == "" {
		b.Skip("BENCH_CHANGE_FEED=1 runs it")
	}
	const writes = 20_000
	for _, batch := range []int{512, 4096, 16384} {
		b.Run(fmt.Sprintf("ChangeBatch=%d", batch), func(b *testing.B) {
			for range b.N {
				b.StopTimer()
				app := apptest.NewApp(b, nil)
				poster := testutil.CreateMember(b, app, "pia", testutil.MemberOpts{})
				tune := search.DefaultTuning()
				tune.ChangeBatch = batch
				tune.PruneEvery = writes * 10 // no trim during the catch-up
				e := newSQLiteEngine(b, app, &tune)
				c := benchdata.NewCorpus()
				if err := c.SeedListings(app, "sponsorships", []string{poster.Id}, writes, 1); err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				start, cpu := time.Now(), processCPU()
				if _, err := e.Search(context.Background(), "sponsorships", &search.Query{Limit: 12}); err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(time.Since(start).Milliseconds()), "catch-up-ms")
				b.ReportMetric(float64((processCPU() - cpu).Milliseconds()), "catch-up-cpu-ms")
				b.StopTimer()

				// What one trim of the default Tuning.PruneEvery entries costs.
				start = time.Now()
				if _, err := app.NonconcurrentDB().NewQuery("DELETE FROM _search_changes WHERE seq <= {:upto}").
					Bind(map[string]any{"upto": search.DefaultTuning().PruneEvery}).Execute(); err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(time.Since(start).Microseconds())/1000, "trim-ms")
				app.Cleanup()
			}
		})
	}
}
