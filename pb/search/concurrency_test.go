package search_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync"
	"testing"

	"sponsorbridge/pb/internal/testutil"
	"sponsorbridge/pb/internal/testutil/scanref"
	"sponsorbridge/pb/search"
)

// Readers and writers at once: queries must never fail or see a torn
// index, and once the writers stop the engine must equal a scan.
func TestConcurrentReadsAndWrites(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t, nil)
	defer app.Cleanup()
	rng := rand.New(rand.NewPCG(seed(t), 11))
	users := scanref.Seed(t, app, rng, specs, 300)
	e := newEngine(t, app)

	var wg sync.WaitGroup
	stop := make(chan struct{})
	errs := make(chan error, 16)
	for r := 0; r < 4; r++ {
		wg.Add(1)
		go func(r int) {
			defer wg.Done()
			qr := rand.New(rand.NewPCG(uint64(r), 3))
			for {
				select {
				case <-stop:
					return
				default:
				}
				spec := specs[qr.IntN(len(specs))]
				f := randomFilter(qr, nil, users, spec.HasEventDate)
				res, err := e.Search(context.Background(), spec.Table, &search.Query{Filter: f, Sort: search.Sort(qr.IntN(3)), Limit: 20, Total: true})
				if err != nil {
					errs <- err
					return
				}
				if res.HasMore {
					if _, err := e.Search(context.Background(), spec.Table, &search.Query{Filter: f, Limit: 20, After: res.Next}); err != nil && !errors.Is(err, search.ErrBadCursor) {
						errs <- err
						return
					}
				}
			}
		}(r)
	}
	wrng := rand.New(rand.NewPCG(5, 5))
	for i := 0; i < 6; i++ {
		mutate(t, app, wrng, users)
	}
	close(stop)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	checkAgainstReference(t, app, e, rng, users, 60)
}
