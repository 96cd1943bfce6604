package listings_test

import (
	"context"
	"fmt"
	"io"
	mrand "math/rand"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/app"
	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/benchdata"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/route"
	"sponsorbridge/pb/internal/session"
	"sponsorbridge/pb/internal/testutil"
	"sponsorbridge/pb/search"
)

// make bench: listings of each kind (BENCH_LISTINGS, 100,000 by default),
// the real router over HTTP, 32 concurrent clients in this process, and
// parameters that change on every request (a repeated URL would measure a
// cache). Each benchmark reports requests/s, p50 and p99 latency, CPU per
// request, and its rate as a share of /api/health measured in the same run,
// without a session and signed in (the search goals' ceiling). The clients
// ask for gzip as a browser does; BENCH_GZIP=0 asks for no compression, as
// wrk does unless told.
//
// The seeded database is kept in $TMPDIR between runs (it takes a while at a
// million listings) and copied for each run; delete it to reseed.

var (
	benchOnce    sync.Once
	benchServer  *httptest.Server
	benchHeaders map[string]string
	// benchSessions are the signed-in loads' members: each request is one
	// of theirs, drawn at random (one member's session would measure the
	// session cache).
	benchSessions []map[string]string
	benchAdmin    map[string]string
	benchApp      *tests.TestApp
	benchCorpus   *benchdata.Corpus
	benchHealth   float64 // requests/s of /api/health, measured first
	// benchHealthSignedIn is the signed-in ceiling: /api/health with the
	// signed-in loads' sessions, measured right after benchHealth.
	benchHealthSignedIn float64
	// benchHealthSignedInCPU is that ceiling's CPU a request: on a machine
	// shared with other work the rates swing from one load to the next,
	// and the share of CPU costs is what the share of rates would be on
	// two cores of its own.
	benchHealthSignedInCPU time.Duration
	// benchGzip is whether the clients ask for gzip (BENCH_GZIP=0: they
	// ask for no compression, as wrk does unless told).
	benchGzip    = os.Getenv("BENCH_GZIP") != "0"
	benchPosters []string
)

// TestMain removes the benchmarks' copy of the seeded data after the run
// (the seeded original stays for the next): left behind, each make bench
// kept 0.7 GB in $TMPDIR, and a million listings several.
func TestMain(m *testing.M) {
	code := m.Run()
	if benchApp != nil {
		benchServer.Close()
		benchApp.Cleanup()
	}
	os.Exit(code)
}

func benchSize() int {
	if n, err := strconv.Atoi(os.Getenv("BENCH_LISTINGS")); err == nil && n > 0 {
		return n
	}
	return 100_000
}

const benchDataVersion = "v4" // v4: one poster in seven reliable

