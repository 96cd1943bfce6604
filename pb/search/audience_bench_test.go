package search_test

import (
	"math"
	mrand "math/rand"
	"testing"

	"sponsorbridge/pb/search"
)

// The cost of the posters' audience condition (MinAudience, MeasuredOnly):
// make bench's corpus (benchCorpus, 100,000 listings of 500 posters;
// TUNING_LISTINGS sets another size) where two posters in five state an
// audience (50 to 100,000, spread evenly on a log scale) and a third of
// those have it measured, queried with the mix, plain pages and the hard
// mix as they are and with each condition added. A minimum is drawn from
// 100 (most posters with an audience pass) to 50,000 (a few do); the
// conditions asked are few, so their sets are kept, but in one class where
// each query asks another minimum (its set is made each time). Figures in
// docs/search.md, "The posters' audience".
//
//	go test -run '^$' -bench AudienceFilters -benchtime 2000x ./pb/search/
func BenchmarkAudienceFilters(b *testing.B) {
	n := benchListings()
	c := newBenchCorpus(n)
	rng := mrand.New(mrand.NewSource(17))
	stated, measured := 0, 0
	for _, p := range c.posters {
		if rng.Intn(5) >= 2 {
			continue
		}
		audience := int64(50 * math.Pow(10, rng.Float64()*3.3))
		m := rng.Intn(3) == 0
		c.src.SetAudience(p, audience, m)
		stated++
		if m {
			measured++
		}
	}
	b.Logf("%d of %d posters state an audience, %d of them measured", stated, len(c.posters), measured)
	e := newEngine(b, c.src, search.Config{Tables: []search.Table{{Name: "offers"}}})
	minimums := []int64{100, 1000, 10_000, 50_000}
	with := func(class benchClass, minimum, measuredOnly bool) func(*benchCorpus, *mrand.Rand, *mrand.Zipf) *search.Query {
		return func(c *benchCorpus, rng *mrand.Rand, z *mrand.Zipf) *search.Query {
			q := class.query(c, rng, z)
			if minimum {
				q.MinAudience = ptr(minimums[rng.Intn(len(minimums))])
			}
			q.MeasuredOnly = measuredOnly
			return q
		}
	}
	runClasses(b, e, c, []benchClass{
		mixClass,
		{"mix+minAudience", with(mixClass, true, false)},
		{"mix+measuredOnly", with(mixClass, false, true)},
		{"mix+both", with(mixClass, true, true)},
		plainClass,
		{"plain+minAudience", with(plainClass, true, false)},
		{"plain+minAudience, a new minimum each time", func(c *benchCorpus, rng *mrand.Rand, z *mrand.Zipf) *search.Query {
			// none of the kept sets: each query sets its posters' listings
			q := plainClass.query(c, rng, z)
			q.MinAudience = ptr(1 + rng.Int63n(100_000))
			return q
		}},
		hardClass,
		{"hard mix+minAudience", with(hardClass, true, false)},
	})
}
