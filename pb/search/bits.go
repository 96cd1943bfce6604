package search

import "math/bits"

// bitset has one bit per rowid. The attribute sets (visible, a category, a
// status, an amount bucket, a frequent location...) are bitsets, so that a
// query combines them a machine word (64 listings) at a time, with no
// allocation, and counts its matches with popcount: a full pass over a
// million listings is ~16,000 words.
type bitset []uint64

func (b bitset) has(r int64) bool {
	w := r >> 6
	return w < int64(len(b)) && b[w]&(1<<(uint64(r)&63)) != 0
}

func (b bitset) set(r int64)   { b[r>>6] |= 1 << (uint64(r) & 63) }
func (b bitset) unset(r int64) { b[r>>6] &^= 1 << (uint64(r) & 63) }

// grown returns b with at least words words.
func (b bitset) grown(words int) bitset {
	if len(b) >= words {
		return b
	}
	out := make(bitset, words)
	copy(out, b)
	return out
}

// highest is the highest set bit of a non-zero word.
func highest(w uint64) uint { return 63 - uint(bits.LeadingZeros64(w)) }
