package search_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"sponsorbridge/pb/search"
	"sponsorbridge/pb/search/searchtest"
)

// Lists answer open listings by default (what can still be backed).
// Whether a dated listing is open changes with the clock alone, with no
// write: an open listing whose event day has ended must already be left
// out. With the engine's clock moved forward day by day, status open and
// closed still equal a plain scan at that time.
func TestOpenFollowsTheClock(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(searchtest.Seed(t, 20261125), 23))
	src := searchtest.NewSource()
	posters := seed(src, rng, categories, 600)
	var now atomic.Int64
	now.Store(clock.Unix())
	e := newEngine(t, src, search.Config{Now: func() time.Time { return time.Unix(now.Load(), 0) }})
	for _, days := range []int{0, 1, 2, 5, 12, 31} {
		now.Store(clock.Add(time.Duration(days) * 24 * time.Hour).Unix())
		for _, tb := range tables {
			docs := src.Docs(tb.Name)
			for i := range 40 {
				f := searchtest.Filter(rng, docs, categories, posters, tb.Dated)
				f.Status = []string{"open", "closed"}[i%2]
				sort := search.Sort(rng.IntN(3))
				got, first := readAll(t, e, tb.Name, f, sort, 1+rng.IntN(30), false)
				want := searchtest.Rowids(searchtest.Search(docs, f, sort, now.Load()))
				if !slices.Equal(got, want) {
					t.Fatalf("%s in %d days: filter %s sort %d:\n got %d %v\nwant %d %v", tb.Name, days, describe(f), sort,
						len(got), head(got), len(want), head(want))
				}
				if !first.Estimated && first.Total != len(want) {
					t.Fatalf("%s in %d days: filter %s: total %d, want %d", tb.Name, days, describe(f), first.Total, len(want))
				}
			}
		}
	}
}

// What the open default costs a list page: the first page (with its total)
// of a dated table, every status against open only, on 20,000 listings;
// once with the past events not closed yet (a sixth of them: the worst
// case, as after a long stop of the job that closes them), once after
// their close was stored.
func BenchmarkListDefault(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	src := searchtest.NewSource()
	posters := []string{"p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9", "p10", "p11"}
	requests := tables[1]
	for range 20_000 {
		src.Insert(requests.Name, searchtest.Listing(rng, categories, posters, true, clock))
	}
	e := newEngine(b, src, search.Config{})
	queries := []struct {
		name string
		f    search.Filter
		sort search.Sort
	}{
		{"newest", search.Filter{}, search.Newest},
		{"category", search.Filter{Categories: []string{"Education"}}, search.Newest},
		{"keyword", search.Filter{Keyword: searchtest.Words[7]}, search.Newest},
		{"amount_desc", search.Filter{}, search.AmountDesc},
	}
	run := func(b *testing.B, state string) {
		for _, q := range queries {
			for _, status := range []string{"", "open"} {
				name := "all"
				if status != "" {
					name = status
				}
				b.Run(fmt.Sprintf("%s/%s/%s", state, q.name, name), func(b *testing.B) {
					f := q.f
					f.Status = status
					query := &search.Query{Filter: f, Sort: q.sort, Limit: 12, Total: true}
					for b.Loop() {
						if _, err := e.Search(context.Background(), requests.Name, query); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
	run(b, "backlog")
	// What the job does: store the close of every open listing whose event passed.
	for _, d := range src.Docs(requests.Name) {
		if d.Status == "open" && search.EventPassed(d.EventUnix, clock.Unix()) {
			l := d.Listing
			l.Status = "closed"
			src.Put(requests.Name, d.Rowid, l)
		}
	}
	run(b, "after the job")
}