func setupBench(b *testing.B) {
	benchOnce.Do(func() {
		session.GuardShared(false) // measure the routes as served
		route.CheckAnswers(false)  // (the tests' answer check buffers and decodes every page)
		var opts app.Options
		if os.Getenv("BENCH_NO_KEYWORD_CACHE") != "" {
			tune := search.DefaultTuning()
			tune.KeywordCacheSize = 0
			opts.SearchTuning = &tune
			b.Log("keyword cache off")
		} else if mib, err := strconv.Atoi(os.Getenv("BENCH_KEYWORD_CACHE_MIB")); err == nil && mib > 0 {
			tune := search.DefaultTuning()
			tune.KeywordCacheBytes = mib << 20
			opts.SearchTuning = &tune
			b.Logf("keyword cache of %d MiB a kind", mib)
		}
		n := benchSize()
		benchCorpus = benchdata.Shared()
		dir := filepath.Join(os.TempDir(), fmt.Sprintf("sponsorbridge-bench-%d-%s", n, benchDataVersion))
		if _, err := os.Stat(filepath.Join(dir, "data.db")); err != nil {
			seedBenchDir(b, dir, n)
		}
		start := time.Now()
		benchApp = apptest.NewAppFromDir(b, dir, nil, opts)
		b.Logf("copied the seeded data directory in %s", time.Since(start).Round(time.Millisecond))

		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		start = time.Now()
		benchServer = httptest.NewServer(testutil.Handler(b, benchApp)) // starts the engine's load
		benchServer.Client().Transport.(*http.Transport).MaxIdleConnsPerHost = 128
		benchServer.Client().Timeout = 10 * time.Second
		// Go's transport asks for gzip by itself, and decodes, when a
		// request does not say: with BENCH_GZIP=0 it must not.
		benchServer.Client().Transport.(*http.Transport).DisableCompression = !benchGzip
		admin := testutil.FindByUsername(b, benchApp, "benchadmin")
		benchAdmin = testutil.Cookie(b, admin)
		benchAdmin["Origin"] = benchServer.URL
		member := testutil.FindByUsername(b, benchApp, "benchmember")
		benchHeaders = testutil.Cookie(b, member)
		benchHeaders["Origin"] = benchServer.URL
		for i := range benchSessionCount {
			m := testutil.CreateMember(b, benchApp, fmt.Sprintf("benchsession%03d", i), testutil.MemberOpts{})
			h := testutil.Cookie(b, m)
			h["Origin"] = benchServer.URL
			benchSessions = append(benchSessions, h)
		}
		// The server answers at once; lists say 503 until the index is loaded.
		if res := get(b, "/api/health"); res != 200 {
			b.Fatalf("health during the load: %d", res)
		}
		b.Logf("healthy %s after start", time.Since(start).Round(time.Millisecond))
		for {
			res := get(b, "/api/sponsorships")
			if res == 200 {
				break
			}
			if res != 503 || time.Since(start) > 10*time.Minute {
				b.Fatalf("first list: %d", res)
			}
		}
		runtime.GC()
		runtime.ReadMemStats(&m1)
		b.Logf("index of %d + %d listings ready %s after the server started; heap %+.1f MB",
			n, n, time.Since(start).Round(time.Millisecond), float64(int64(m1.HeapInuse)-int64(m0.HeapInuse))/1e6)

		// The ceiling: /api/health as a load balancer asks it (no session).
		benchHealth = measure(b, 3*time.Second, func(*mrand.Rand) string { return "/api/health" }, nil).rate
		signedIn := measure(b, 3*time.Second, func(*mrand.Rand) string { return "/api/health" }, benchSessions)
		benchHealthSignedIn, benchHealthSignedInCPU = signedIn.rate, signedIn.cpu
		b.Logf("/api/health: %.0f requests/s, signed in %.0f (the ceilings for this run; gzip asked: %t)",
			benchHealth, benchHealthSignedIn, benchGzip)
	})
}

