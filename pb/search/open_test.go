package search_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"sponsorbridge/pb/internal/testutil"
	"sponsorbridge/pb/internal/testutil/scanref"
	"sponsorbridge/pb/search"
)

// The list routes answer open listings by default (what can still be
// backed). Whether a request is open changes with the clock alone, with no
// write: between two runs of the ten-minute job that stores the close, an
// open request whose event day has ended must already be left out. With
// the engine's clock moved forward day by day, status open and closed
// still equal a plain scan at that time.
func TestOpenFollowsTheClock(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t, nil)
	defer app.Cleanup()
	rng := rand.New(rand.NewPCG(seed(t), 23))
	users := scanref.Seed(t, app, rng, specs, 600)
	e := newEngine(t, app)
	for _, days := range []int{0, 1, 2, 5, 12, 31} {
		now := time.Now().Add(time.Duration(days) * 24 * time.Hour)
		e.Now = func() time.Time { return now }
		for _, s := range specs {
			docs := scanref.Load(t, app, s)
			for i := 0; i < 40; i++ {
				f := randomFilter(rng, docs, users, s.HasEventDate)
				f.Status = []string{"open", "closed"}[i%2]
				sort := search.Sort(rng.IntN(3))
				got, first := readAll(t, e, s.Table, f, sort, 1+rng.IntN(30), false)
				want := scanref.Rowids(scanref.Search(docs, f, sort, now.Unix()))
				if !slices.Equal(got, want) {
					t.Fatalf("%s in %d days: filter %s sort %d:\n got %d %v\nwant %d %v", s.Table, days, describe(f), sort,
						len(got), head(got), len(want), head(want))
				}
				if !first.Estimated && first.Total != len(want) {
					t.Fatalf("%s in %d days: filter %s: total %d, want %d", s.Table, days, describe(f), first.Total, len(want))
				}
			}
		}
	}
}

// What the open default costs a list page: the first page (with its total)
// of requests, every status against open only, on 20,000 requests; once with
// the past events the job has not closed yet (a sixth of them: the worst
// case, as after a long stop), once after the job stored their close.
func BenchmarkListDefault(b *testing.B) {
	app := testutil.NewApp(b, nil)
	defer app.Cleanup()
	rng := rand.New(rand.NewPCG(3, 4))
	requests := specs[1]
	scanref.Seed(b, app, rng, []search.TableSpec{requests}, 20_000)
	e := newEngine(b, app)
	queries := []struct {
		name string
		f    search.Filter
		sort search.Sort
	}{
		{"newest", search.Filter{}, search.Newest},
		{"category", search.Filter{Categories: []string{"Education"}}, search.Newest},
		{"keyword", search.Filter{Keyword: scanref.Words[7]}, search.Newest},
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
						if _, err := e.Search(context.Background(), requests.Table, query); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
	run(b, "backlog")
	// What the job does: store the close of every open request whose event passed.
	if _, err := app.DB().NewQuery("UPDATE " + requests.Table + " SET status = 'closed' WHERE status = 'open' AND eventDate != '' AND eventDate < {:cut}").
		Bind(map[string]any{"cut": time.Now().Add(-24 * time.Hour).UTC().Format("2006-01-02 15:04:05.000Z")}).Execute(); err != nil {
		b.Fatal(err)
	}
	run(b, "after the job")
}
