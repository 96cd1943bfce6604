package search

import (
	"strings"

	"github.com/RoaringBitmap/roaring/v2"
)

// plan is a compiled query over one index: the checks every listing must
// pass (match), and the way in that the cost estimates chose (the driver).
//
// Two ways in, priced in nanoseconds from the sets' sizes:
//   - walk: read one set (all listings, a poster's, the keyword's terms
//     merged lazily, a slice of amountOrder) in the requested order and
//     check each listing until a page is full: cheap when matches are
//     common, whatever the table's size;
//   - intersect: materialize every condition as a bitmap and AND them (a
//     few microseconds per condition at 100,000 listings): cheap when each
//     condition is common but together they are rare (a category and a
//     narrow amount range and a location), and it counts exactly.
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

	kwFolded string
	kwVerify bool            // the keyword's set is a superset: check each listing's text
	kwTerms  *roaring.Bitmap // term ids of a single-run keyword (for the lazy merge)
	kwDocs   *roaring.Bitmap // the keyword's listings, when built
	kwSize   int             // its size, or an upper bound

	empty bool

	driver     driverKind
	set        *roaring.Bitmap // driverSet
	lo, hi     int             // amountOrder slots of the amount range
	driverSize int
	// exactByCount: the driver holds exactly the matches, so the total is
	// its size.
	exactByCount bool
}

type driverKind uint8

const (
	driverAll    driverKind = iota // every listing, newest first
	driverSet                      // a bitmap, newest first (or collected and sorted)
	driverLazyKW                   // the keyword's terms merged lazily, newest first
	driverAmount                   // amountOrder[lo:hi], in amount order
)

// Cost model, in nanoseconds (measured on the development machine).
const (
	costItem      = 20.0 // one listing checked
	costArrayItem = 6.0  // one element of a sparse bitmap in a set operation
	costPerChunk  = 900  // one dense 65,536-key container in a set operation
	// lazyMaxTerms bounds the terms merged lazily; past it the keyword's
	// set is built instead.
	lazyMaxTerms = 256
)

// cond is one condition as a set: its size (or an upper bound), whether
// membership is the condition exactly, and how to get the bitmap.
type cond struct {
	size  int
	exact bool
	cost  float64 // to build the bitmap (0 when it exists)
	get   func() *roaring.Bitmap
	have  *roaring.Bitmap // already built (no cost to use)
}

func (ix *index) opCost(size int) float64 {
	chunks := float64(len(ix.flags))/65536 + 1
	dense := chunks * costPerChunk
	return min(dense, float64(size)*costArrayItem)
}

func (e *Engine) compile(ix *index, f *Filter, s Sort) *plan {
	p := &plan{ix: ix, sort: s, includeHidden: f.IncludeHidden, poster: -1, verifiedOnly: f.VerifiedOnly, now: e.Now().Unix()}
	n := max(ix.aliveCount, 1)
	var conds []cond
	have := func(b *roaring.Bitmap, size int, exact bool) {
		conds = append(conds, cond{size: size, exact: exact, have: b})
	}

	if !p.includeHidden {
		have(ix.visible, ix.visibleCount, true)
	}

	if len(f.Categories) > 0 {
		mask, _ := e.CategoryMask(f.Categories)
		p.catMask = mask
		var bms []*roaring.Bitmap
		size := 0
		for i := range 8 {
			if mask&(1<<i) != 0 {
				bms = append(bms, ix.catDocs[i])
				size += ix.catCount[i]
			}
		}
		size = min(size, n)
		if size == 0 {
			p.empty = true
			return p
		}
		if len(bms) == 1 {
			have(bms[0], size, true)
		} else {
			conds = append(conds, cond{size: size, exact: true, cost: float64(len(bms)) * ix.opCost(size),
				get: func() *roaring.Bitmap { return roaring.FastOr(bms...) }})
		}
	}

	if f.Location != "" {
		p.locIDs = ix.locs.containing(fold(f.Location)).Clone() // shared: copy before adding
		if f.LocationEitherWay {
			p.locIDs.Or(ix.locs.containedIn(fold(f.Location)))
		}
		p.locIDs.Add(0)
		ids := p.locIDs
		size, cost := 0, 0.0
		it := ids.Iterator()
		for it.HasNext() {
			id := it.Next()
			size += ix.locCount[id]
			cost += ix.opCost(ix.locDocs[id].size())
		}
		conds = append(conds, cond{size: min(size, n), exact: true, cost: cost,
			get: func() *roaring.Bitmap { return ix.unionPostings(ix.locDocs, ids) }})
	}

	if f.Status != "" {
		p.status = statusCode(f.Status)
		// Event dates make "open" and "closed" depend on the clock: the
		// sets are supersets, and each listing is checked (match).
		dated := ix.spec.HasEventDate
		switch p.status {
		case statusClosed:
			if dated {
				both := []*roaring.Bitmap{ix.statusDocs[statusClosed], ix.statusDocs[statusOpen]}
				size := ix.statusCount[statusClosed] + ix.statusCount[statusOpen]
				conds = append(conds, cond{size: size, exact: false, cost: ix.opCost(size),
					get: func() *roaring.Bitmap { return roaring.FastOr(both...) }})
			} else {
				have(ix.statusDocs[statusClosed], ix.statusCount[statusClosed], true)
			}
		default:
			have(ix.statusDocs[p.status], ix.statusCount[p.status], !(dated && p.status == statusOpen))
		}
	}

	if f.VerifiedOnly {
		have(ix.verifiedDocs, ix.verifiedCount, true)
	}

	var posterDocs *roaring.Bitmap
	if f.PosterID != "" {
		id, ok := ix.posterIDs[f.PosterID]
		if !ok {
			p.empty = true
			return p
		}
		p.poster = int64(id)
		posterDocs = ix.posters[id].docs
		have(posterDocs, int(posterDocs.GetCardinality()), true)
	}

	// The amount range: a slice of amountOrder, and a set of whole buckets.
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
	if m == 0 {
		p.empty = true
		return p
	}
	if p.hasMin || p.hasMax {
		conds = append(conds, cond{size: m, cost: 2 * ix.opCost(n), get: func() *roaring.Bitmap {
			b, _ := ix.amountSet(p.min, p.max, p.hasMin, p.hasMax)
			return b
		}})
		if _, exact := ix.amountSet(p.min, p.max, p.hasMin, p.hasMax); exact {
			conds[len(conds)-1].exact = true
		}
	}

	var kwCond *cond
	if kw := strings.TrimSpace(f.Keyword); kw != "" {
		p.kwFolded = fold(kw)
		k := ix.keyword(p.kwFolded)
		if k.none {
			p.empty = true
			return p
		}
		p.kwVerify, p.kwTerms, p.kwSize = k.verify, k.terms, min(k.size, n)
		if k.build != nil {
			conds = append(conds, cond{size: p.kwSize, exact: !k.verify, cost: k.cost, get: k.build})
			kwCond = &conds[len(conds)-1]
		}
	}

	p.choose(n, m, conds, kwCond, posterDocs)
	return p
}

