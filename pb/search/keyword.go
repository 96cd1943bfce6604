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
	var sets []*roaring.Bitmap
	for _, run := range runs {
		ids := ix.terms.containing(run)
		if ids.IsEmpty() {
			return nil, false, true
		}
		set, ok := ix.unionOf(ids)
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

// maxUnionTerms bounds how many terms' lists a keyword may merge (a one- or
// two-letter keyword is inside most terms): beyond it the keyword is checked
// listing by listing instead, which is cheap exactly because it is common.
const maxUnionTerms = 4096

// unionOf is the set of listings filed under any of the terms, or false
// when there are too many terms to merge.
func (ix *index) unionOf(ids *roaring.Bitmap) (*roaring.Bitmap, bool) {
	if ids.GetCardinality() > maxUnionTerms {
		return nil, false
	}
	var bigs []*roaring.Bitmap
	var small []uint32
	it := ids.Iterator()
	for it.HasNext() {
		p := &ix.postings[it.Next()]
		if p.big != nil {
			bigs = append(bigs, p.big)
		} else {
			small = append(small, p.small...)
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
