package search

import "math/bits"

// A plan's conditions applied to listings themselves (plan.go compiles
// them): test takes one listing, testBlock up to blockKeys at once.

// test applies every condition to one listing.
func (p *plan) test(r int64) bool {
	ix := p.ix
	if r <= 0 || r >= int64(len(ix.flags)) {
		return false
	}
	if p.kwFirst && !p.kwBits.has(r) {
		return false
	}
	if p.except != nil && p.except.has(r) {
		return false
	}
	for _, f := range p.factors {
		if !f.has(r) {
			return false
		}
	}
	if !p.amountAndPoster(r) {
		return false
	}
	if !p.kwFirst && p.kwBits != nil && !p.kwBits.has(r) {
		return false
	}
	return true
}

// amountAndPoster tests what needs the listing's own values: its amount
// and its poster. The amount is read only when a range asks: the array is
// out of the CPU's cache, and reading it anyway was most of a keyword
// page's tests.
func (p *plan) amountAndPoster(r int64) bool {
	ix := p.ix
	if p.amount.on {
		if a := ix.amount[r]; a < p.amount.min || a > p.amount.max {
			return false
		}
	}
	if p.poster >= 0 && int64(ix.poster[r]) != p.poster {
		return false
	}
	return p.exclude < 0 || int64(ix.poster[r]) != p.exclude
}

// blockKeys is how many listings testBlock takes at once: a machine word
// of answers.
const blockKeys = 64

// testBlock is test over up to blockKeys listings at once: bit i of the
// answer tells whether keys[i]'s listing passes. Each condition is looked
// up for every listing still in before the next condition is: those
// lookups do not wait on each other, so the CPU overlaps their cache
// misses (at a million listings each bitset is a different 125 kB, mostly
// out of the CPU's cache), where test's early return makes each listing's
// lookups wait on the previous listing's answer.
func (p *plan) testBlock(keys []uint32) uint64 {
	ix := p.ix
	n := int64(len(ix.flags))
	var in uint64
	for i, k := range keys {
		if r := rowidOf(k); r > 0 && r < n {
			in |= 1 << uint(i)
		}
	}
	if p.kwFirst {
		in = keepIn(in, keys, factor{p.kwBits})
	}
	if p.except != nil && in != 0 {
		in &^= keepIn(in, keys, factor{p.except})
	}
	for _, f := range p.factors {
		if in == 0 {
			return 0
		}
		in = keepIn(in, keys, f)
	}
	if p.amount.on || p.poster >= 0 || p.exclude >= 0 {
		for m := in; m != 0; m &= m - 1 {
			if i := bits.TrailingZeros64(m); !p.amountAndPoster(rowidOf(keys[i])) {
				in &^= 1 << uint(i)
			}
		}
	}
	if !p.kwFirst && p.kwBits != nil && in != 0 {
		in = keepIn(in, keys, factor{p.kwBits})
	}
	return in
}

// keepIn is the bits of in whose key's listing is in any of f's bitsets.
func keepIn(in uint64, keys []uint32, f factor) uint64 {
	var out uint64
	for m := in; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		r := rowidOf(keys[i])
		w := int(r >> 6)
		var x uint64
		for _, b := range f {
			if w < len(b) {
				x |= b[w]
			}
		}
		out |= (x >> (uint64(r) & 63) & 1) << uint(i)
	}
	return out
}
