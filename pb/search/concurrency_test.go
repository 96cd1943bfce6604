package search_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync"
	"testing"

	"sponsorbridge/pb/search"
	"sponsorbridge/pb/search/searchtest"
)

// Readers and writers at once: queries must never fail or see a torn
// index, and once the writers stop the engine must equal a scan.
func TestConcurrentReadsAndWrites(t *testing.T) {
	t.Parallel()
	seed0 := searchtest.Seed(t, 20261125)
	rng := rand.New(rand.NewPCG(seed0, 11))
	src := searchtest.NewSource()
	posters := seed(src, rng, categories, 300)
	e := newEngine(t, src, search.Config{})

	var wg sync.WaitGroup
	stop := make(chan struct{})
	errs := make(chan error, 16)
	for r := range 4 {
		wg.Add(1)
		go func(r int) {
			defer wg.Done()
			qr := rand.New(rand.NewPCG(seed0, uint64(r)))
			for {
				select {
				case <-stop:
					return
				default:
				}
				tb := tables[qr.IntN(len(tables))]
				f := searchtest.Filter(qr, nil, categories, posters, tb.Dated)
				res, err := e.Search(context.Background(), tb.Name, &search.Query{Filter: f, Sort: search.Sort(qr.IntN(3)), Limit: 20, Total: true})
				if err != nil {
					errs <- err
					return
				}
				if res.HasMore {
					if _, err := e.Search(context.Background(), tb.Name, &search.Query{Filter: f, Limit: 20, After: res.Next}); err != nil && !errors.Is(err, search.ErrBadCursor) {
						errs <- err
						return
					}
				}
			}
		}(r)
	}
	wrng := rand.New(rand.NewPCG(seed0, 5))
	for range 6 {
		mutate(src, wrng, categories, posters)
	}
	close(stop)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	compare(t, e, src, rng, categories, posters, 60, true)
}
