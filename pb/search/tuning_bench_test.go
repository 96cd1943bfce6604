package search_test

import (
	"context"
	"fmt"
	mrand "math/rand"
	"os"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"sponsorbridge/pb/search"
	"sponsorbridge/pb/search/searchtest"
)

// The measurements behind DefaultTuning (tuning.go): an index of 100,000
// listings like make bench's (TUNING_LISTINGS sets another size), the query
// classes of make bench's mix and a few more, each knob at its default,
// below and above. A class's figure is the process's CPU time per query
// (the machine is shared: CPU time, not wall time), and heap-MB the index's
// heap after the build.
//
//	go test -run '^$' -bench Tuning -benchtime 2000x ./pb/search/
//	go test -run '^$' -bench 'Tuning/AmountBuckets' -benchtime 2000x ./pb/search/

// benchCorpus is make bench's corpus (pb/internal/benchdata)
// in memory: a 50,000-word vocabulary under a Zipf law, five-word titles,
// forty-word descriptions with punctuation, 1-2 of 7 categories, amounts
// 1-10,000, nine cities and one listing in ten without a location, 500
// posters of whom one in five verified.
type benchCorpus struct {
	words   []string
	posters []string
	src     *searchtest.Source
}

var benchCities = []string{"Pune", "Mumbai", "Bengaluru", "Delhi", "Chennai", "Lagos", "Nairobi", "London", "New York"}

func newBenchCorpus(n int) *benchCorpus {
	cons := strings.Split("b c d f g h j k l m n p r s t v w y z ch sh th st pr tr", " ")
	vows := strings.Split("a e i o u ai ea oo", " ")
	rng := mrand.New(mrand.NewSource(42))
	seen := map[string]bool{}
	c := &benchCorpus{src: searchtest.NewSource()}
	for len(c.words) < 50000 {
		var b strings.Builder
		for range 1 + rng.Intn(4) {
			b.WriteString(cons[rng.Intn(len(cons))])
			b.WriteString(vows[rng.Intn(len(vows))])
		}
		if rng.Intn(3) == 0 {
			b.WriteString(cons[rng.Intn(len(cons))])
		}
		if w := b.String(); len(w) >= 3 && !seen[w] {
			seen[w] = true
			c.words = append(c.words, w)
		}
	}
	for i := range 500 {
		c.posters = append(c.posters, fmt.Sprintf("poster%03d", i))
		c.src.SetVerified(c.posters[i], i%5 == 0)
	}
	z := c.zipf(rng)
	for range n {
		cats := []string{categories[rng.Intn(7)]}
		if rng.Intn(3) == 0 {
			cats = append(cats, categories[rng.Intn(7)])
		}
		loc := ""
		if rng.Intn(10) != 0 {
			loc = benchCities[rng.Intn(len(benchCities))]
		}
		c.src.Insert("offers", search.Listing{Title: c.text(rng, z, 5, false), Description: c.text(rng, z, 40, true),
			Amount: int64(1 + rng.Intn(10000)), Categories: cats, Location: loc, PosterID: c.posters[rng.Intn(len(c.posters))],
			Status: "open"})
	}
	return c
}

func (c *benchCorpus) zipf(rng *mrand.Rand) *mrand.Zipf {
	return mrand.NewZipf(rng, 1.07, 2, uint64(len(c.words)-1))
}

func (c *benchCorpus) text(rng *mrand.Rand, z *mrand.Zipf, n int, punctuate bool) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteByte(' ')
		}
		w := c.words[z.Uint64()]
		if i == 0 {
			w = strings.ToUpper(w[:1]) + w[1:]
		}
		b.WriteString(w)
		if punctuate && rng.Intn(9) == 0 {
			b.WriteString([]string{",", ".", ";", ":"}[rng.Intn(4)])
		}
	}
	return b.String()
}

// keyword is what members type (make bench's): mostly whole words, one in
// five the first letters of one.
func (c *benchCorpus) keyword(rng *mrand.Rand, z *mrand.Zipf) string {
	w := c.words[z.Uint64()]
	if rng.Intn(5) == 0 && len(w) > 4 {
		w = w[:3+rng.Intn(len(w)-3)]
	}
	return w
}

func ptr(v int64) *int64 { return &v }

// The classes: a query drawn afresh for each call.
type benchClass struct {
	name  string
	query func(c *benchCorpus, rng *mrand.Rand, z *mrand.Zipf) *search.Query
}

var open = search.Filter{Status: "open"}

func page(f search.Filter, s search.Sort, n int) *search.Query {
	return &search.Query{Filter: f, Sort: s, Offset: (n - 1) * 12, Limit: 12, Total: n == 1}
}

