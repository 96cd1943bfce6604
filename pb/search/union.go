package search

import (
	"container/heap"
	"sort"

	"github.com/RoaringBitmap/roaring/v2"
)

// unionIter yields the listings of several terms in ascending key order
// (newest first), each once, by merging the terms' postings through a heap:
// reading a page costs a few steps per listing read, never a pass over
// the terms' whole lists.
type unionIter struct {
	h    termHeap
	last uint32
	any  bool
}

type termCursor struct {
	p     *posting
	dense bitset // a frequent term's listings (termDense), else nil
	high  int64  // the index's highest rowid: dense's words above it are empty
	next  uint32
	i     int // position in p.small
}

type termHeap []termCursor

func (h termHeap) Len() int           { return len(h) }
func (h termHeap) Less(i, j int) bool { return h[i].next < h[j].next }
func (h termHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *termHeap) Push(x any)        { *h = append(*h, x.(termCursor)) }
func (h *termHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

func newUnionIter(ix *index, termIDs *roaring.Bitmap, from uint32) *unionIter {
	u := &unionIter{h: make(termHeap, 0, termIDs.GetCardinality())}
	it := termIDs.Iterator()
	for it.HasNext() {
		id := it.Next()
		c := termCursor{p: &ix.postings[id], dense: ix.termDense[id], high: ix.high}
		if c.seek(from) {
			u.h = append(u.h, c)
		}
	}
	heap.Init(&u.h)
	return u
}

// seek moves the cursor to the first key >= target; false when none.
func (c *termCursor) seek(target uint32) bool {
	if c.dense != nil {
		// Keys ascend as rowids descend: the highest listing at or below
		// the target's rowid.
		r, ok := c.dense.atOrBelow(min(rowidOf(target), c.high))
		if !ok {
			return false
		}
		c.next = keyOf(r)
		return true
	}
	if c.p.big != nil {
		v := c.p.big.NextValue(target)
		if v < 0 {
			return false
		}
		c.next = uint32(v)
		return true
	}
	// Stepping to the next key (target just past the last one) usually
	// lands on the very next element: no search then.
	if c.i < len(c.p.small) && c.p.small[c.i] >= target {
		c.next = c.p.small[c.i]
		return true
	}
	c.i += sort.Search(len(c.p.small)-c.i, func(j int) bool { return c.p.small[c.i+j] >= target })
	if c.i >= len(c.p.small) {
		return false
	}
	c.next = c.p.small[c.i]
	return true
}

func (u *unionIter) next() (uint32, bool) {
	for len(u.h) > 0 {
		top := &u.h[0]
		k := top.next
		if k == ^uint32(0) || !top.seek(k+1) {
			heap.Pop(&u.h)
		} else {
			heap.Fix(&u.h, 0)
		}
		if u.any && k == u.last {
			continue
		}
		u.any, u.last = true, k
		return k, true
	}
	return 0, false
}

func (u *unionIter) peek() (uint32, bool) {
	for len(u.h) > 0 {
		top := &u.h[0]
		if !u.any || top.next != u.last {
			return top.next, true
		}
		// A duplicate of the key just yielded: step past it.
		if top.next == ^uint32(0) || !top.seek(top.next+1) {
			heap.Pop(&u.h)
		} else {
			heap.Fix(&u.h, 0)
		}
	}
	return 0, false
}
