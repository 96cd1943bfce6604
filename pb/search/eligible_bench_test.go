package search_test

import (
	mrand "math/rand"
	"runtime"
	"testing"
	"time"

	"sponsorbridge/pb/search"
)

// The cost of "Only offers I can apply to" (EligibleOnly): make bench's
// corpus (benchCorpus, 100,000 listings; TUNING_LISTINGS sets another size)
// where one offer in five restricts who applies (a city or two of the
// corpus's, a category, an event window, a minimum audience, verified or
// reliable members, each now and then; one in twenty has its cap reached),
// queried with the mix and the hard mix as they are and with EligibleOnly
// for a random member's profile. Figures in docs/search.md, "Who may
// apply".
//
//	go test -run '^$' -bench EligibleOnly -benchtime 2000x ./pb/search/
func BenchmarkEligibleOnly(b *testing.B) {
	n := benchListings()
	c := newBenchCorpus(n)
	heap := func() int64 {
		var m runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m)
		return int64(m.HeapInuse)
	}
	h0 := heap()
	plainEngine := newEngine(b, c.src, search.Config{Tables: []search.Table{{Name: "offers"}}})
	h1 := heap()
	rng := mrand.New(mrand.NewSource(13))
	day := time.Date(2027, 3, 1, 0, 0, 0, 0, time.UTC)
	someDay := func() int64 { return day.AddDate(0, 0, rng.Intn(120)).Unix() }
	restricted := 0
	for _, d := range c.src.Docs("offers") {
		if rng.Intn(5) != 0 {
			continue
		}
		restricted++
		l, _ := c.src.Get("offers", d.Rowid)
		cr := &l.Criteria
		if rng.Intn(2) == 0 {
			cr.Locations = []string{benchCities[rng.Intn(len(benchCities))]}
			if rng.Intn(3) == 0 {
				cr.Locations = append(cr.Locations, []string{"Online", benchCities[rng.Intn(len(benchCities))]}[rng.Intn(2)])
			}
		}
		if rng.Intn(3) == 0 {
			cr.Categories = []string{categories[rng.Intn(7)]}
		}
		if rng.Intn(4) == 0 {
			cr.EventFrom = someDay()
			cr.EventTo = cr.EventFrom + int64(rng.Intn(60))*86400
		}
		if rng.Intn(4) == 0 {
			cr.MinAudience = int64(50 * (1 + rng.Intn(20)))
		}
		cr.VerifiedOnly = rng.Intn(6) == 0
		cr.ReliableOnly = rng.Intn(8) == 0
		cr.Full = rng.Intn(20) == 0
		c.src.Put("offers", d.Rowid, l)
	}
	h2 := heap()
	e := newEngine(b, c.src, search.Config{Tables: []search.Table{{Name: "offers"}}})
	h3 := heap()
	runtime.KeepAlive(plainEngine)
	b.Logf("%d of %d offers restrict who applies; the index's heap: %.1f MB without rules, %.1f MB with them", restricted, n,
		float64(h1-h0)/1e6, float64(h3-h2)/1e6)
	member := func(rng *mrand.Rand) *search.Applicant {
		a := &search.Applicant{Verified: rng.Intn(3) == 0, Reliable: rng.Intn(4) == 0}
		if rng.Intn(4) != 0 {
			a.Location = benchCities[rng.Intn(len(benchCities))]
		}
		if rng.Intn(3) != 0 {
			a.Categories = []string{categories[rng.Intn(7)]}
		}
		if rng.Intn(2) == 0 {
			a.NextEvent = day.AddDate(0, 0, rng.Intn(150)).Unix()
		}
		if rng.Intn(2) == 0 {
			a.Audience = int64(rng.Intn(1200))
		}
		return a
	}
	eligible := func(class benchClass) func(*benchCorpus, *mrand.Rand, *mrand.Zipf) *search.Query {
		return func(c *benchCorpus, rng *mrand.Rand, z *mrand.Zipf) *search.Query {
			q := class.query(c, rng, z)
			q.EligibleOnly, q.Applicant = true, member(rng)
			return q
		}
	}
	runClasses(b, e, c, []benchClass{
		mixClass,
		{"mix+eligibleOnly", eligible(mixClass)},
		plainClass,
		{"plain+eligibleOnly", eligible(plainClass)},
		hardClass,
		{"hard mix+eligibleOnly", eligible(hardClass)},
	})
}