func seedBenchDir(b *testing.B, dir string, n int) {
	start := time.Now()
	app := apptest.NewApp(b, nil)
	testutil.CreateMember(b, app, "benchadmin", testutil.MemberOpts{Admin: true, Subscribed: true, Verified: true})
	member := testutil.CreateMember(b, app, "benchmember", testutil.MemberOpts{})
	// 500 posters, one in five verified and one in seven reliable; they
	// share the member's password hash.
	users, _ := app.FindCollectionByNameOrId("users")
	for i := 0; i < 500; i++ {
		r := core.NewRecord(users)
		r.Set("username", fmt.Sprintf("poster%03d", i))
		r.Set("displayName", fmt.Sprintf("Poster %d", i))
		r.Set("isVerified", i%5 == 0)
		r.Set("isReliable", i%7 == 0)
		r.SetRaw("password", member.GetString("password"))
		if err := app.SaveNoValidate(r); err != nil {
			b.Fatal(err)
		}
		benchPosters = append(benchPosters, r.Id)
	}
	for i, table := range []string{"sponsorships", "sponsorship_requests"} {
		if err := benchCorpus.SeedListings(app, table, benchPosters, n, int64(i+1)); err != nil {
			b.Fatal(err)
		}
	}
	for _, q := range []string{"ANALYZE", "PRAGMA wal_checkpoint(TRUNCATE)"} {
		if _, err := app.DB().NewQuery(q).Execute(); err != nil {
			b.Fatal(err)
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.Fatal(err)
	}
	for _, f := range []string{"data.db", "auxiliary.db"} {
		if err := copyFile(filepath.Join(app.DataDir(), f), filepath.Join(dir, f)); err != nil {
			b.Fatal(err)
		}
	}
	app.Cleanup()
	b.Logf("seeded %d listings of each kind in %s", n, time.Since(start).Round(time.Millisecond))
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

func get(b *testing.B, path string) int {
	req, _ := http.NewRequest(http.MethodGet, benchServer.URL+path, nil)
	for k, v := range benchHeaders {
		req.Header.Set(k, v)
	}
	res, err := benchServer.Client().Do(req)
	if err != nil {
		b.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.StatusCode
}

type loadResult struct {
	peakAnon float64 // MiB, sampled every 100 ms during the load
	n        int
	rate     float64
	p50, p99 time.Duration
	cpu      time.Duration // per request, server and in-process client (which does not decode)
	errors   int
	first    string
}

// measure runs 32 clients for d, each request's path drawn fresh.
func measure(b *testing.B, d time.Duration, path func(*mrand.Rand) string, sessions []map[string]string) loadResult {
	const clients = 32
	var (
		mu      sync.Mutex
		lat     []time.Duration
		errs    int
		first   string
		wg      sync.WaitGroup
		seq     atomic.Int64
		stop    atomic.Bool
		client  = benchServer.Client()
		cpuFrom = processCPU()
		from    = time.Now()
	)
	for c := 0; c < clients; c++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := mrand.New(mrand.NewSource(seq.Add(1))) // a fixed seed per client: runs compare
			var mine []time.Duration
			bad := 0
			badPath := ""
			for !stop.Load() {
				p := path(rng)
				req, _ := http.NewRequest(http.MethodGet, benchServer.URL+p, nil)
				// Asked for by name, gzip is what a browser gets, and the
				// client reads the compressed body without decoding it, as
				// wrk does: a member's device decodes, not the server.
				// BENCH_GZIP=0 asks for none, as wrk does unless told.
				if benchGzip {
					req.Header.Set("Accept-Encoding", "gzip")
				}
				if len(sessions) > 0 {
					for k, v := range sessions[rng.Intn(len(sessions))] {
						req.Header.Set(k, v)
					}
				}
				t0 := time.Now()
				res, err := client.Do(req)
				if err == nil {
					_, _ = io.Copy(io.Discard, res.Body)
					res.Body.Close()
				}
				mine = append(mine, time.Since(t0))
				if err != nil || res.StatusCode != 200 {
					bad++
					if badPath == "" {
						badPath = p
						if err == nil {
							badPath += " -> " + res.Status
						}
					}
				}
			}
			mu.Lock()
			lat = append(lat, mine...)
			errs += bad
			if first == "" {
				first = badPath
			}
			mu.Unlock()
		}()
	}
	// BENCH_CPUPROFILE=file profiles the load alone (-test.cpuprofile would
	// also hold the seeding and the index's load).
	if f := os.Getenv("BENCH_CPUPROFILE"); f != "" {
		if out, err := os.Create(f); err == nil && pprof.StartCPUProfile(out) == nil {
			defer func() { pprof.StopCPUProfile(); out.Close() }()
		}
	}
	// BENCH_MEMPROFILE=file writes the heap profile before the load
	// (file.before) and after it: go tool pprof -sample_index=alloc_space
	// -base file.before file is what the load allocated.
	if f := os.Getenv("BENCH_MEMPROFILE"); f != "" {
		writeHeapProfile(f + ".before")
		defer writeHeapProfile(f)
	}
	var peak float64
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
		peak = max(peak, anonResidentMiB())
	}
	stop.Store(true)
	wg.Wait()
	elapsed := time.Since(from)
	cpu := processCPU() - cpuFrom
	slices.Sort(lat)
	r := loadResult{n: len(lat), errors: errs, first: first, peakAnon: peak}
	if r.n > 0 {
		r.rate = float64(r.n) / elapsed.Seconds()
		r.p50 = lat[r.n/2]
		r.p99 = lat[r.n*99/100]
		r.cpu = cpu / time.Duration(r.n)
	}
	return r
}

// runClass is one benchmark: a load of d = -benchtime per b.N (use
// -benchtime=1x and BENCH_SECONDS to set the duration).
func runClass(b *testing.B, path func(*mrand.Rand) string) {
	setupBench(b)
	runClassAs(b, path, benchSessions)
}

// benchSessionCount is how many members' sessions the signed-in loads use.
const benchSessionCount = 256

func runClassAs(b *testing.B, path func(*mrand.Rand) string, sessions []map[string]string) {
	setupBench(b)
	b.ResetTimer()
	var r loadResult
	for i := 0; i < b.N; i++ {
		r = measure(b, benchLoadTime(), path, sessions)
	}
	b.StopTimer()
	reportLoad(b, r)
}

