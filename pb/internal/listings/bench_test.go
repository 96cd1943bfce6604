package listings_test

import (
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/testutil"
	"sponsorbridge/pb/search"
)

// The benchmarks seed 100,000 listings of each kind and hit the real router
// over HTTP from 32 concurrent clients (make bench). Numbers are requests
// per second across all clients.

const benchListings = 100_000

var (
	benchOnce   sync.Once
	benchServer *httptest.Server
	benchCookie map[string]string
	benchApp    *tests.TestApp
)

var vocabulary = strings.Fields(`school library robotics football garden health clinic music festival theatre
	coding bootcamp scholarship river cleanup solar lamps village women girls youth seniors art mural film
	startup market traders farmers water wells recycling trees wildlife hospital nurses books science fair
	chess team marathon charity kitchen meals shelter animals rescue dance workshop pottery podcast radio`)

var cities = []string{"Pune", "Mumbai", "Lagos", "Nairobi", "Colombo", "Tokyo", "Berlin", "Austin", "Lima", ""}

func setupBench(b *testing.B) {
	benchOnce.Do(func() {
		benchApp = testutil.NewApp(b, nil)
		owner := testutil.CreateMember(b, benchApp, "bench", testutil.MemberOpts{Verified: true})
		start := time.Now()
		// Bulk load: drop the search triggers, insert, and let search.Ensure
		// rebuild the index in one pass (as it does after a schema change).
		if err := search.Drop(benchApp); err != nil {
			b.Fatal(err)
		}
		for _, table := range []string{"sponsorships", "sponsorship_requests"} {
			if err := seedMany(benchApp, table, owner.Id, benchListings); err != nil {
				b.Fatal(err)
			}
		}
		if err := search.Ensure(benchApp); err != nil {
			b.Fatal(err)
		}
		for _, q := range []string{"ANALYZE", "PRAGMA wal_checkpoint(TRUNCATE)"} {
			if _, err := benchApp.DB().NewQuery(q).Execute(); err != nil {
				b.Fatal(err)
			}
		}
		b.Logf("seeded %d listings of each kind in %s", benchListings, time.Since(start).Round(time.Millisecond))
		benchServer = httptest.NewServer(testutil.Handler(b, benchApp)) // lives for the whole run
		benchServer.Client().Transport.(*http.Transport).MaxIdleConnsPerHost = 128
		benchCookie = testutil.Cookie(b, owner)
		benchCookie["Origin"] = benchServer.URL
	})
}

// seedMany inserts n listings oldest first in one transaction with plain SQL
// (the search triggers still fire, as they do for every real insert).
func seedMany(app core.App, table, owner string, n int) error {
	rng := rand.New(rand.NewPCG(1, 2))
	amountField, extraCols, extraVals := "amount", "", ""
	if table == "sponsorship_requests" {
		amountField, extraCols, extraVals = "requestedAmount", ", status, eventDate", ", 'open', ''"
	}
	base := time.Now().Add(-time.Duration(n) * time.Minute)
	return app.RunInTransaction(func(tx core.App) error {
		q := tx.DB().NewQuery(fmt.Sprintf(`INSERT INTO %s (id, title, description, %s, location, categories, user,
			approved, reviewed, rejectionReason, created, updated%s)
			VALUES ({:id}, {:title}, {:desc}, {:amount}, {:loc}, {:cats}, {:user}, 0, 0, '', {:created}, {:created}%s)`,
			table, amountField, extraCols, extraVals))
		for i := 0; i < n; i++ {
			words := func(k int) string {
				w := make([]string, k)
				for j := range w {
					w[j] = vocabulary[rng.IntN(len(vocabulary))]
				}
				return strings.Join(w, " ")
			}
			created := base.Add(time.Duration(i) * time.Minute).UTC().Format("2006-01-02 15:04:05.000Z")
			_, err := q.Bind(map[string]any{
				"id":      fmt.Sprintf("b%014d", i),
				"title":   strings.ToUpper(words(1)[:1]) + words(4)[1:],
				"desc":    words(30),
				"amount":  1 + rng.IntN(10000),
				"loc":     cities[rng.IntN(len(cities))],
				"cats":    fmt.Sprintf(`["%s"]`, []string{"Education", "Healthcare", "Technology", "Environment", "Arts", "Community", "Business"}[rng.IntN(7)]),
				"user":    owner,
				"created": created,
			}).Execute()
			if err != nil {
				return err
			}
		}
		return nil
	})
}

func benchGET(b *testing.B, paths func(i int) string) {
	setupBench(b)
	client := benchServer.Client()
	b.SetParallelism(16) // 16 x GOMAXPROCS(2) = 32 concurrent clients
	cpuBefore := processCPU()
	b.ResetTimer()
	var counter sync.Mutex
	n := 0
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			counter.Lock()
			n++
			i := n
			counter.Unlock()
			req, _ := http.NewRequest(http.MethodGet, benchServer.URL+paths(i), nil)
			for k, v := range benchCookie {
				req.Header.Set(k, v)
			}
			res, err := client.Do(req)
			if err != nil {
				b.Error(err)
				return
			}
			_, _ = io.Copy(io.Discard, res.Body)
			res.Body.Close()
			if res.StatusCode != 200 {
				b.Errorf("status %d for %s", res.StatusCode, paths(i))
				return
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "req/s")
	// CPU time per request (server and in-process client together) does not
	// depend on what else the machine is running; the capacity it implies for
	// the machine's cores is the number to compare with the targets.
	cpuPerReq := (processCPU() - cpuBefore).Seconds() / float64(b.N)
	b.ReportMetric(cpuPerReq*1e6, "cpu-µs/req")
	b.ReportMetric(float64(runtime.GOMAXPROCS(0))/cpuPerReq, "req/s-at-full-cores")
}

// processCPU is the user and system CPU time this process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func BenchmarkFirstPage(b *testing.B) {
	benchGET(b, func(int) string { return "/api/sponsorships" })
}

func BenchmarkKeywordSearch(b *testing.B) {
	benchGET(b, func(i int) string { return "/api/sponsorships?q=" + vocabulary[i%len(vocabulary)] })
}

func BenchmarkRareKeywordSearch(b *testing.B) {
	// "zzq" is in no listing: the index answers at once instead of scanning.
	benchGET(b, func(int) string { return "/api/sponsorships?q=zzq" })
}

func BenchmarkCombinedFilter(b *testing.B) {
	benchGET(b, func(i int) string {
		return fmt.Sprintf("/api/sponsorship-requests?q=%s&categories=Education,Arts&minAmount=%d&maxAmount=9000&location=pu",
			vocabulary[i%len(vocabulary)], 100+i%50)
	})
}

func BenchmarkDeepPage(b *testing.B) {
	benchGET(b, func(i int) string { return fmt.Sprintf("/api/sponsorships?perPage=50&page=%d", 1+i%200) })
}
