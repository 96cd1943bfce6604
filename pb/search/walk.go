package search

import (
	"math/bits"
	"slices"

	"github.com/RoaringBitmap/roaring/v2"
)

// walked is a page of matches after a cursor and, when counted, the total.
type walked struct {
	keys  []uint32 // matches after the cursor, in order, at most want
	total int      // all matches (from the start), when counted
	exact bool     // total is exact; else estimated from the part read
	// more tells that matches may follow the last key (for a caller that
	// reads on in batches).
	more bool
}

// walk reads the matches after the cursor in the requested order: want of
// them, and (count) the total.
func (p *plan) walk(after *cursor, want int, count bool) walked {
	if p.empty {
		return walked{exact: true}
	}
	switch {
	case p.sort != Newest:
		return p.walkByAmount(after, want, count)
	case p.driver == driverPoster:
		return p.walkKeys(after, want, count, func(from uint32, visit func(uint32) bool) bool {
			return walkBitmap(p.posterD, from, visit)
		}, int(p.posterD.GetCardinality()))
	case p.driver == driverKW:
		return p.walkKeys(after, want, count, func(from uint32, visit func(uint32) bool) bool {
			return p.walkLazy(from, visit)
		}, p.kwSize)
	}
	var from int64
	if after != nil {
		from = rowidOf(after.key)
	}
	// With no condition but visibility the total is a counter.
	plain := len(p.factors) == 1 && !p.amount.on && p.kwBits == nil && p.poster < 0 && p.exclude < 0 && p.except == nil
	buf := borrowRows()
	s := p.scan(from, want, count && !plain, *buf)
	defer returnRows(buf, s.rows)
	w := walked{total: s.total, exact: !s.estimated, more: len(s.rows) == want}
	if plain {
		w.total = p.ix.visibleCount
		if p.hiddenToo {
			w.total = p.ix.aliveCount
		}
	}
	w.keys = make([]uint32, len(s.rows))
	for i, r := range s.rows {
		w.keys[i] = keyOf(r)
	}
	return w
}

// walkKeys reads a sparse driver newest first, testing each listing. To
// count it reads all of it when it holds at most Tuning.CountAll (exact
// totals for small markets), else Tuning.CountBudget more listings past the
// page, and estimates from the share of matches among those read.
func (p *plan) walkKeys(after *cursor, want int, count bool, each func(from uint32, visit func(uint32) bool) bool, size int) walked {
	var w walked
	var from uint32
	if after != nil {
		from = after.key + 1
	}
	countAll, countBudget := p.ix.t.CountAll, p.ix.t.CountBudget
	read, found, limit := 0, 0, -1
	exhausted := each(from, func(k uint32) bool {
		read++
		if p.test(rowidOf(k)) {
			found++
			if len(w.keys) < want {
				w.keys = append(w.keys, k)
				if len(w.keys) == want {
					limit = read
					switch {
					case count && size <= countAll:
						limit = countAll + 1
					case count:
						limit += countBudget
					}
				}
			}
		}
		return limit < 0 || read < limit
	})
	// Counting reads past the page: matches found beyond the keys kept
	// follow them even when the walk reached the end.
	w.more = !exhausted || found > len(w.keys)
	w.exact = exhausted
	w.total = found
	if !exhausted && count && read > 0 {
		w.total = max(found, roundEstimate(float64(found)/float64(read)*float64(size)))
	}
	return w
}

func walkBitmap(b *roaring.Bitmap, from uint32, visit func(uint32) bool) bool {
	it := b.Iterator()
	it.AdvanceIfNeeded(from)
	for it.HasNext() {
		if !visit(it.Next()) {
			return !it.HasNext()
		}
	}
	return true
}

