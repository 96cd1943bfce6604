package search

import (
	"sort"

	"github.com/RoaringBitmap/roaring/v2"
)

// The terms side of an index: which listings hold each term.

// addTerms files a listing under each of its terms. A frequent term's
// listings live in its bitset only (termDense): its posting is emptied when
// the bitset is made, so the two never hold the same listings twice.
func (ix *index) addTerms(key uint32, ts []string) {
	r := rowidOf(key)
	for _, t := range ts {
		id := ix.terms.intern(t)
		if int(id) >= len(ix.postings) {
			ix.postings = append(ix.postings, posting{})
			ix.termCount = append(ix.termCount, 0)
		}
		if b, ok := ix.termDense[id]; ok {
			if !b.has(r) {
				b.set(r)
				ix.termCount[id]++
			}
			continue
		}
		pst := &ix.postings[id]
		if !pst.add(key, ix.t.SmallPosting) {
			continue
		}
		ix.termCount[id]++
		if int(ix.termCount[id]) >= ix.denseMin() {
			ix.termDense[id] = ix.bitsOf(pst)
			*pst = posting{}
		}
	}
	ix.kwc.follow(r, ts, true)
}

// removeTerms takes a listing out of each of its former terms.
func (ix *index) removeTerms(key uint32, ts []string) {
	r := rowidOf(key)
	for _, t := range ts {
		id, ok := ix.terms.lookup(t)
		if !ok {
			continue
		}
		if b, dense := ix.termDense[id]; dense {
			if b.has(r) {
				b.unset(r)
				ix.termCount[id]--
			}
		} else if ix.postings[id].remove(key) {
			ix.termCount[id]--
		}
	}
	ix.kwc.follow(r, ts, false)
}

// add files a key, in a slice while the posting holds at most small keys;
// false when it was there already.
func (p *posting) add(key uint32, small int) bool {
	if p.big != nil {
		return p.big.CheckedAdd(key)
	}
	i := sort.Search(len(p.small), func(i int) bool { return p.small[i] >= key })
	if i < len(p.small) && p.small[i] == key {
		return false
	}
	if len(p.small) < small {
		p.small = append(p.small, 0)
		copy(p.small[i+1:], p.small[i:])
		p.small[i] = key
		return true
	}
	p.big = roaring.BitmapOf(p.small...)
	p.big.Add(key)
	p.small = nil
	return true
}

// remove takes a key out; false when it was not there.
func (p *posting) remove(key uint32) bool {
	if p.big != nil {
		return p.big.CheckedRemove(key)
	}
	i := sort.Search(len(p.small), func(i int) bool { return p.small[i] >= key })
	if i < len(p.small) && p.small[i] == key {
		p.small = append(p.small[:i], p.small[i+1:]...)
		return true
	}
	return false
}
