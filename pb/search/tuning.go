package search

import (
	"fmt"
	"time"
)

// Tuning holds every number the engine's speed, memory and totals depend
// on, in one place. None of them changes which listings match or their
// order; the four Count/Verify budgets decide when a total is estimated
// rather than counted (Result.Estimated). DefaultTuning's values and the
// measurements behind them are below; Config.Tuning nil uses them.
//
// The measurements: `go test -run '^$' -bench Tuning ./pb/search/`
// (tuning_bench_test.go) builds an in-memory index of 100,000 listings like
// make bench's (a 50,000-word vocabulary under a Zipf law, 7 categories,
// amounts 1-10,000, nine cities) and reports the CPU per query of make
// bench's query mix, and of the class a value matters to, with the value
// at its default, below it and above it. Figures from the 2-core
// development VM under other jobs' load (±20%), 2026-11-25.
type Tuning struct {
	// Totals (the first page's count of matches).

	// CountWords: a scan counts at most this many 64-listing words past its
	// page (4,096 words: the newest 262,144 listings); beyond, the total is
	// scaled up from the part read. It bounds the cost of any count whatever
	// the table's size.
	CountWords int
	// CountAll: a walk led by a sparse set (a poster's listings, a rare
	// keyword's) counts all of it when it holds at most this many.
	CountAll int
	// CountBudget: otherwise it reads this many listings past the page and
	// estimates.
	CountBudget int
	// VerifyBudget: a keyword of several runs, whose candidates' text is
	// read, reads at least this many candidates to estimate its total.
	VerifyBudget int

	// Plans (how a query is read; see plan.go).

	// VerifyBatch and VerifyBatchMax: candidates of a keyword of several
	// runs are read in batches, the first of VerifyBatch, doubling up to
	// VerifyBatchMax (one read of their text per batch).
	VerifyBatch    int
	VerifyBatchMax int
	// PosterLeadMax: a poster with at most this many listings has them
	// read one by one instead of scanning (a poster's own list).
	PosterLeadMax int
	// LazyMaxTerms: a keyword inside at most this many terms is read by
	// merging the terms' lists lazily (a page costs a few steps per
	// listing); above, its listings are built as a bitset.
	LazyMaxTerms int
	// MaxUnionTerms: a keyword run inside more terms than this (one or two
	// letters) is not built as a set at all: each listing's text is
	// checked instead, cheap exactly because the run is common.
	MaxUnionTerms int
	// CollectLimit: an amount order collects and sorts at most this many
	// matches; with more it walks the listings in amount order.
	CollectLimit int
	// NarrowRangeShare: an amount range holding at most 1/NarrowRangeShare
	// of the listings is set bit by bit from the amount order (exact)
	// rather than read from the amount buckets and checked at the edges.
	NarrowRangeShare int

	// The index's layout.

	// AmountBuckets: amounts are filed in this many buckets, bounds at the
	// quantiles; a range reads whole buckets and checks its two edge
	// buckets listing by listing.
	AmountBuckets int
	// SmallPosting: a term or location held by at most this many listings
	// keeps them in a sorted slice, beyond in a roaring bitmap.
	SmallPosting int
	// DenseMin and DenseShare: a term or location held by at least
	// max(DenseMin, listings/DenseShare) listings also keeps a bitset, so
	// it combines a word (64 listings) at a time.
	DenseMin   int
	DenseShare int

	// The keyword cache: a keyword inside many terms ("sch" while a member
	// types "school") is expensive to build; the last builds are kept, and
	// kept exact as listings change.

	// KeywordCacheSize: builds kept per table; 0 turns the cache off.
	KeywordCacheSize int
	// KeywordCacheMinTerms: only builds merging at least this many terms
	// are kept.
	KeywordCacheMinTerms int
	// KeywordCacheBytes: the cache of one table holds at most this much.
	KeywordCacheBytes int

	// Following the Source.

	// ChangeBatch: changes read from the feed at a time.
	ChangeBatch int
	// PruneEvery and PruneKeep: once PruneEvery changes were applied since
	// the last trim, the feed is trimmed to the last PruneKeep (an engine
	// further behind than that reloads).
	PruneEvery int
	PruneKeep  int
	// ReadyWait: how long a query waits for the index after a start before
	// it fails with ErrNotReady (0: not at all).
	ReadyWait time.Duration
}

// DefaultTuning is the tuning the engine was measured with.
func DefaultTuning() Tuning {
	return Tuning{
		CountWords:   4096,
		CountAll:     4096,
		CountBudget:  256,
		VerifyBudget: 256,

		VerifyBatch:      64,
		VerifyBatchMax:   1024,
		PosterLeadMax:    4096,
		LazyMaxTerms:     256,
		MaxUnionTerms:    4096,
		CollectLimit:     20000,
		NarrowRangeShare: 16,

		AmountBuckets: 64,
		SmallPosting:  16,
		DenseMin:      256,
		DenseShare:    64,

		KeywordCacheSize:     256,
		KeywordCacheMinTerms: 32,
		KeywordCacheBytes:    32 << 20,

		ChangeBatch: 4096,
		PruneEvery:  5000,
		PruneKeep:   1000,
		ReadyWait:   5 * time.Second,
	}
}

// The cost model's two coefficients (walk.go, walkAmountOrScan).
const (
	// sortCost: sorting n collected matches costs about sortCost*n steps
	// against a walk of the amount order reading want*range/matches.
	sortCost = 4
	// collectSlack: with more than collectSlack*CollectLimit matches
	// expected, the counting scan keeps none of them.
	collectSlack = 2
)

// maxCursor bounds a cursor's length: a sort letter, a rowid and an amount
// encode in at most 43 characters.
const maxCursor = 64

func (t *Tuning) check() error {
	for _, v := range []struct {
		name string
		v    int
		min  int
	}{
		{"CountWords", t.CountWords, 1}, {"CountAll", t.CountAll, 0}, {"CountBudget", t.CountBudget, 0},
		{"VerifyBudget", t.VerifyBudget, 0}, {"VerifyBatch", t.VerifyBatch, 1}, {"VerifyBatchMax", t.VerifyBatchMax, t.VerifyBatch},
		{"PosterLeadMax", t.PosterLeadMax, 0}, {"LazyMaxTerms", t.LazyMaxTerms, 0}, {"MaxUnionTerms", t.MaxUnionTerms, 1},
		{"CollectLimit", t.CollectLimit, 0}, {"NarrowRangeShare", t.NarrowRangeShare, 1}, {"AmountBuckets", t.AmountBuckets, 1},
		{"SmallPosting", t.SmallPosting, 0}, {"DenseMin", t.DenseMin, 1}, {"DenseShare", t.DenseShare, 1},
		{"KeywordCacheSize", t.KeywordCacheSize, 0}, {"KeywordCacheMinTerms", t.KeywordCacheMinTerms, 0},
		{"KeywordCacheBytes", t.KeywordCacheBytes, 0}, {"ChangeBatch", t.ChangeBatch, 1}, {"PruneEvery", t.PruneEvery, 1},
		{"PruneKeep", t.PruneKeep, 0},
	} {
		if v.v < v.min {
			return fmt.Errorf("%w: Tuning.%s is %d, at least %d", ErrConfig, v.name, v.v, v.min)
		}
	}
	if t.ReadyWait < 0 {
		return fmt.Errorf("%w: Tuning.ReadyWait is negative", ErrConfig)
	}
	return nil
}
