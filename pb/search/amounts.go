package search

import (
	"math"
	"sort"

	"github.com/RoaringBitmap/roaring/v2"
)

// amountBuckets is how many buckets amounts are filed in. A range query is
// cumBuckets[hi] minus cumBuckets[lo-1]: two bitmap operations whatever the
// range, plus a check of the listings in the two edge buckets.
const amountBuckets = 32

// setBounds picks bucket bounds at the quantiles of the sorted amounts (so
// buckets hold about as many listings each) and files nothing.
func (ix *index) setBounds(sorted []int64) {
	ix.bounds = []int64{math.MinInt64}
	for b := 1; b < amountBuckets && len(sorted) > 0; b++ {
		v := sorted[len(sorted)*b/amountBuckets]
		if v > ix.bounds[len(ix.bounds)-1] {
			ix.bounds = append(ix.bounds, v)
		}
	}
	ix.cumBuckets = make([]*roaring.Bitmap, len(ix.bounds))
	for i := range ix.cumBuckets {
		ix.cumBuckets[i] = roaring.New()
	}
}

// bucketOf is the bucket of an amount: the last bound at or below it.
func (ix *index) bucketOf(amount int64) int {
	return sort.Search(len(ix.bounds), func(i int) bool { return ix.bounds[i] > amount }) - 1
}

func (ix *index) addAmountBucket(amount int64, key uint32) {
	for b := ix.bucketOf(amount); b < len(ix.cumBuckets); b++ {
		ix.cumBuckets[b].Add(key)
	}
}

func (ix *index) dropAmountBucket(amount int64, key uint32) {
	for b := ix.bucketOf(amount); b < len(ix.cumBuckets); b++ {
		ix.cumBuckets[b].Remove(key)
	}
}

// fileAmounts builds the buckets after a bulk load, from amountOrder.
func (ix *index) fileAmounts() {
	sorted := make([]int64, len(ix.amountOrder))
	for i, k := range ix.amountOrder {
		sorted[i] = ix.amount[rowidOf(k)]
	}
	ix.setBounds(sorted)
	acc := roaring.New()
	start := 0
	for b := range ix.bounds {
		end := len(sorted)
		if b+1 < len(ix.bounds) {
			end = sort.Search(len(sorted), func(i int) bool { return sorted[i] >= ix.bounds[b+1] })
		}
		keys := append([]uint32(nil), ix.amountOrder[start:end]...)
		sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
		acc.Or(roaring.BitmapOf(keys...))
		ix.cumBuckets[b] = acc.Clone()
		start = end
	}
}

// amountSet is a superset of the listings in [min, max] made of whole
// buckets, and whether it is exact (the range falls on bucket bounds).
func (ix *index) amountSet(min, max int64, hasMin, hasMax bool) (*roaring.Bitmap, bool) {
	lo, hi := 0, len(ix.bounds)-1
	exact := true
	if hasMin {
		lo = ix.bucketOf(min)
		exact = exact && ix.bounds[lo] == min
	}
	if hasMax {
		hi = ix.bucketOf(max)
		exact = exact && hi+1 < len(ix.bounds) && ix.bounds[hi+1] == max+1
	}
	if lo == 0 {
		return ix.cumBuckets[hi], exact
	}
	return roaring.AndNot(ix.cumBuckets[hi], ix.cumBuckets[lo-1]), exact
}
