package search

import (
	"math"
	"sort"
)

// Amounts are filed in Tuning.AmountBuckets buckets. A range [min, max] is
// a difference of two cumulative bitsets (whole buckets) and a check of the
// listings in the two edge buckets.

// setBounds picks bucket bounds at the quantiles of the sorted amounts (so
// buckets hold about as many listings each) and empties the buckets.
func (ix *index) setBounds(sorted []int64) {
	ix.bounds = []int64{math.MinInt64}
	buckets := ix.t.AmountBuckets
	for b := 1; b < buckets && len(sorted) > 0; b++ {
		v := sorted[len(sorted)*b/buckets]
		if v > ix.bounds[len(ix.bounds)-1] {
			ix.bounds = append(ix.bounds, v)
		}
	}
	ix.cum = make([]bitset, len(ix.bounds))
	for i := range ix.cum {
		ix.cum[i] = make(bitset, ix.words)
	}
}

// bucketOf is the bucket of an amount: the last bound at or below it.
func (ix *index) bucketOf(amount int64) int {
	return sort.Search(len(ix.bounds), func(i int) bool { return ix.bounds[i] > amount }) - 1
}

// fileAmounts builds the buckets after a bulk load, from amountOrder.
func (ix *index) fileAmounts() {
	sorted := make([]int64, len(ix.amountOrder))
	for i, k := range ix.amountOrder {
		sorted[i] = ix.amount[rowidOf(k)]
	}
	ix.setBounds(sorted)
	b := 0
	for i, k := range ix.amountOrder {
		for b+1 < len(ix.bounds) && sorted[i] >= ix.bounds[b+1] {
			b++
		}
		ix.cum[b].set(rowidOf(k))
	}
	for b := 1; b < len(ix.cum); b++ {
		for w := range ix.cum[b] {
			ix.cum[b][w] |= ix.cum[b-1][w]
		}
	}
}

// amountRange is [min, max] in buckets: every listing of the inner buckets
// is in the range; those of the edge buckets must be checked one by one.
type amountRange struct {
	on             bool
	min, max       int64
	inHi, inLo     bitset // inner: inHi &^ inLo (inLo nil: nothing to subtract)
	edgeHi, edgeLo bitset // whole range: edgeHi &^ edgeLo
	innerEmpty     bool
	exact          bool // the range falls on bucket bounds: no edges
}

func (ix *index) amountRange(hasMin, hasMax bool, min, max int64) amountRange {
	a := amountRange{on: hasMin || hasMax, min: math.MinInt64, max: math.MaxInt64}
	if !a.on {
		return a
	}
	lo, hi := 0, len(ix.bounds)-1
	loWhole, hiWhole := true, true
	if hasMin {
		a.min = min
		lo = ix.bucketOf(min)
		loWhole = ix.bounds[lo] == min || lo == 0 && min <= ix.bounds[0]
	}
	if hasMax {
		a.max = max
		hi = ix.bucketOf(max)
		hiWhole = hi+1 < len(ix.bounds) && ix.bounds[hi+1] == max+1
	}
	a.edgeHi = ix.cum[hi]
	if lo > 0 {
		a.edgeLo = ix.cum[lo-1]
	}
	inLo, inHi := lo, hi
	if !loWhole {
		inLo++
	}
	if !hiWhole {
		inHi--
	}
	a.exact = loWhole && hiWhole
	if inLo > inHi {
		a.innerEmpty = true
		return a
	}
	a.inHi = ix.cum[inHi]
	if inLo > 0 {
		a.inLo = ix.cum[inLo-1]
	}
	return a
}

// words of the range at word w: in (surely inside) and edge (to check).
func (a *amountRange) wordsAt(w int) (in, edge uint64) {
	all := a.edgeHi[w]
	if a.edgeLo != nil {
		all &^= a.edgeLo[w]
	}
	if !a.innerEmpty {
		in = a.inHi[w]
		if a.inLo != nil {
			in &^= a.inLo[w]
		}
	}
	return in, all &^ in
}

// The open ends of an amount range.
const (
	minAmount = math.MinInt64
	maxAmount = math.MaxInt64
)
