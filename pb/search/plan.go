package search

import (
	"slices"
	"strings"

	"github.com/RoaringBitmap/roaring/v2"
)

// plan is a compiled query over one index: the per-listing checks, and the
// way in (the driver) that the cost estimates chose.
type plan struct {
	ix   *index
	sort Sort

	includeHidden bool
	catMask       uint8
	hasMin        bool
	hasMax        bool
	min, max      int64
	locIDs        *roaring.Bitmap // allowed location ids (0, no location, always passes); nil: any
	poster        int64           // poster id, -1 any
	verifiedOnly  bool
	status        uint8 // 0 any
	now           int64

	// kwDocs is the keyword's set of listings (nil: no keyword, or one too
	// common to be worth building); kwVerify says the set is a superset and
	// each candidate's text must be checked (verify.go).
	kwDocs   *roaring.Bitmap
	kwVerify bool
	kwFolded string

	empty bool // nothing can match

	driver     driverKind
	set        *roaring.Bitmap // driverSet
	lo, hi     int             // amountOrder slots of the amount range
	driverSize int
	// exactByCount: the driver's size is the number of matches (no other
	// check can fail), so the total needs no walk.
	exactByCount bool
}

type driverKind uint8

const (
	driverAll    driverKind = iota // every listing, newest first
	driverAmount                   // amountOrder[lo:hi], in amount order
	driverSet                      // a bitmap (keyword and/or poster)
)

func (e *Engine) compile(ix *index, f *Filter, s Sort) *plan {
	p := &plan{ix: ix, sort: s, includeHidden: f.IncludeHidden, poster: -1, verifiedOnly: f.VerifiedOnly, now: e.Now().Unix()}
	n := max(ix.aliveCount, 1)
	sel := 1.0
	if !p.includeHidden {
		sel *= float64(ix.visibleCount) / float64(n)
	}

	if len(f.Categories) > 0 {
		mask, _ := e.CategoryMask(f.Categories)
		p.catMask = mask
		c := 0
		for i := range 8 {
			if mask&(1<<i) != 0 {
				c += ix.catCount[i]
			}
		}
		sel *= min(1, float64(c)/float64(n))
		if c == 0 {
			p.empty = true
		}
	}

	if f.Location != "" {
		p.locIDs = ix.locs.containing(fold(f.Location))
		if f.LocationEitherWay {
			p.locIDs = roaring.Or(p.locIDs, ix.locs.containedIn(fold(f.Location)))
		}
		c := ix.locCount[0]
		it := p.locIDs.Iterator()
		for i := 0; it.HasNext() && i < 4096; i++ {
			c += ix.locCount[it.Next()]
		}
		sel *= min(1, float64(c)/float64(n))
	}

	if f.Status != "" {
		p.status = statusCode(f.Status)
		sel *= float64(ix.statusCount[p.status]+1) / float64(n)
	}
	if f.VerifiedOnly {
		sel *= float64(ix.verifiedCount) / float64(n)
	}

	var sets []*roaring.Bitmap
	if f.PosterID != "" {
		id, ok := ix.posterIDs[f.PosterID]
		if !ok {
			p.empty = true
			return p
		}
		p.poster = int64(id)
		sets = append(sets, ix.posters[id].docs)
	}
	if kw := strings.TrimSpace(f.Keyword); kw != "" {
		p.kwFolded = fold(kw)
		docs, verify, none := ix.keywordDocs(p.kwFolded)
		if none {
			p.empty = true
			return p
		}
		p.kwDocs, p.kwVerify = docs, verify
		if docs != nil {
			sets = append(sets, docs)
		} else {
			sel *= 0.5 // a keyword too common to build: most listings have it
		}
	}

	// The amount range is a slice of amountOrder.
	p.lo, p.hi = 0, len(ix.amountOrder)
	if f.MinAmount != nil {
		p.hasMin, p.min = true, *f.MinAmount
		p.lo = ix.amountBound(p.min, false)
	}
	if f.MaxAmount != nil {
		p.hasMax, p.max = true, *f.MaxAmount
		p.hi = ix.amountBound(p.max, true)
	}
	if p.hi < p.lo {
		p.hi = p.lo
	}
	m := p.hi - p.lo
	if m == 0 || p.empty {
		p.empty = true
		return p
	}
	sel *= float64(m) / float64(n)

	var set *roaring.Bitmap
	switch len(sets) {
	case 1:
		set = sets[0]
	case 2:
		set = roaring.And(sets[0], sets[1])
	}
	if set != nil {
		sel *= float64(set.GetCardinality()) / float64(n)
	}
	p.choose(n, m, set, sel)
	return p
}

