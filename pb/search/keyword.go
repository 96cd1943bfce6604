package search

import "github.com/RoaringBitmap/roaring/v2"

// keywordDocs finds the listings a folded keyword can match.
//
// A keyword of one run (see terms) is answered exactly: the listings filed
// under any term that contains it. A keyword of several runs ("river
// cleanup", "c++") gets the listings that have every run inside some term,
// a superset that verify.go narrows with the stored text. none reports that
// nothing can match; a nil set with verify means the keyword is so common
// that building its set would cost more than checking listings one by one.
func (ix *index) keywordDocs(folded string) (docs *roaring.Bitmap, verify bool, none bool) {
	var runs []string
	terms(folded, func(t string) { runs = append(runs, t) })
	if len(runs) == 0 {
		return nil, false, false
	}
	verify = len(runs) > 1
	limit := maxUnion(ix.aliveCount)
	var sets []*roaring.Bitmap
	for _, run := range runs {
		ids := ix.terms.containing(run)
		if ids.IsEmpty() {
			return nil, false, true
		}
		set, ok := ix.unionOf(ids, limit)
		if !ok {
			verify = true // too common: leave it to the text check
			continue
		}
		sets = append(sets, set)
	}
	switch len(sets) {
	case 0:
		return nil, true, false
	case 1:
		docs = sets[0]
	default:
		docs = roaring.FastAnd(sets...)
	}
	if docs.IsEmpty() {
		return nil, false, true
	}
	return docs, verify, false
}

// unionOf is the set of listings filed under any of the terms, or false
// when it would hold more than limit postings.
func (ix *index) unionOf(ids *roaring.Bitmap, limit int) (*roaring.Bitmap, bool) {
	total := 0
	var bigs []*roaring.Bitmap
	var small []uint32
	it := ids.Iterator()
	for it.HasNext() {
		p := &ix.postings[it.Next()]
		if p.big != nil {
			total += int(p.big.GetCardinality())
			bigs = append(bigs, p.big)
		} else {
			total += len(p.small)
			small = append(small, p.small...)
		}
		if total > limit {
			return nil, false
		}
	}
	if len(bigs) == 1 && len(small) == 0 {
		return bigs[0], true // read-only from here on
	}
	var out *roaring.Bitmap
	switch len(bigs) {
	case 0:
		out = roaring.New()
	case 1:
		out = bigs[0].Clone()
	default:
		out = roaring.FastOr(bigs...)
	}
	if len(small) > 0 {
		out.AddMany(small)
	}
	return out, true
}