// walkLazy merges the keyword's terms in key order (newest first) without
// building their union: a page costs a few heap steps per listing.
func (p *plan) walkLazy(from uint32, visit func(uint32) bool) bool {
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

// walkByAmount answers the amount orders: the matches are counted with a
// scan; when few they are collected and sorted, else amountOrder is
// walked with each listing tested.
func (p *plan) walkByAmount(after *cursor, want int, count bool) walked {
	var all []uint32
	switch p.driver {
	case driverPoster:
		walkBitmap(p.posterD, 0, func(k uint32) bool {
			if p.test(rowidOf(k)) {
				all = append(all, k)
			}
			return true
		})
	case driverKW:
		// A rare keyword: its few listings are all read and sorted (walking
		// amountOrder for them would read most of it).
		p.walkLazy(0, func(k uint32) bool {
			if p.test(rowidOf(k)) {
				all = append(all, k)
			}
			return true
		})
	default:
		return p.walkAmountOrScan(after, want, count)
	}
	return p.sortedPage(all, after, want)
}

// walkAmountOrScan counts with one scan and then sorts what it kept or walks
// amountOrder, whichever reads less.
func (p *plan) walkAmountOrScan(after *cursor, want int, count bool) walked {
	m := p.amountMemo
	if m == nil {
		// One scan counts every match and keeps them, unless the plan's
		// estimate says they are too many to sort anyway.
		keep := p.ix.t.CollectLimit
		if p.estimated > float64(collectSlack*keep) {
			keep = 0
		}
		buf := borrowRows()
		c := p.scan(0, keep, true, *buf)
		// Walking amountOrder reads about want*(range)/matches listings;
		// sorting what the scan kept costs about matches*log(matches).
		lo, hi := p.slots()
		walkCost := float64(want) * float64(hi-lo) / float64(max(c.total, 1))
		m = &amountMemo{total: c.total, exact: !c.estimated}
		if c.estimated || c.total > keep || walkCost < float64(c.total)*sortCost {
			m.walk = true
		} else {
			m.sorted = make([]uint32, len(c.rows))
			for i, r := range c.rows {
				m.sorted[i] = keyOf(r)
			}
			slices.SortFunc(m.sorted, p.compare)
		}
		returnRows(buf, c.rows)
		p.amountMemo = m
	}
	if m.walk {
		w := walked{total: m.total, exact: m.exact}
		exhausted := p.walkAmount(after, func(span []uint32) (int, bool) {
			if want <= 0 {
				// A walk of one listing at a time stops after the first.
				if p.test(rowidOf(span[0])) {
					w.keys = append(w.keys, span[0])
				}
				return 0, true
			}
			for off := 0; off < len(span); off += blockKeys {
				block := span[off:min(off+blockKeys, len(span))]
				for in := p.testBlock(block); in != 0; in &= in - 1 {
					i := bits.TrailingZeros64(in)
					w.keys = append(w.keys, block[i])
					if len(w.keys) >= want {
						return off + i, true
					}
				}
			}
			return len(span), false
		})
		w.more = !exhausted
		return w
	}
	return p.pageOfSorted(m.sorted, after, want)
}

// amountMemo is what walkAmountOrScan's scan found: the count, and either
// that amountOrder is walked or every match, sorted. The keys it answers
// are read-only.
type amountMemo struct {
	total  int
	exact  bool
	walk   bool
	sorted []uint32
}

// sortedPage sorts matches in the plan's order and cuts the page after the
// cursor.
func (p *plan) sortedPage(all []uint32, after *cursor, want int) walked {
	slices.SortFunc(all, p.compare)
	return p.pageOfSorted(all, after, want)
}

// pageOfSorted cuts the page after the cursor from matches in the plan's
// order.
func (p *plan) pageOfSorted(all []uint32, after *cursor, want int) walked {
	start := 0
	if after != nil {
		start, _ = slices.BinarySearchFunc(all, after.key, func(k, _ uint32) int {
			if p.compareCursor(k, after) <= 0 {
				return -1
			}
			return 1
		})
	}
	end := min(len(all), start+want)
	return walked{keys: all[start:end], total: len(all), exact: true, more: end < len(all)}
}

// walkAmount reads amountOrder over the amount range in amount order
// (ascending, or descending by runs of equal amounts, newest first within
// a run), after the cursor. It hands visit consecutive spans of
// amountOrder in that order; visit answers where in a span it stopped, if
// it did. walkAmount answers whether the walk reached the end (nothing
// after the key it stopped at).
func (p *plan) walkAmount(after *cursor, visit func(span []uint32) (stop int, stopped bool)) bool {
	ix, order := p.ix, p.ix.amountOrder
	lo, hi := p.slots()
	if p.sort == AmountAsc {
		start := lo
		if after != nil {
			start = max(start, ix.amountSlot(after.amount, after.key+1))
		}
		if start < hi {
			if j, stopped := visit(order[start:hi]); stopped {
				return start+j+1 >= hi
			}
		}
		return true
	}
	end := hi
	if after != nil {
		// The rest of the cursor's run, then the runs below it.
		runStart := max(lo, ix.amountBound(after.amount, false))
		runEnd := min(hi, ix.amountBound(after.amount, true))
		if from := max(runStart, ix.amountSlot(after.amount, after.key+1)); from < runEnd {
			if _, stopped := visit(order[from:runEnd]); stopped {
				return false
			}
		}
		end = min(end, runStart)
	}
	for end > lo {
		a := ix.amount[rowidOf(order[end-1])]
		start := max(lo, ix.amountBound(a, false))
		if j, stopped := visit(order[start:end]); stopped {
			return start+j+1 >= end && start <= lo
		}
		end = start
	}
	return true
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
