package listings_test

import (
	"bufio"
	"fmt"
	mrand "math/rand"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"sponsorbridge/pb/internal/benchdata"
	"sponsorbridge/pb/internal/sqlwriter"
)

// The query classes, one at a time (docs/search.md, "Measurements"): each
// fixes one kind of filter and draws the rest (kind, categories, page)
// afresh per request, so a class's CPU per request at 100k and at 1M can be
// compared.

// withRest adds what every class varies besides its own filter.
func withRest(rng *mrand.Rand, v url.Values) string {
	if rng.Intn(2) == 0 {
		v.Set("categories", benchdata.Categories[rng.Intn(7)])
	}
	if v.Get("page") == "" {
		v.Set("page", strconv.Itoa(1+rng.Intn(3)))
	}
	return benchdata.KindPath(rng) + "?" + v.Encode()
}

// randomSubstring is three letters drawn at random: most are inside some
// words, few are whole words.
func randomSubstring(rng *mrand.Rand) string {
	const letters = "abcdefghijklmnopqrstuvwxyz"
	return withRest(rng, url.Values{"q": {string([]byte{letters[rng.Intn(26)], letters[rng.Intn(26)], letters[rng.Intn(26)]})}})
}

// twoLetters is the first two letters of a word members type.
func twoLetters(rng *mrand.Rand) string {
	w := benchCorpus.Words[zipfFor(rng).Uint64()]
	if len(w) < 2 {
		w += "a"
	}
	return withRest(rng, url.Values{"q": {w[:2]}})
}

// severalWords is two or three whole words, each from the long tail.
func severalWords(rng *mrand.Rand) string {
	z := zipfFor(rng)
	words := []string{benchCorpus.Words[z.Uint64()], benchCorpus.Words[z.Uint64()]}
	if rng.Intn(2) == 0 {
		words = append(words, benchCorpus.Words[z.Uint64()])
	}
	return withRest(rng, url.Values{"q": {strings.Join(words, " ")}})
}

func verifiedOnly(rng *mrand.Rand) string {
	v := url.Values{"verified": {"true"}}
	if rng.Intn(2) == 0 {
		v.Set("q", benchdata.Keyword(rng, zipfFor(rng)))
	}
	return withRest(rng, v)
}

func openOnly(rng *mrand.Rand) string {
	v := url.Values{"status": {"open"}}
	if rng.Intn(2) == 0 {
		v.Set("q", benchdata.Keyword(rng, zipfFor(rng)))
	}
	return withRest(rng, v)
}

func byAmount(order string) func(rng *mrand.Rand) string {
	return func(rng *mrand.Rand) string {
		v := url.Values{"sort": {order}}
		if rng.Intn(2) == 0 {
			v.Set("min", strconv.Itoa(rng.Intn(5000)))
		}
		return withRest(rng, v)
	}
}

// deepPage is a page between 30 and 60 by offset.
func deepPage(rng *mrand.Rand) string {
	return withRest(rng, url.Values{"page": {strconv.Itoa(30 + rng.Intn(31))}})
}

func BenchmarkRandomSubstrings(b *testing.B)  { runClass(b, randomSubstring) }
func BenchmarkTwoLetterKeywords(b *testing.B) { runClass(b, twoLetters) }
func BenchmarkSeveralWords(b *testing.B)      { runClass(b, severalWords) }
func BenchmarkVerifiedOnly(b *testing.B)      { runClass(b, verifiedOnly) }
func BenchmarkStatusOpen(b *testing.B)        { runClass(b, openOnly) }
func BenchmarkAmountAscending(b *testing.B)   { runClass(b, byAmount("amount_asc")) }
func BenchmarkAmountDescending(b *testing.B)  { runClass(b, byAmount("amount_desc")) }
func BenchmarkDeepPages(b *testing.B)         { runClass(b, deepPage) }

// BenchmarkHardMixWithSQLWrites is the hard mix while another process
// inserts and edits listings through SQL at BENCH_WRITES per second (50
// unless set): the path a change takes through the triggers and the change
// log, not through the app. It reports that load, and as reads-lost-% how
// much lower its rate is than the same mix's without writes just before
// and just after it (their mean): BenchmarkHardMix runs later in a full
// run, with caches the other classes have warmed, so it is no fair base.
func BenchmarkHardMixWithSQLWrites(b *testing.B) {
	setupBench(b)
	before := measure(b, benchLoadTime(), benchdata.HardMix, benchSessions)
	rate := 50
	if n, err := strconv.Atoi(os.Getenv("BENCH_WRITES")); err == nil && n > 0 {
		rate = n
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestBenchSQLWriter$", "-test.v")
	cmd.Env = append(os.Environ(), "BENCH_WRITER_DB="+filepath.Join(benchApp.DataDir(), "data.db"),
		"BENCH_WRITER_RATE="+strconv.Itoa(rate))
	out, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	var writes atomic.Int64
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if n, err := strconv.ParseInt(strings.TrimPrefix(sc.Text(), "wrote "), 10, 64); err == nil {
				writes.Store(n)
			}
		}
	}()
	time.Sleep(time.Second) // the writer is up and writing
	from := writes.Load()
	start := time.Now()
	during := measure(b, benchLoadTime(), benchdata.HardMix, benchSessions)
	got := writes.Load() - from
	took := time.Since(start)
	_ = cmd.Process.Kill()
	_ = cmd.Wait()
	after := measure(b, benchLoadTime(), benchdata.HardMix, benchSessions)
	reportLoad(b, during)
	b.ReportMetric(float64(got)/took.Seconds(), "writes/s")
	b.ReportMetric(100*(1-2*during.rate/(before.rate+after.rate)), "reads-lost-%")
	b.Logf("the hard mix without writes: %.0f req/s before, %.0f after; with them %.0f", before.rate, after.rate, during.rate)
	if float64(got) < 0.8*float64(rate)*took.Seconds() {
		b.Errorf("the writer made %d writes in %s, fewer than %d a second", got, took.Round(time.Second), rate)
	}
}

// TestBenchSQLWriter is the other process of BenchmarkHardMixWithSQLWrites
// (it does nothing in the test suite): every 1/rate seconds it inserts a
// listing (a copy of a random one with a new title, amount and time) or
// edits one (new title and amount), in turn across both kinds, and prints
// how many it wrote.
func TestBenchSQLWriter(t *testing.T) {
	path := os.Getenv("BENCH_WRITER_DB")
	if path == "" {
		t.Skip("run by BenchmarkHardMixWithSQLWrites")
	}
	rate, _ := strconv.Atoi(os.Getenv("BENCH_WRITER_RATE"))
	corpus := benchdata.NewCorpus()
	rng := mrand.New(mrand.NewSource(7))
	z := corpus.Zipf(rng)
	w, err := sqlwriter.Open(path, rng, func() string { return corpus.Text(rng, z, 5, false) })
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = w.Close() }()
	// until the benchmark kills this process
	if _, err := w.Run(rate, nil, func(n int) { fmt.Printf("wrote %d\n", n) }); err != nil {
		t.Fatal(err)
	}
}
