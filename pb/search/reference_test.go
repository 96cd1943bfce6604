package search_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"sponsorbridge/pb/search"
	"sponsorbridge/pb/search/searchtest"
)

// The engine must answer exactly what a straightforward scan answers, in
// the same order: random listings (mixed case, Unicode, punctuation, runs
// of spaces, hidden ones, past events, verified and unverified posters),
// random filters in every combination and every sort, read page by page
// through cursors and through page numbers; then again after random
// inserts, edits, deletes and badge changes. pb/internal/listings runs the
// same comparison over SQLite, through its triggers.
func TestEngineEqualsAScan(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(searchtest.Seed(t, 20261125), 7))
	src := searchtest.NewSource()
	posters := seed(src, rng, categories, 1500)
	e := newEngine(t, src, search.Config{})
	compare(t, e, src, rng, categories, posters, 250, true)

	// Writes of every kind, then the same comparison.
	for range 4 {
		mutate(src, rng, categories, posters)
		compare(t, e, src, rng, categories, posters, 80, true)
	}
}

// The feed is trimmed as it is applied; an engine that fell behind the
// trim (a replica stopped for a while) notices the gap and reloads.
func TestTrimmedFeedAndAnEngineLeftBehind(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(searchtest.Seed(t, 20261125), 17))
	src := searchtest.NewSource()
	posters := seed(src, rng, categories, 50)
	tune := search.DefaultTuning()
	tune.PruneEvery, tune.PruneKeep = 500, 100
	front, behind := newEngine(t, src, search.Config{Tuning: &tune}), newEngine(t, src, search.Config{Tuning: &tune})

	for i := range 1300 {
		src.Insert(tables[i%2].Name, searchtest.Listing(rng, categories, posters, tables[i%2].Dated, clock))
		if i%100 == 99 {
			if _, err := front.Search(context.Background(), tables[0].Name, &search.Query{Limit: 1}); err != nil {
				t.Fatal(err)
			}
		}
	}
	waitFor(t, func() bool { return src.Trimmed() > 100 }, "the feed was not trimmed")
	compare(t, behind, src, rng, categories, posters, 40, true)
	compare(t, front, src, rng, categories, posters, 40, true)
}

// The amount walks test listings a block at a time (testBlock): for random
// filters and every sort, each listing of a block, rowids out of range and
// deleted ones included, gets the answer the one-at-a-time test gives.
func TestABlockTestAnswersAsOneAtATime(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(searchtest.Seed(t, 20261206), 3))
	src := searchtest.NewSource()
	posters := seed(src, rng, categories, 1200)
	mutate(src, rng, categories, posters)
	e := newEngine(t, src, search.Config{})
	if _, err := e.Search(context.Background(), tables[0].Name, &search.Query{Limit: 1}); err != nil {
		t.Fatal(err)
	}
	for _, tb := range tables {
		docs := src.Docs(tb.Name)
		for range 300 {
			f := searchtest.Filter(rng, docs, categories, posters, tb.Dated)
			rowids := make([]int64, 1+rng.IntN(300))
			for i := range rowids {
				rowids[i] = int64(rng.IntN(1400)) - 50 // some out of range both ways
			}
			cuts := make([]int, rng.IntN(8))
			for i := range cuts {
				cuts[i] = rng.IntN(70)
			}
			sort := search.Sort(rng.IntN(3))
			if r := e.BlockTestDisagrees(tb.Name, &f, sort, rowids, cuts); r != -1 {
				t.Fatalf("%s: filter %s sort %d: listing %d answered differently a block at a time", tb.Name, describe(f), sort, r)
			}
		}
	}
}