// choose prices the ways in and keeps the cheapest.
func (p *plan) choose(n, m int, conds []cond, kwCond *cond, posterDocs *roaring.Bitmap) {
	const need = 64.0 // a page and a little counting
	sel := 1.0
	for _, c := range conds {
		sel *= float64(c.size) / float64(n)
	}
	expected := max(sel*float64(n), 1e-9)
	stopEarly := func(size int) float64 { return min(float64(size), need*float64(size)/expected) * costItem }
	// A walk that is not led by the keyword checks it per listing, which
	// needs the keyword's set built.
	kwBuild := 0.0
	if kwCond != nil {
		kwBuild = kwCond.cost
	}

	best, bestCost := driverAll, stopEarly(n)+kwBuild
	if p.sort != Newest {
		best, bestCost = driverAmount, stopEarly(m)+kwBuild
	}
	if p.sort == Newest && p.kwTerms != nil && p.kwTerms.GetCardinality() <= lazyMaxTerms {
		// Merging the terms costs a heap step per listing read.
		c := stopEarly(p.kwSize)*1.5 + float64(p.kwTerms.GetCardinality())*costItem
		if c < bestCost {
			best, bestCost = driverLazyKW, c
		}
	}
	if posterDocs != nil {
		size := int(posterDocs.GetCardinality())
		c := stopEarly(size) + kwBuild
		if p.sort != Newest {
			c = float64(size)*costItem + kwBuild
		}
		if c < bestCost {
			best, bestCost = driverSet, c
			p.set = posterDocs
		}
	}
	// Intersecting everything.
	andCost := 0.0
	for _, c := range conds {
		andCost += c.cost + p.ix.opCost(c.size)
	}
	resultCost := expected * costItem
	if p.sort != Newest {
		resultCost = min(expected, float64(n)) * costItem * 1.5
	}
	if andCost+min(resultCost, need*costItem*4) < bestCost {
		best = driverSet
		p.set = p.intersect(conds)
	}

	p.driver = best
	switch best {
	case driverAll:
		p.driverSize = p.ix.aliveCount
		switch {
		case len(conds) == 0:
			p.exactByCount = true
		case len(conds) == 1 && conds[0].have == p.ix.visible:
			p.exactByCount, p.driverSize = true, p.ix.visibleCount
		}
	case driverAmount:
		p.driverSize = m
	case driverLazyKW:
		p.driverSize = p.kwSize
	case driverSet:
		p.driverSize = int(p.set.GetCardinality())
		if p.set != posterDocs || len(conds) == 1 {
			p.exactByCount = allExact(conds)
		}
	}
	if p.driver != driverLazyKW && p.driver != driverSet && kwCond != nil && p.kwDocs == nil {
		p.kwDocs = kwCond.get()
	}
	if p.driver == driverSet && p.set == posterDocs && kwCond != nil && p.kwDocs == nil {
		p.kwDocs = kwCond.get()
	}
}

func allExact(conds []cond) bool {
	for _, c := range conds {
		if !c.exact {
			return false
		}
	}
	return true
}

// intersect builds every condition's set and ANDs them, smallest first.
func (p *plan) intersect(conds []cond) *roaring.Bitmap {
	sets := make([]*roaring.Bitmap, 0, len(conds)+1)
	for _, c := range conds {
		b := c.have
		if b == nil {
			b = c.get()
		}
		sets = append(sets, b)
	}
	if len(sets) == 0 {
		return p.ix.alive
	}
	if p.includeHidden {
		sets = append(sets, p.ix.alive)
	}
	out := roaring.FastAnd(sets...)
	return out
}

// match applies every check to one listing (cheap array reads; the
// keyword by its set when one was built).
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
	if p.kwDocs != nil && p.driver != driverLazyKW && !p.kwDocs.Contains(key) {
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

// unionPostings merges the postings of the given ids.
func (ix *index) unionPostings(list []posting, ids *roaring.Bitmap) *roaring.Bitmap {
	var bigs []*roaring.Bitmap
	var small []uint32
	it := ids.Iterator()
	for it.HasNext() {
		p := &list[it.Next()]
		if p.big != nil {
			bigs = append(bigs, p.big)
		} else {
			small = append(small, p.small...)
		}
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
	return out
}