// benchLoadTime is how long each load runs: BENCH_SECONDS, 5 unless set.
func benchLoadTime() time.Duration {
	secs := 5
	if s, err := strconv.Atoi(os.Getenv("BENCH_SECONDS")); err == nil && s > 0 {
		secs = s
	}
	return time.Duration(secs) * time.Second
}

// reportLoad reports a load's metrics; its failed requests fail the
// benchmark.
func reportLoad(b *testing.B, r loadResult) {
	if r.errors > 0 {
		b.Errorf("%d of %d requests failed (first: %s)", r.errors, r.n, r.first)
	}
	b.ReportMetric(r.rate, "req/s")
	b.ReportMetric(float64(r.p50.Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(r.p99.Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(r.cpu.Microseconds()), "cpu-µs/req")
	if benchHealth > 0 {
		b.ReportMetric(100*r.rate/benchHealth, "%-of-health")
	}
	if benchHealthSignedIn > 0 {
		b.ReportMetric(100*r.rate/benchHealthSignedIn, "%-of-signed-in-health")
	}
	if benchHealthSignedInCPU > 0 && r.cpu > 0 {
		b.ReportMetric(100*float64(benchHealthSignedInCPU)/float64(r.cpu), "%-of-signed-in-health-by-cpu")
	}
	b.ReportMetric(r.peakAnon, "peak-anon-MiB")
	b.ReportMetric(0, "ns/op") // the load's own metrics above are the result
}

// anonResidentMiB is the process's anonymous resident memory (RssAnon):
// the heap, the SQLite driver's own allocations, stacks. Not VmRSS: every
// pooled connection maps data.db (mmap_size), and each mapping counts the
// same shared file pages again (32 connections × a 150 MB file read 4.8 GB
// at 100k while the machine's page cache held one copy).
func anonResidentMiB() float64 {
	raw, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if rest, ok := strings.CutPrefix(line, "RssAnon:"); ok {
			kb, _ := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 64)
			return kb / 1024
		}
	}
	return 0
}

func writeHeapProfile(file string) {
	if out, err := os.Create(file); err == nil {
		_ = pprof.Lookup("allocs").WriteTo(out, 0)
		out.Close()
	}
}

func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// The query classes of the mix are benchdata's (every parameter drawn per
// request); zipfFor is the corpus's long-tail law of words.

func zipfFor(rng *mrand.Rand) *mrand.Zipf { return benchCorpus.Zipf(rng) }

// The same with whole words only (no first letters of a word).
func keywordCategoryByAmountWholeWords(rng *mrand.Rand) string {
	order := []string{"amount_desc", "amount_asc"}[rng.Intn(2)]
	return fmt.Sprintf("%s?q=%s&categories=%s&minAmount=%d&sort=%s", benchdata.KindPath(rng), url.QueryEscape(benchCorpus.Words[zipfFor(rng).Uint64()]),
		benchdata.Categories[rng.Intn(7)], 1+rng.Intn(9000), order)
}

func BenchmarkKeywordCategoryMinByAmountWholeWords(b *testing.B) {
	runClass(b, keywordCategoryByAmountWholeWords)
}

// The ceiling: /api/health without a session, and with one (what signing
// the member in costs every request).
func BenchmarkHealth(b *testing.B) {
	setupBench(b)
	runClassAs(b, func(*mrand.Rand) string { return "/api/health" }, nil)
}

func BenchmarkHealthSignedIn(b *testing.B) {
	runClass(b, func(*mrand.Rand) string { return "/api/health" })
}

func BenchmarkPlainPages(b *testing.B)             { runClass(b, benchdata.PlainPage) }
func BenchmarkKeywordPages(b *testing.B)           { runClass(b, benchdata.KeywordPage) }
func BenchmarkCategoryAmountLocation(b *testing.B) { runClass(b, benchdata.CategoryAmountLocation) }
func BenchmarkKeywordCategoryMinByAmount(b *testing.B) {
	runClass(b, benchdata.KeywordCategoryByAmount)
}
func BenchmarkMix(b *testing.B)     { runClass(b, benchdata.Mix) }
func BenchmarkHardMix(b *testing.B) { runClass(b, benchdata.HardMix) }

