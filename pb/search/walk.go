package search

import (
	"slices"

	"github.com/RoaringBitmap/roaring/v2"
)

// walked is what a walk found.
type walked struct {
	keys      []uint32 // matches after the cursor, in order, at most want
	found     int      // matches seen (counting goes on past want within the budget)
	examined  int      // listings read
	exhausted bool     // the driver had nothing more
}

// walk reads the driver from the cursor on, collecting want matches, then
// counts on for at most budget more listings.
func (p *plan) walk(after *cursor, want, budget int) walked {
	var w walked
	if p.empty {
		w.exhausted = true
		return w
	}
	limit := -1 // examined count at which to stop once want is reached
	visit := func(key uint32) bool {
		w.examined++
		if p.match(key) {
			w.found++
			if len(w.keys) < want {
				w.keys = append(w.keys, key)
				if len(w.keys) == want {
					limit = w.examined + budget
				}
			}
		}
		return limit < 0 || w.examined < limit
	}
	switch {
	case p.driver == driverAll:
		w.exhausted = walkBitmap(p.ix.alive, after, visit)
	case p.driver == driverSet && p.sort == Newest:
		w.exhausted = walkBitmap(p.set, after, visit)
	case p.driver == driverLazyKW:
		w.exhausted = p.walkLazy(after, visit)
	case p.driver == driverSet && p.sort != Newest && p.set.GetCardinality() > collectLimit:
		// Too many to sort: walk amountOrder and keep the set's listings.
		w.exhausted = p.walkAmount(after, func(k uint32) bool {
			if !p.set.Contains(k) {
				return true
			}
			return visit(k)
		})
	case p.driver == driverAmount && p.sort != Newest:
		w.exhausted = p.walkAmount(after, visit)
	default:
		// A driver in another order than the one asked for: collect all,
		// sort, then take the page after the cursor.
		return p.collectSorted(after, want)
	}
	return w
}

func walkBitmap(b *roaring.Bitmap, after *cursor, visit func(uint32) bool) bool {
	it := b.Iterator()
	if after != nil {
		it.AdvanceIfNeeded(after.key + 1)
	}
	for it.HasNext() {
		if !visit(it.Next()) {
			return !it.HasNext()
		}
	}
	return true
}

// walkAmount reads amountOrder[lo:hi] in amount order (ascending, or
// descending by runs of equal amounts, newest first within a run).
func (p *plan) walkAmount(after *cursor, visit func(uint32) bool) bool {
	ix, order := p.ix, p.ix.amountOrder
	if p.sort == AmountAsc {
		start := p.lo
		if after != nil {
			start = max(start, ix.amountSlot(after.amount, after.key+1))
		}
		for i := start; i < p.hi; i++ {
			if !visit(order[i]) {
				return i+1 >= p.hi
			}
		}
		return true
	}
	end := p.hi
	if after != nil {
		// The rest of the cursor's run, then the runs below it.
		runStart := max(p.lo, ix.amountBound(after.amount, false))
		runEnd := min(p.hi, ix.amountBound(after.amount, true))
		for i := max(runStart, ix.amountSlot(after.amount, after.key+1)); i < runEnd; i++ {
			if !visit(order[i]) {
				return false
			}
		}
		end = min(end, runStart)
	}
	for end > p.lo {
		a := ix.amount[rowidOf(order[end-1])]
		start := max(p.lo, ix.amountBound(a, false))
		for i := start; i < end; i++ {
			if !visit(order[i]) {
				return i+1 >= end && start <= p.lo
			}
		}
		end = start
	}
	return true
}

// collectLimit is the most listings a set driver collects and sorts for an
// amount order; past it amountOrder is walked instead.
const collectLimit = 20000

// walkLazy merges the keyword's terms in key order (newest first) without
// building their union: a page costs a few heap steps per listing.
func (p *plan) walkLazy(after *cursor, visit func(uint32) bool) bool {
	var from uint32
	if after != nil {
		from = after.key + 1
	}
	u := newUnionIter(p.ix, p.kwTerms, from)
	for {
		k, ok := u.next()
		if !ok {
			return true
		}
		if !visit(k) {
			_, more := u.peek()
			return !more
		}
	}
}

// collectSorted reads the whole driver, sorts the matches in the requested
// order and returns those after the cursor.
func (p *plan) collectSorted(after *cursor, want int) walked {
	var w walked
	var all []uint32
	visit := func(key uint32) bool {
		w.examined++
		if p.match(key) {
			all = append(all, key)
		}
		return true
	}
	switch p.driver {
	case driverSet:
		walkBitmap(p.set, nil, visit)
	case driverLazyKW:
		p.walkLazy(nil, visit)
	default:
		for _, k := range p.ix.amountOrder[p.lo:p.hi] {
			visit(k)
		}
	}
	slices.SortFunc(all, p.compare)
	w.found, w.exhausted = len(all), true
	start := 0
	if after != nil {
		start, _ = slices.BinarySearchFunc(all, after.key, func(k, _ uint32) int {
			if c := p.compareCursor(k, after); c <= 0 {
				return -1
			}
			return 1
		})
	}
	end := min(len(all), start+want)
	w.keys = all[start:end]
	return w
}

// compare orders two keys in the plan's sort order.
func (p *plan) compare(a, b uint32) int {
	if p.sort != Newest {
		x, y := p.ix.amount[rowidOf(a)], p.ix.amount[rowidOf(b)]
		if x != y {
			if (x < y) == (p.sort == AmountAsc) {
				return -1
			}
			return 1
		}
	}
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// compareCursor orders a key against a cursor position.
func (p *plan) compareCursor(k uint32, c *cursor) int {
	if p.sort != Newest {
		x := p.ix.amount[rowidOf(k)]
		if x != c.amount {
			if (x < c.amount) == (p.sort == AmountAsc) {
				return -1
			}
			return 1
		}
	}
	switch {
	case k < c.key:
		return -1
	case k > c.key:
		return 1
	}
	return 0
}

func (p *plan) cursorOf(key uint32) cursor {
	return cursor{sort: p.sort, amount: p.ix.amount[rowidOf(key)], key: key}
}
