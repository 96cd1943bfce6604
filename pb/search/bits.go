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

// atOrBelow is the highest set bit at or below r.
func (b bitset) atOrBelow(r int64) (int64, bool) {
	if r < 0 {
		return 0, false
	}
	w := r >> 6
	if w >= int64(len(b)) {
		w, r = int64(len(b))-1, int64(len(b))*64-1
	}
	if w < 0 {
		return 0, false
	}
	// The bits of word w at or below r, then whole words downwards.
	x := b[w] & (^uint64(0) >> (63 - uint64(r)&63))
	for x == 0 {
		w--
		if w < 0 {
			return 0, false
		}
		x = b[w]
	}
	return w<<6 | int64(highest(x)), true
}
