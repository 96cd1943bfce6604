package search

import (
	"strings"

	"github.com/RoaringBitmap/roaring/v2"
)

// kwInfo is what the index knows about a keyword before reading listings.
type kwInfo struct {
	none   bool                              // nothing can match
	verify bool                              // the set is a superset: check each listing's text
	terms  *roaring.Bitmap                   // a single-run keyword's terms (for the lazy merge)
	size   int                               // the set's size, or an upper bound
	build  func(borrow func() bitset) bitset // the listings; borrow lends the query's bitsets
}

// keyword looks a folded keyword up.
//
// A keyword of one run (see terms) is answered exactly: the listings filed
// under any term that contains it. A keyword of several runs ("river
// cleanup", "c++") gets the listings that have every run in a term where the
// text can hold it (runMode), a superset that Engine.verify (search.go)
// narrows with the stored text.
func (ix *index) keyword(folded string) kwInfo {
	var runs []string
	terms(folded, func(t string) { runs = append(runs, t) })
	if len(runs) == 0 {
		return kwInfo{}
	}
	k := kwInfo{verify: len(runs) > 1, size: ix.aliveCount}
	type runSet struct {
		key  string // in the keyword cache
		ids  *roaring.Bitmap
		size int
	}
	var usable []runSet
	for i, run := range runs {
		key, ids := ix.runTerms(run, runModeOf(i, len(runs)))
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
		usable = append(usable, runSet{key, ids, size})
		k.size = min(k.size, size)
	}
	if len(usable) == 0 {
		return k // no set at all: every listing's text is checked
	}
	if len(runs) == 1 {
		k.terms = usable[0].ids
	}
	k.build = func(borrow func() bitset) bitset {
		var out bitset
		for i, u := range usable {
			b, owned := ix.runBits(u.key, u.ids, borrow)
			switch {
			case len(usable) == 1:
				return b // read-only from here on
			case i == 0 && owned:
				out = b
			case i == 0:
				out = borrow()
				copy(out, b)
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

// runMode is where a run of a keyword of several runs must sit in a term of
// the text. A run is bounded by the keyword's whitespace or a change of rune
// class, and both are ends of terms in the text as well: the first run ends
// a term, the last starts one and a run between them is a whole term. One
// run alone may sit anywhere in a term.
type runMode byte

const (
	anywhere runMode = iota
	atEnd
	atStart
	whole
)

func runModeOf(i, runs int) runMode {
	switch {
	case runs == 1:
		return anywhere
	case i == 0:
		return atEnd
	case i == runs-1:
		return atStart
	default:
		return whole
	}
}

// fits tells whether run sits in term as mode requires.
func (m runMode) fits(term, run string) bool {
	switch m {
	case atEnd:
		return strings.HasSuffix(term, run)
	case atStart:
		return strings.HasPrefix(term, run)
	case whole:
		return term == run
	default:
		return strings.Contains(term, run)
	}
}

// cacheKey names a run's set in the keyword cache: its mode's byte, then
// the run.
func (m runMode) cacheKey(run string) string { return string(byte(m)) + run }

// modeOfKey is cacheKey undone.
func modeOfKey(key string) (runMode, string) { return runMode(key[0]), key[1:] }

// runTerms answers the ids of the terms that hold run where mode says, and
// the run's key in the keyword cache. A run inside more terms than a merge
// takes (Tuning.MaxUnionTerms) is answered unfiltered: the caller leaves it
// to the text check anyway.
func (ix *index) runTerms(run string, mode runMode) (string, *roaring.Bitmap) {
	if mode == whole {
		out := roaring.New()
		if id, ok := ix.terms.lookup(run); ok {
			out.Add(id)
		}
		return mode.cacheKey(run), out
	}
	ids := ix.terms.containing(run)
	if mode == anywhere || ids.GetCardinality() > uint64(ix.t.MaxUnionTerms) {
		return anywhere.cacheKey(run), ids
	}
	out := roaring.New()
	it := ids.Iterator()
	for it.HasNext() {
		id := it.Next()
		if mode.fits(ix.terms.entries[id], run) {
			out.Add(id)
		}
	}
	return mode.cacheKey(run), out
}

// postingBits sets the bits of every listing filed under the given ids
// in out (zeroed, ix.words long).
func (ix *index) postingBits(out bitset, ids *roaring.Bitmap) bitset {
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

// runBits is the listings of a run's terms (ids), from the cache when it
// has them under key (runMode.cacheKey); expensive builds are cached. The
// answer is read-only unless owned: a build the cache does not keep is
// made in a bitset from borrow (the query's, returned to the index's pool
// when the query is done), so a query does not leave a set of the whole
// market's size to the collector.
func (ix *index) runBits(key string, ids *roaring.Bitmap, borrow func() bitset) (b bitset, owned bool) {
	if b := ix.kwc.get(key); b != nil {
		return b, false
	}
	if ids.GetCardinality() >= uint64(ix.t.KeywordCacheMinTerms) {
		b := ix.postingBits(make(bitset, ix.words), ids)
		ix.kwc.put(key, b)
		return b, false
	}
	return ix.postingBits(borrow(), ids), true
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
