package search_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"sponsorbridge/pb/search"
	"sponsorbridge/pb/search/searchtest"
)

// Tuning changes the cost of a query and when a total is estimated, never
// which listings match or their order: under tunings far from the default
// (tiny budgets, so totals are estimated and every way into the index is
// taken on a small table) the engine still equals the reference.
func TestAnyTuningAnswersTheSame(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(searchtest.Seed(t, 20261125), 31))
	src := searchtest.NewSource()
	posters := seed(src, rng, categories, 700)
	pick := func(vs ...int) int { return vs[rng.IntN(len(vs))] }
	for range 6 {
		tune := search.Tuning{
			CountWords: pick(1, 2, 5, 4096), CountAll: pick(0, 3, 50, 4096), CountBudget: pick(0, 1, 7, 256),
			VerifyBudget: pick(0, 5, 256), VerifyBatch: pick(1, 3, 64), VerifyBatchMax: 1024,
			PosterLeadMax: pick(0, 10, 4096), LazyMaxTerms: pick(0, 1, 3, 256), MaxUnionTerms: pick(1, 2, 40, 4096),
			CollectLimit: pick(0, 5, 100, 20000), NarrowRangeShare: pick(1, 2, 16, 1000), AmountBuckets: pick(1, 2, 7, 64, 500),
			SmallPosting: pick(0, 1, 16, 1024), DenseMin: pick(1, 5, 256), DenseShare: pick(1, 3, 64),
			KeywordCacheSize: pick(0, 1, 256), KeywordCacheMinTerms: pick(0, 1, 32), KeywordCacheBytes: pick(0, 100, 32<<20),
			ChangeBatch: pick(1, 7, 4096), PruneEvery: pick(1, 50, 5000), PruneKeep: pick(0, 10, 1000),
		}
		e := newEngine(t, src, search.Config{Tuning: &tune})
		t.Logf("tuning %+v", tune)
		compare(t, e, src, rng, categories, posters, 60, false)
		mutate(src, rng, categories, posters)
		compare(t, e, src, rng, categories, posters, 30, false)
	}
}

// An index that must grow for a new listing grows by an eighth, not by
// double (a load leaves it at its exact size, and at a million listings
// doubling added more heap than the memory limit leaves); growing from
// nothing to a million still copies only a few dozen times.
func TestAnIndexGrowsByAnEighth(t *testing.T) {
	if got := search.CapacityFor(1_000_000, 1_000_000); got > 1_125_000 || got < 1_000_001 {
		t.Fatalf("a full index of 1,000,000 rows grows to %d for one more", got)
	}
	if got := search.CapacityFor(1000, 5000); got != 5001 {
		t.Fatalf("a rowid far past the end: %d rows, want 5,001", got)
	}
	if got := search.CapacityFor(1000, 10); got != 1125 {
		t.Fatalf("%d rows, want 1,125", got)
	}
	growths, have := 0, 0
	for r := int64(0); r < 1_000_000; r++ {
		if r >= int64(have) {
			have = search.CapacityFor(have, r)
			growths++
		}
	}
	if growths > 80 {
		t.Fatalf("growing one rowid at a time to 1,000,000 copied the index %d times", growths)
	}
}

// Counting the words after a page in blocks (scan.go, countWords) finds
// the same total, estimated at the same point, as counting them one at a
// time: every count budget, start and page size.
func TestBlockCountEqualsWordCount(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(searchtest.Seed(t, 20261129), 7))
	src := searchtest.NewSource()
	posters := seed(src, rng, categories, 3000)
	for _, countWords := range []int{1, 2, 3, 5, 17, 4096} {
		tune := search.DefaultTuning()
		tune.CountWords = countWords
		e := newEngine(t, src, search.Config{Tuning: &tune})
		for _, tb := range tables {
			docs := src.Docs(tb.Name)
			for range 150 {
				f := searchtest.Filter(rng, docs, categories, posters, tb.Dated)
				from := int64(0)
				if rng.IntN(3) == 0 {
					from = 1 + rng.Int64N(3100)
				}
				want := 1 + rng.IntN(60)
				blocks, words := e.ScanBothWays(tb.Name, &f, from, want)
				if !slices.Equal(blocks.Rows, words.Rows) || blocks.Total != words.Total || blocks.Estimated != words.Estimated {
					t.Fatalf("CountWords %d, %s from %d want %d, filter %s: blocks total %d (estimated %v), words %d (estimated %v)",
						countWords, tb.Name, from, want, describe(f), blocks.Total, blocks.Estimated, words.Total, words.Estimated)
				}
			}
		}
	}
}