// Writes do not starve reads: the mix while 20 listings a second are posted
// through the real route.
func BenchmarkMixWithWrites(b *testing.B) {
	setupBench(b)
	stop := make(chan struct{})
	var posted, failed atomic.Int64
	go func() {
		tick := time.NewTicker(50 * time.Millisecond)
		defer tick.Stop()
		rng := mrand.New(mrand.NewSource(99))
		z := zipfFor(rng)
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			case <-tick.C:
			}
			req := newListingPost(rng, z, i%2 == 1)
			res, err := benchServer.Client().Do(req)
			if err != nil || res.StatusCode != 201 {
				failed.Add(1)
			} else {
				posted.Add(1)
			}
			if err == nil {
				_, _ = io.Copy(io.Discard, res.Body)
				res.Body.Close()
			}
		}
	}()
	runClass(b, benchdata.Mix)
	close(stop)
	if failed.Load() > 0 {
		b.Errorf("%d posts failed", failed.Load())
	}
	b.Logf("posted %d listings during the run", posted.Load())
}

// newListingPost is a realistic new listing (corpus text, a category, a
// city) posted as the administrator, who is exempt from the posting limits.
func newListingPost(rng *mrand.Rand, z *mrand.Zipf, request bool) *http.Request {
	path, amount := "/api/sponsorships", "amount"
	if request {
		path, amount = "/api/sponsorship-requests", "requestedAmount"
	}
	body := fmt.Sprintf(`{"title":%q,"description":%q,%q:%d,"categories":[%q],"location":%q}`,
		benchCorpus.Text(rng, z, 5, false), benchCorpus.Text(rng, z, 40, true), amount, 1+rng.Intn(10000),
		benchdata.Categories[rng.Intn(7)], benchdata.Cities[rng.Intn(len(benchdata.Cities))])
	req, _ := http.NewRequest(http.MethodPost, benchServer.URL+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	for k, v := range benchAdmin {
		req.Header.Set(k, v)
	}
	return req
}

// Deep pages: the first pages of 50 against pages 2-200 reached by cursor.
var cursorChains struct {
	once  sync.Once
	paths []string // "/api/...?perPage=50&cursor=..." for pages 2..200 of a few lists
}

func BenchmarkFirstPagesOf50(b *testing.B) {
	runClass(b, func(rng *mrand.Rand) string {
		return fmt.Sprintf("%s?perPage=50&categories=%s", benchdata.KindPath(rng), benchdata.Categories[rng.Intn(7)])
	})
}

func BenchmarkDeepPagesByCursor(b *testing.B) {
	setupBench(b)
	cursorChains.once.Do(func() {
		for _, kind := range []string{"/api/sponsorships", "/api/sponsorship-requests"} {
			for _, cat := range benchdata.Categories {
				base := kind + "?perPage=50&categories=" + cat
				next := ""
				for page := 2; page <= 200; page++ {
					req, _ := http.NewRequest(http.MethodGet, benchServer.URL+base+next, nil)
					for k, v := range benchHeaders {
						req.Header.Set(k, v)
					}
					res, err := benchServer.Client().Do(req)
					if err != nil {
						b.Fatal(err)
					}
					_, _ = io.Copy(io.Discard, res.Body)
					res.Body.Close()
					c := res.Header.Get("X-Next-Cursor")
					if c == "" {
						break
					}
					next = "&cursor=" + c
					cursorChains.paths = append(cursorChains.paths, base+next)
				}
			}
		}
	})
	runClass(b, func(rng *mrand.Rand) string { return cursorChains.paths[rng.Intn(len(cursorChains.paths))] })
}

// Building the index from the tables, from scratch (what every start does).
func BenchmarkIndexBuild(b *testing.B) {
	setupBench(b)
	for i := 0; i < b.N; i++ {
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		start := time.Now()
		e, err := listings.NewEngine(benchApp, nil)
		if err != nil {
			b.Fatal(err)
		}
		if err := e.Start(); err != nil {
			b.Fatal(err)
		}
		if err := e.Wait(context.Background()); err != nil {
			b.Fatal(err)
		}
		took := time.Since(start)
		runtime.GC()
		runtime.ReadMemStats(&m1)
		b.ReportMetric(took.Seconds(), "build-s")
		b.ReportMetric(float64(int64(m1.HeapInuse)-int64(m0.HeapInuse))/1e6, "heap-MB")
		runtime.KeepAlive(e)
	}
	b.ReportMetric(0, "ns/op")
}
