package search_test

import (
	mrand "math/rand"
	"testing"

	"sponsorbridge/pb/search"
	"sponsorbridge/pb/search/searchtest"
)

// The package conditions' cost (HasTiers, OpenToMe): make bench's corpus
// (benchCorpus, 100,000 listings) where one listing in four offers
// packages and one in ten is closed to one or two industries, queried with
// the mix and the hard mix as they are, and with each condition added.
// Figures in docs/search.md, "Package conditions".
//
//	go test -run '^$' -bench PackageFilters -benchtime 2000x ./pb/search/
func BenchmarkPackageFilters(b *testing.B) {
	c := newBenchCorpus(100_000)
	rng := mrand.New(mrand.NewSource(11))
	for _, d := range c.src.Docs("offers") {
		l, _ := c.src.Get("offers", d.Rowid)
		l.HasTiers = rng.Intn(4) == 0
		if rng.Intn(10) == 0 {
			l.ClosedTo = []string{searchtest.Industries[rng.Intn(len(searchtest.Industries))]}
			if rng.Intn(3) == 0 {
				l.ClosedTo = append(l.ClosedTo, searchtest.Industries[rng.Intn(len(searchtest.Industries))])
			}
		}
		c.src.Put("offers", d.Rowid, l)
	}
	e := newEngine(b, c.src, search.Config{Tables: []search.Table{{Name: "offers"}}})
	with := func(class benchClass, tiers, openToMe bool) func(*benchCorpus, *mrand.Rand, *mrand.Zipf) *search.Query {
		return func(c *benchCorpus, rng *mrand.Rand, z *mrand.Zipf) *search.Query {
			q := class.query(c, rng, z)
			q.HasTiers = tiers
			if openToMe {
				q.OpenToMe, q.Industry = true, searchtest.Industries[rng.Intn(len(searchtest.Industries))]
			}
			return q
		}
	}
	runClasses(b, e, c, []benchClass{
		mixClass,
		{"mix+hasPackages", with(mixClass, true, false)},
		{"mix+openToMe", with(mixClass, false, true)},
		{"mix+both", with(mixClass, true, true)},
		hardClass,
		{"hard mix+both", with(hardClass, true, true)},
	})
}