var (
	plainClass = benchClass{"plain", func(c *benchCorpus, rng *mrand.Rand, z *mrand.Zipf) *search.Query {
		return page(open, search.Newest, 1+rng.Intn(5))
	}}
	keywordClass = benchClass{"keyword", func(c *benchCorpus, rng *mrand.Rand, z *mrand.Zipf) *search.Query {
		f := open
		f.Keyword = c.keyword(rng, z)
		return page(f, search.Newest, 1+rng.Intn(3))
	}}
	catAmountLocClass = benchClass{"cat+amount+loc", func(c *benchCorpus, rng *mrand.Rand, z *mrand.Zipf) *search.Query {
		f := open
		f.Categories = []string{categories[rng.Intn(7)]}
		if rng.Intn(2) == 0 {
			f.Categories = append(f.Categories, categories[rng.Intn(7)])
		}
		lo := int64(1 + rng.Intn(9800))
		f.MinAmount, f.MaxAmount = ptr(lo), ptr(lo+200)
		city := benchCities[rng.Intn(len(benchCities))]
		f.Location = strings.ToLower(city[:3+rng.Intn(len(city)-2)])
		return page(f, search.Newest, 1)
	}}
	kwCatByAmountClass = benchClass{"kw+cat+min by amount", func(c *benchCorpus, rng *mrand.Rand, z *mrand.Zipf) *search.Query {
		f := open
		f.Keyword = c.keyword(rng, z)
		f.Categories = []string{categories[rng.Intn(7)]}
		f.MinAmount = ptr(int64(1 + rng.Intn(9000)))
		return page(f, []search.Sort{search.AmountDesc, search.AmountAsc}[rng.Intn(2)], 1)
	}}
	mixClass = benchClass{"mix", func(c *benchCorpus, rng *mrand.Rand, z *mrand.Zipf) *search.Query {
		switch x := rng.Intn(100); {
		case x < 30:
			return plainClass.query(c, rng, z)
		case x < 70:
			return keywordClass.query(c, rng, z)
		case x < 90:
			return catAmountLocClass.query(c, rng, z)
		}
		return kwCatByAmountClass.query(c, rng, z)
	}}
	// Beyond the mix: a phrase (two words: read and checked against the
	// text), a poster's own list, a one- or two-letter keyword, the amount
	// order of everything, and a first page of 50 in a category.
	phraseClass = benchClass{"phrase", func(c *benchCorpus, rng *mrand.Rand, z *mrand.Zipf) *search.Query {
		f := open
		f.Keyword = c.words[z.Uint64()] + " " + c.words[z.Uint64()]
		return page(f, search.Newest, 1)
	}}
	posterClass = benchClass{"poster", func(c *benchCorpus, rng *mrand.Rand, z *mrand.Zipf) *search.Query {
		return page(search.Filter{PosterID: c.posters[rng.Intn(len(c.posters))], IncludeHidden: true}, search.Newest, 1)
	}}
	shortClass = benchClass{"short keyword", func(c *benchCorpus, rng *mrand.Rand, z *mrand.Zipf) *search.Query {
		f := open
		f.Keyword = c.words[z.Uint64()][:1+rng.Intn(2)]
		return page(f, search.Newest, 1)
	}}
	// hardClass is make bench's hard mix (pb/internal/listings/bench_test.go,
	// hardMix): random three letters, two letters or several words, up to
	// three categories, verified or reliable posters only, open or all,
	// every order, pages up to 60.
	hardClass = benchClass{"hard mix", func(c *benchCorpus, rng *mrand.Rand, z *mrand.Zipf) *search.Query {
		var f search.Filter
		switch rng.Intn(4) {
		case 0:
			const letters = "abcdefghijklmnopqrstuvwxyz"
			f.Keyword = string([]byte{letters[rng.Intn(26)], letters[rng.Intn(26)], letters[rng.Intn(26)]})
		case 1:
			f.Keyword = c.words[z.Uint64()][:2]
		case 2:
			words := []string{c.words[z.Uint64()], c.words[z.Uint64()]}
			if rng.Intn(2) == 0 {
				words = append(words, c.words[z.Uint64()])
			}
			f.Keyword = strings.Join(words, " ")
		}
		for range rng.Intn(4) {
			f.Categories = append(f.Categories, categories[rng.Intn(7)])
		}
		f.VerifiedOnly = rng.Intn(4) == 0
		f.ReliableOnly = rng.Intn(6) == 0
		if rng.Intn(2) == 0 {
			f.Status = "open"
		}
		return page(f, search.Sort(rng.Intn(3)), 1+rng.Intn(60))
	}}
	amountClass = benchClass{"by amount", func(c *benchCorpus, rng *mrand.Rand, z *mrand.Zipf) *search.Query {
		return page(open, []search.Sort{search.AmountDesc, search.AmountAsc}[rng.Intn(2)], 1+rng.Intn(3))
	}}
)

// knob is one Tuning field measured at a few values on the classes it
// matters to.
type knob struct {
	name    string
	values  []int
	set     func(t *search.Tuning, v int)
	classes []benchClass
}