// choose picks the cheapest driver. need is a page's worth of matches; a
// driver read in the requested order stops once it has them, a driver in
// another order must read everything and sort.
func (p *plan) choose(n, m int, set *roaring.Bitmap, sel float64) {
	const need = 64.0
	expected := max(sel*float64(n), 1e-9)
	stopEarly := func(size int) float64 { return min(float64(size), need*float64(size)/expected) }

	type option struct {
		kind driverKind
		cost float64
	}
	var opts []option
	if p.sort == Newest {
		opts = append(opts, option{driverAll, stopEarly(n)})
		if p.hasMin || p.hasMax {
			opts = append(opts, option{driverAmount, float64(m) * 1.5}) // collect and sort
		}
	} else {
		opts = append(opts, option{driverAmount, stopEarly(m)})
	}
	if set != nil {
		size := int(set.GetCardinality())
		cost := float64(size) * 1.2
		if p.sort == Newest {
			cost = stopEarly(size)
		}
		opts = append(opts, option{driverSet, cost * 0.9}) // bitmap walks beat array reads a little
	}
	best := opts[0]
	for _, o := range opts[1:] {
		if o.cost < best.cost {
			best = o
		}
	}
	p.driver = best.kind
	switch best.kind {
	case driverAll:
		p.driverSize = p.ix.aliveCount
	case driverAmount:
		p.driverSize = m
	case driverSet:
		p.set = set
		p.driverSize = int(set.GetCardinality())
	}
	p.exactByCount = p.driver == driverAll && p.onlyVisibility()
}

// onlyVisibility tells whether visibility is the only check a listing of
// the whole index must pass.
func (p *plan) onlyVisibility() bool {
	return p.catMask == 0 && !p.hasMin && !p.hasMax && p.locIDs == nil && p.poster < 0 &&
		!p.verifiedOnly && p.status == 0 && p.kwDocs == nil && !p.kwVerify
}

// match applies every check to one listing (the driver's own condition
// included: it is cheap and keeps the walk simple).
func (p *plan) match(key uint32) bool {
	ix := p.ix
	r := rowidOf(key)
	if r >= int64(len(ix.flags)) {
		return false
	}
	fl := ix.flags[r]
	if fl&flagAlive == 0 || (fl&flagHidden != 0 && !p.includeHidden) {
		return false
	}
	if p.catMask != 0 && ix.cats[r]&p.catMask == 0 {
		return false
	}
	if a := ix.amount[r]; (p.hasMin && a < p.min) || (p.hasMax && a > p.max) {
		return false
	}
	if p.locIDs != nil {
		if l := ix.loc[r]; l != 0 && !p.locIDs.Contains(l) {
			return false
		}
	}
	if p.poster >= 0 && int64(ix.poster[r]) != p.poster {
		return false
	}
	if p.verifiedOnly && !ix.posters[ix.poster[r]].verified {
		return false
	}
	if p.status != 0 && ix.effectiveStatus(r, p.now) != p.status {
		return false
	}
	if p.kwDocs != nil && p.driver != driverSet && !p.kwDocs.Contains(key) {
		return false
	}
	return true
}

// effectiveStatus is the stored status, except that an open request whose
// event date has passed is closed (it can no longer be sponsored).
func (ix *index) effectiveStatus(r int64, now int64) uint8 {
	s := ix.status(r)
	if s == statusOpen && ix.event != nil && EventPassed(ix.event[r], now) {
		return statusClosed
	}
	return s
}

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
	if p.driver == driverSet {
		walkBitmap(p.set, nil, visit)
	} else {
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
