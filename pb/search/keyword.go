package search

import "github.com/RoaringBitmap/roaring/v2"

// kwInfo is what the index knows about a keyword before reading listings.
type kwInfo struct {
	none   bool            // nothing can match
	verify bool            // the set is a superset: check each listing's text
	terms  *roaring.Bitmap // a single-run keyword's terms (for the lazy merge)
	size   int             // the set's size, or an upper bound
	build  func() bitset
}

// keyword looks a folded keyword up.
//
// A keyword of one run (see terms) is answered exactly: the listings filed
// under any term that contains it. A keyword of several runs ("river
// cleanup", "c++") gets the listings that have every run inside some term,
// a superset that Engine.verify (search.go) narrows with the stored text.
func (ix *index) keyword(folded string) kwInfo {
	var runs []string
	terms(folded, func(t string) { runs = append(runs, t) })
	if len(runs) == 0 {
		return kwInfo{}
	}
	k := kwInfo{verify: len(runs) > 1, size: ix.aliveCount}
	type runSet struct {
		run  string
		ids  *roaring.Bitmap
		size int
	}
	var usable []runSet
	for _, run := range runs {
		ids := ix.terms.containing(run)
		if ids.IsEmpty() {
			return kwInfo{none: true}
		}
		// A run inside too many terms (one or two letters) is not merged:
		// Tuning.MaxUnionTerms.
		if ids.GetCardinality() > uint64(ix.t.MaxUnionTerms) {
			k.verify = true // too common to merge: leave it to the text check
			continue
		}
		size := 0
		it := ids.Iterator()
		for it.HasNext() {
			size += int(ix.termCount[it.Next()])
		}
		if size == 0 {
			return kwInfo{none: true}
		}
		usable = append(usable, runSet{run, ids, size})
		k.size = min(k.size, size)
	}
	if len(usable) == 0 {
		return k // no set at all: every listing's text is checked
	}
	if len(runs) == 1 {
		k.terms = usable[0].ids
	}
	k.build = func() bitset {
		var out bitset
		for i, u := range usable {
			b := ix.runBits(u.run, u.ids)
			switch {
			case len(usable) == 1:
				return b // read-only from here on
			case i == 0:
				out = append(bitset(nil), b...)
			default:
				for w := range out {
					out[w] &= b[w]
				}
			}
		}
		return out
	}
	return k
}

// postingBits sets the bits of every listing filed under the given ids.
func (ix *index) postingBits(ids *roaring.Bitmap) bitset {
	out := make(bitset, ix.words)
	it := ids.Iterator()
	for it.HasNext() {
		id := it.Next()
		if d, ok := ix.termDense[id]; ok {
			for w, x := range d {
				out[w] |= x
			}
			continue
		}
		setPosting(out, &ix.postings[id])
	}
	return out
}

// runBits is the listings of a run's terms, from the cache when it has
// them; expensive builds are cached. The answer is read-only.
func (ix *index) runBits(run string, ids *roaring.Bitmap) bitset {
	if b := ix.kwc.get(run); b != nil {
		return b
	}
	b := ix.postingBits(ids)
	if ids.GetCardinality() >= uint64(ix.t.KeywordCacheMinTerms) {
		ix.kwc.put(run, b)
	}
	return b
}

// setPosting sets the bits of a posting's listings, reading a bitmap in
// batches.
func setPosting(out bitset, p *posting) {
	if p.big == nil {
		for _, k := range p.small {
			out.set(rowidOf(k))
		}
		return
	}
	var buf [256]uint32
	it := p.big.ManyIterator()
	for n := it.NextMany(buf[:]); n > 0; n = it.NextMany(buf[:]) {
		for _, k := range buf[:n] {
			out.set(rowidOf(k))
		}
	}
}
