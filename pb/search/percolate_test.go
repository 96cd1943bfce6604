package search_test

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
	"time"

	"sponsorbridge/pb/internal/testutil"
	"sponsorbridge/pb/internal/testutil/scanref"
	"sponsorbridge/pb/search"
)

// The reverse question: for every listing, the stored filters a percolator
// says it satisfies are exactly those the plain rules say.
func TestPercolatorEqualsTheRules(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t, nil)
	defer app.Cleanup()
	rng := rand.New(rand.NewPCG(seed(t), 13))
	users := scanref.Seed(t, app, rng, specs, 400)
	e := newEngine(t, app)
	now := time.Now().Unix()

	for _, s := range specs {
		docs := scanref.Load(t, app, s)
		p := e.NewPercolator()
		filters := map[string]search.Filter{}
		for i := 0; i < 300; i++ {
			f := randomFilter(rng, docs, users, s.HasEventDate)
			f.IncludeHidden = false // saved searches never see hidden listings
			id := "f" + strconv.Itoa(i)
			if !p.Put(id, f) {
				t.Fatalf("filter %d refused", i)
			}
			filters[id] = f
		}
		// Replacing and removing keep the files straight.
		p.Remove("f0")
		delete(filters, "f0")
		p.Put("f1", filters["f2"])
		filters["f1"] = filters["f2"]

		for _, d := range docs {
			l := &search.Listing{Title: d.Title, Description: d.Desc, Amount: d.Amount, Categories: d.Cats, Location: d.Location,
				PosterID: d.User, PosterVerified: d.Verified, Status: d.Status, EventUnix: d.Event, Hidden: d.Hidden}
			var want []string
			for id, f := range filters {
				if scanref.Match(d, f, now) {
					want = append(want, id)
				}
			}
			slices.Sort(want)
			if got := p.Match(l); !slices.Equal(got, want) {
				t.Fatalf("%s listing %d (%q): got %v, want %v", s.Table, d.Rowid, d.Title, got, want)
			}
		}
	}
}

// 10,000 saved searches: what checking one new listing against all of
// them costs (make bench runs it).
func BenchmarkPercolate10k(b *testing.B) {
	app := testutil.NewApp(b, nil)
	defer app.Cleanup()
	rng := rand.New(rand.NewPCG(1, 2))
	users := scanref.Seed(b, app, rng, specs[:1], 300)
	e := newEngine(b, app)
	docs := scanref.Load(b, app, specs[0])
	p := e.NewPercolator()
	for i := 0; i < 10000; i++ {
		f := randomFilter(rng, docs, users, false)
		f.IncludeHidden = false
		p.Put(strconv.Itoa(i), f)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		d := docs[i%len(docs)]
		p.Match(&search.Listing{Title: d.Title, Description: d.Desc, Amount: d.Amount, Categories: d.Cats, Location: d.Location,
			PosterID: d.User, PosterVerified: d.Verified})
	}
}
