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
// The measurements: `go test -run '^$' -bench Tuning -benchtime 2000x
// ./pb/search/` (tuning_bench_test.go) builds an in-memory index of 100,000
// listings like make bench's (a 50,000-word vocabulary under a Zipf law, 7
// categories, amounts 1-10,000, nine cities, 500 posters) and reports the
// process CPU per query of make bench's mix and of the classes a value
// matters to, with the value below, at and above its default (written
// below/default/above). 2026-11-25 on the 2-core development VM shared with
// other jobs (load average 20-28): figures within 25% of each other are
// the same. The change log's (ChangeBatch, PruneEvery) are from
// `BENCH_CHANGE_FEED=1 go test -run '^$' -bench ChangeFeed -benchtime 1x
// ./pb/internal/listings/`.
type Tuning struct {
	// Totals (the first page's count of matches).

	// CountWords: a scan counts at most this many 64-listing words past its
	// page (4,096 words: the newest 262,144 listings); beyond, the total is
	// scaled up from the part read. It bounds the cost of any count whatever
	// the table's size, and keeps totals exact below a quarter of a million
	// listings. Measured: a plain first page with its total costs 6.1/3.7/
	// 4.4 µs at 256/1,024/4,096 (the whole table is 1,563 words): a word
	// costs a few nanoseconds, so 4,096 bound a count near 10 µs.
	CountWords int
	// CountAll: a walk led by a sparse set (a poster's listings, a rare
	// keyword's) counts all of it when it holds at most this many.
	// Measured at 1,024/4,096/16,384: keyword pages 44/49/78 µs, a poster's
	// list 8.5/8.8/9.0 µs; 16,384 costs keywords 60% more.
	CountAll int
	// CountBudget: otherwise it reads this many listings past the page and
	// estimates (from 256 the share of matches is known within about 3%).
	// Measured at 64/256/1,024: keyword pages 57/60/61 µs.
	CountBudget int
	// VerifyBudget: a keyword of several runs, whose candidates' text is
	// read, reads at least this many candidates to estimate its total.
	// Measured at 64/256/1,024: a two-word phrase 1,114/1,171/2,099 µs (the
	// text is read back from the Source).
	VerifyBudget int
	// VerifySlots and VerifyWait: at most VerifySlots queries read their
	// candidates' text at once (one a core); another waits up to
	// VerifyWait, then fails with ErrBusy. Such a query costs 6 ms of CPU
	// at 100,000 listings of each kind and 30-50 ms at 1,000,000 (two or
	// three long-tail words, make bench): unbounded, 32 of them at once
	// held every other list request up for seconds (p99 4.6 s) and took
	// the server past 1.6 GB at a million.
	VerifySlots int
	VerifyWait  time.Duration

	// Plans (how a query is read; see plan.go).

	// VerifyBatch and VerifyBatchMax: candidates of a keyword of several
	// runs are walked in batches, the first of VerifyBatch, doubling up to
	// VerifyBatchMax (their text is read once a batch could end the walk:
	// searchVerified). Measured (when each batch was read): a phrase
	// 1,221/1,077/1,054 µs with first batches of 16/64/256 and 1,095/1,115/
	// 1,227 µs with the largest of 256/1,024/4,096: no difference, so the
	// smaller reads are kept.
	VerifyBatch    int
	VerifyBatchMax int
	// PosterLeadMax: a poster with at most this many listings has them
	// read one by one instead of scanning (a poster's own list). Measured
	// with 200 listings a poster: 206/10/6.8 µs at 64/4,096/65,536 (at 64
	// their list is scanned).
	PosterLeadMax int
	// LazyMaxTerms: a keyword inside at most this many terms is read by
	// merging the terms' lists lazily (a page costs a few steps per
	// listing); above, its listings are built as a bitset. Measured at
	// 64/256/1,024: keyword pages 54/57/72 µs.
	LazyMaxTerms int
	// MaxUnionTerms: a keyword run inside more terms than this (one or two
	// letters) is not built as a set at all: each listing's text is
	// checked instead, cheap exactly because the run is common. Measured at
	// 1,024/4,096/16,384: one- and two-letter keywords 388/297/226 µs (a
	// larger bound was cheaper at 100,000 listings). Through the list route
	// (text read from SQLite), 4,096/65,536: two-letter keywords 1,663/935
	// µs at 100,000 and 1,445/857 µs at 1,000,000 of each kind, but the hard
	// mix 6,429/9,046 µs at 1,000,000 (one run each, 2026-11-29): kept.
	MaxUnionTerms int
	// CollectLimit: an amount order collects and sorts at most this many
	// matches; with more it walks the listings in amount order. Measured at
	// 5,000/20,000/80,000: keyword + category + minimum by amount 165/268/
	// 629 µs, everything by amount 17/18/1,567 µs.
	CollectLimit int
	// NarrowRangeShare: an amount range holding at most 1/NarrowRangeShare
	// of the listings is set bit by bit from the amount order (exact)
	// rather than read from the amount buckets and checked at the edges.
	// Measured at 4/16/64: category + 200-rupee range + location 26.5/25.8/
	// 32.9 µs.
	NarrowRangeShare int

	// The index's layout.

	// AmountBuckets: amounts are filed in this many buckets, bounds at the
	// quantiles; a range reads whole buckets and checks its two edge
	// buckets listing by listing. Measured at 16/64/256: category + range +
	// location 25.1/26.0/26.2 µs, keyword + category + minimum by amount
	// 288/251/254 µs, the index's heap 27.8/28.0/30.7 MB.
	AmountBuckets int
	// SmallPosting: a term or location held by at most this many listings
	// keeps them in a sorted slice, beyond in a roaring bitmap. Measured at
	// 4/16/64: heap 32.7/28.5/28.7 MB, keyword pages 66/48/46 µs. 1,024
	// since 2026-12-06: a long-tail term spread over a million rowids made
	// a bitmap of sixteen containers, some thirty objects for the collector
	// to mark on every cycle; as one slice the loaded index at a million
	// listings of each kind lives in about 50 MB less heap, a collection
	// marks in a third of the time, and every route costs less
	// (docs/search.md, "How it is built").
	SmallPosting int
	// DenseMin and DenseShare: a term or location held by at least
	// max(DenseMin, listings/DenseShare) listings keeps a bitset (a term:
	// instead of its posting; a location: as well), so it combines a word
	// (64 listings) at a time. Measured: DenseMin
	// 64/256/1,024 changes nothing at 100,000 listings (the share, 1,562,
	// decides; DenseMin does below 16,384 listings); DenseShare 16/64/256:
	// heap 25.7/28.2/38.6 MB, keyword pages 53/55/56 µs.
	DenseMin   int
	DenseShare int

	// The keyword cache: a keyword inside many terms ("sch" while a member
	// types "school") is expensive to build; the last builds are kept, and
	// kept exact as listings change.

	// KeywordCacheSize: builds kept per table; 0 turns the cache off.
	// Measured at 0/64/256: keyword pages 103/60/60 µs, the mix 88/57/53 µs
	// (the cache halves a keyword's cost; over 2,000 queries 64 entries
	// caught as much as 256).
	KeywordCacheSize int
	// KeywordCacheMinTerms: only builds merging at least this many terms
	// are kept. Measured at 8/32/128: keyword pages 59/61/58 µs.
	KeywordCacheMinTerms int
	// KeywordCacheBytes: the cache of one table holds at most this much:
	// 12 MiB is 1,000 builds at 100,000 listings (KeywordCacheSize binds
	// first), 98 at a million. At a million listings of each kind a build
	// is 125 kB and the heap works at GOMEMLIMIT: against 32 MiB, two-letter
	// keywords cost the same, plain pages and the mix 4-14% less, the hard
	// mix 8-13% more (docs/search.md, "How a query runs").
	KeywordCacheBytes int

	// Following the Source.

	// ChangeBatch: changes read from the feed at a time (their listings
	// are read back and held at once). Measured over SQLite, catching up
	// 20,000 writes: 961/912/1,035 ms of CPU at 512/4,096/16,384.
	ChangeBatch int
	// PruneEvery and PruneKeep: once PruneEvery changes were applied since
	// the last trim, the feed is trimmed to the last PruneKeep (an engine
	// further behind than that reloads). Measured over SQLite: one trim of
	// 5,000 entries 5-24 ms (one DELETE, in the background); an engine
	// 1,000 writes behind catches up in about 50 ms of CPU (20,000 took
	// 0.9 s) where a reload takes 4.4 s at 100,000 + 100,000 listings.
	PruneEvery int
	PruneKeep  int
	// ReadyWait: how long a query waits for the index after a start before
	// it fails with ErrNotReady (0: not at all). The load takes 4.4 s at
	// 100,000 + 100,000 listings (make bench): a start of that size answers
	// lists after a wait, not an error.
	ReadyWait time.Duration
}

// DefaultTuning is the tuning the engine was measured with.
func DefaultTuning() Tuning {
	return Tuning{
		CountWords:   4096,
		CountAll:     4096,
		CountBudget:  256,
		VerifyBudget: 256,
		VerifySlots:  2,
		VerifyWait:   5 * time.Second,

		VerifyBatch:      64,
		VerifyBatchMax:   1024,
		PosterLeadMax:    4096,
		LazyMaxTerms:     256,
		MaxUnionTerms:    4096,
		CollectLimit:     20000,
		NarrowRangeShare: 16,

		AmountBuckets: 64,
		SmallPosting:  1024,
		DenseMin:      256,
		DenseShare:    64,

		KeywordCacheSize:     256,
		KeywordCacheMinTerms: 32,
		KeywordCacheBytes:    12 << 20,

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