var knobs = []knob{
	{"CountWords", []int{256, 1024, 4096}, func(t *search.Tuning, v int) { t.CountWords = v }, []benchClass{plainClass, keywordClass}},
	{"CountAll", []int{1024, 4096, 16384}, func(t *search.Tuning, v int) { t.CountAll = v }, []benchClass{keywordClass, posterClass}},
	{"CountBudget", []int{64, 256, 1024}, func(t *search.Tuning, v int) { t.CountBudget = v }, []benchClass{keywordClass}},
	{"VerifyBudget", []int{64, 256, 1024}, func(t *search.Tuning, v int) { t.VerifyBudget = v }, []benchClass{phraseClass}},
	{"VerifyBatch", []int{16, 64, 256}, func(t *search.Tuning, v int) { t.VerifyBatch = v }, []benchClass{phraseClass}},
	{"VerifyBatchMax", []int{256, 1024, 4096}, func(t *search.Tuning, v int) { t.VerifyBatchMax = v }, []benchClass{phraseClass}},
	{"PosterLeadMax", []int{64, 4096, 65536}, func(t *search.Tuning, v int) { t.PosterLeadMax = v }, []benchClass{posterClass}},
	{"LazyMaxTerms", []int{64, 256, 1024}, func(t *search.Tuning, v int) { t.LazyMaxTerms = v }, []benchClass{keywordClass, mixClass}},
	{"MaxUnionTerms", []int{1024, 4096, 16384}, func(t *search.Tuning, v int) { t.MaxUnionTerms = v }, []benchClass{shortClass}},
	{"CollectLimit", []int{5000, 20000, 80000}, func(t *search.Tuning, v int) { t.CollectLimit = v }, []benchClass{kwCatByAmountClass, amountClass, hardClass}},
	{"NarrowRangeShare", []int{4, 16, 64}, func(t *search.Tuning, v int) { t.NarrowRangeShare = v }, []benchClass{catAmountLocClass}},
	{"AmountBuckets", []int{16, 64, 256}, func(t *search.Tuning, v int) { t.AmountBuckets = v }, []benchClass{catAmountLocClass, kwCatByAmountClass}},
	{"SmallPosting", []int{4, 16, 64}, func(t *search.Tuning, v int) { t.SmallPosting = v }, []benchClass{keywordClass, mixClass}},
	{"DenseMin", []int{64, 256, 1024}, func(t *search.Tuning, v int) { t.DenseMin = v }, []benchClass{keywordClass, mixClass}},
	{"DenseShare", []int{16, 64, 256}, func(t *search.Tuning, v int) { t.DenseShare = v }, []benchClass{keywordClass, mixClass}},
	{"KeywordCacheSize", []int{0, 64, 256}, func(t *search.Tuning, v int) { t.KeywordCacheSize = v }, []benchClass{keywordClass, mixClass}},
	{"KeywordCacheMinTerms", []int{8, 32, 128}, func(t *search.Tuning, v int) { t.KeywordCacheMinTerms = v }, []benchClass{keywordClass, mixClass}},
}

var tuningCorpus *benchCorpus

func BenchmarkTuning(b *testing.B) {
	n := benchListings()
	if tuningCorpus == nil {
		tuningCorpus = newBenchCorpus(n)
	}
	c := tuningCorpus
	for _, k := range knobs {
		for _, v := range k.values {
			b.Run(fmt.Sprintf("%s=%d", k.name, v), func(b *testing.B) {
				tune := search.DefaultTuning()
				k.set(&tune, v)
				var m0, m1 runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&m0)
				start := time.Now()
				e := newEngine(b, c.src, search.Config{Tables: []search.Table{{Name: "offers"}}, Tuning: &tune})
				build := time.Since(start)
				runtime.GC()
				runtime.ReadMemStats(&m1)
				runClasses(b, e, c, append([]benchClass{mixClass}, k.classes...), func(b *testing.B) {
					b.ReportMetric(float64(int64(m1.HeapInuse)-int64(m0.HeapInuse))/1e6, "heap-MB")
					b.ReportMetric(build.Seconds(), "build-s")
				})
				runtime.KeepAlive(e)
			})
		}
	}
}

// benchListings is how many listings a benchmark's corpus has: make bench's
// 100,000, or TUNING_LISTINGS.
func benchListings() int {
	if v, err := strconv.Atoi(os.Getenv("TUNING_LISTINGS")); err == nil && v > 0 {
		return v
	}
	return 100_000
}

// runClasses measures each class's queries on e's offers, a sub-benchmark a
// class, with the process's CPU an op; report adds a benchmark's own figures.
func runClasses(b *testing.B, e *search.Engine, c *benchCorpus, classes []benchClass, report ...func(*testing.B)) {
	for _, class := range classes {
		b.Run(class.name, func(b *testing.B) {
			rng := mrand.New(mrand.NewSource(7))
			z := c.zipf(rng)
			cpu := processCPU()
			for b.Loop() {
				if _, err := e.Search(context.Background(), "offers", class.query(c, rng, z)); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64((processCPU()-cpu).Microseconds())/float64(b.N), "cpu-µs/op")
			for _, r := range report {
				r(b)
			}
		})
	}
}

func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
