package search

import (
	"cmp"
	"slices"
	"strings"

	"github.com/RoaringBitmap/roaring/v2"
)

// plan is a compiled query over one index.
//
// Conditions on attributes (visible, categories, status, badge, location,
// amount) are factors: ORs of bitsets, combined a word (64 listings) at a
// time by the scan (scan.go), which stops once it has a page and counts
// the rest with popcount. Conditions that pick few listings (a poster's,
// a keyword's) lead instead: their listings are read newest first and each
// is tested bit by bit. Amount orders walk amountOrder, or collect and sort
// when the matches are few.
type plan struct {
	ix   *index
	sort Sort
	// amountMemo keeps walkAmountOrScan's counting scan for the plan's
	// next walks (searchVerified reads a query in batches with one plan).
	amountMemo *amountMemo

	factors   []factor
	hiddenToo bool // hidden listings count too (a poster's own list)
	amount    amountRange
	// lo, hi: the amountOrder slots of the range when it became a factor
	// (amount walks still need them).
	amountSlotsFixed bool
	lo, hi           int
	now              int64

	poster  int64 // -1 any
	posterD *roaring.Bitmap
	exclude int64 // a poster left out, -1 none
	// except are the listings left out whatever else they match (those
	// closed to the viewer's industry: Filter.OpenToMe; those whose rules
	// the applicant fails: Filter.EligibleOnly), nil for none.
	except bitset

	kwFolded string
	kwVerify bool            // the keyword's set is a superset: check each listing's text
	kwTerms  *roaring.Bitmap // a single-run keyword's term ids
	kwBits   bitset          // the keyword's listings as a bitset, when built
	kwFirst  bool            // test tests kwBits before the factors (orderTests)
	kwSize   int             // size of its set, or an upper bound
	kwBuild  func(borrow func() bitset) bitset

	empty  bool
	driver driverKind
	// noBlockCount makes the scan count word by word (tests compare it
	// with the block count).
	noBlockCount bool
	scratch      []bitset // bitsets borrowed from the index's pool
	// estimated is the expected number of matches (planning only).
	estimated float64
}

type driverKind uint8

const (
	driverScan   driverKind = iota // every listing, newest first, word by word
	driverPoster                   // the poster's listings, newest first
	driverKW                       // the keyword's terms merged lazily, newest first
	driverAmount                   // amountOrder, in amount order
)

// factor is one condition: an OR of bitsets.
type factor []bitset

func (f factor) word(w int) uint64 {
	v := f[0][w]
	for _, b := range f[1:] {
		v |= b[w]
	}
	return v
}

func (f factor) has(r int64) bool {
	for _, b := range f {
		if b.has(r) {
			return true
		}
	}
	return false
}

func (e *Engine) compile(ix *index, f *Filter, s Sort) *plan {
	p := &plan{ix: ix, sort: s, poster: -1, exclude: -1, now: e.now().Unix()}
	if id, ok := ix.posterIDs[f.ExcludePosterID]; ok && f.ExcludePosterID != "" {
		p.exclude = int64(id)
	}
	n := max(ix.aliveCount, 1)
	sel := 1.0
	var sizes []int // each factor's listings (at most), in p.factors' order
	add := func(fc factor, size int) {
		p.factors = append(p.factors, fc)
		sizes = append(sizes, size)
		sel *= min(1, float64(size)/float64(n))
	}

	if f.IncludeHidden {
		p.hiddenToo = true
		add(factor{ix.alive}, ix.aliveCount)
	} else {
		add(factor{ix.visible}, ix.visibleCount)
	}
	if len(f.Categories) > 0 {
		// A name that is no category matches nothing.
		var buf [8]int32
		cats, known := e.cats.lookup(buf[:0], f.Categories)
		var fc factor
		size := 0
		for _, c := range cats {
			fc = append(fc, ix.cat[c])
			size += ix.catCount[c]
		}
		if !known || size == 0 {
			p.empty = true
			return p
		}
		add(fc, size)
	}
	if f.Status != "" {
		fc, size := p.statusFactor(statusCode(f.Status))
		add(fc, size)
	}
	if f.VerifiedOnly {
		add(factor{ix.verified}, ix.verifiedCount)
	}
	if f.ReliableOnly {
		add(factor{ix.reliable}, ix.reliableCount)
	}
	if cond := audienceOf(f); cond.on {
		b, size := ix.audienceSet(cond)
		if size == 0 {
			p.empty = true
			return p
		}
		add(factor{b}, size)
	}
	if f.Location != "" {
		fc, size := p.locationFactor(fold(f.Location), f.LocationEitherWay)
		add(fc, size)
	}
	if f.HasTiers {
		if ix.tiersCount == 0 {
			p.empty = true
			return p
		}
		add(factor{ix.tiers}, ix.tiersCount)
	}
	if i, ok := e.industries[f.Industry]; ok && f.OpenToMe && ix.closedCount[i] > 0 {
		p.except = ix.closed[i]
		sel *= 1 - float64(ix.closedCount[i])/float64(n)
	}
	if f.EligibleOnly && f.Applicant != nil {
		if fails, count := p.ineligible(e.applicantOf(f.Applicant)); count > 0 {
			if p.except != nil {
				orWords(fails, p.except)
			}
			p.except = fails
			sel *= 1 - min(1, float64(count)/float64(n))
		}
	}
	p.amount = ix.amountRange(f.MinAmount != nil, f.MaxAmount != nil, deref(f.MinAmount), deref(f.MaxAmount))
	lo, hi := ix.amountSlots(&p.amount)
	if p.amount.on {
		if hi <= lo {
			p.empty = true
			return p
		}
		// A narrow range is cheaper set bit by bit from amountOrder (and
		// exact) than checked listing by listing in its edge buckets.
		if hi-lo <= n/ix.t.NarrowRangeShare {
			b := p.borrow()
			for _, k := range ix.amountOrder[lo:hi] {
				b.set(rowidOf(k))
			}
			add(factor{b}, hi-lo)
			p.amount.on = false // the factor is exact
			p.amountSlotsFixed = true
			p.lo, p.hi = lo, hi
		} else {
			sel *= float64(hi-lo) / float64(n)
		}
	}
	if f.PosterID != "" {
		id, ok := ix.posterIDs[f.PosterID]
		if !ok {
			p.empty = true
			return p
		}
		p.poster, p.posterD = int64(id), ix.posters[id].docs
		sel *= float64(p.posterD.GetCardinality()) / float64(n)
	}
	if kw := strings.TrimSpace(f.Keyword); kw != "" {
		p.kwFolded = fold(kw)
		k := ix.keyword(p.kwFolded)
		if k.none {
			p.empty = true
			return p
		}
		p.kwVerify, p.kwTerms, p.kwSize, p.kwBuild = k.verify, k.terms, min(k.size, n), k.build
		if k.build != nil {
			sel *= float64(p.kwSize) / float64(n)
		}
	}
	p.estimated = sel * float64(n)
	p.choose(n, hi-lo)
	p.orderTests(sizes)
	return p
}

// orderTests puts the factors that keep the fewest listings first, and the
// keyword before them when it keeps fewer still: a listing tested one at a
// time (test, the amount walks) is then mostly refused at its first
// lookup, and a word of the scan mostly empties at its first AND. At a
// million listings each lookup is in a different 125 kB bitset, mostly
// outside the CPU's cache. Any order gives the same answer.
func (p *plan) orderTests(sizes []int) {
	p.kwFirst = p.kwBits != nil && (len(sizes) == 0 || p.kwSize <= slices.Min(sizes))
	if len(sizes) < 2 {
		return
	}
	idx := make([]int, len(sizes))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(sizes[a], sizes[b]) })
	ordered := make([]factor, len(idx))
	for i, j := range idx {
		ordered[i] = p.factors[j]
	}
	p.factors = ordered
}

func deref(x *int64) int64 {
	if x == nil {
		return 0
	}
	return *x
}

// choose picks the driver. A poster's listings, when few, always lead; a
// keyword leads newest-first pages when its terms are few enough to merge
// lazily; amount orders walk amountOrder; everything else scans.
func (p *plan) choose(n, amountSlots int) {
	switch {
	case p.posterD != nil && p.posterD.GetCardinality() <= uint64(p.ix.t.PosterLeadMax):
		p.driver = driverPoster
	case p.kwTerms != nil && p.kwTerms.GetCardinality() <= uint64(p.ix.t.LazyMaxTerms) && !p.kwVerify &&
		(p.sort == Newest || p.kwSize <= p.ix.t.CollectLimit):
		// Newest first, the merge stops after a page; in an amount order a
		// rare keyword's few listings are all read and sorted.
		p.driver = driverKW
	case p.sort != Newest:
		p.driver = driverAmount
	default:
		p.driver = driverScan
	}
	// Any driver but the keyword's tests the keyword bit by bit.
	if p.driver != driverKW && p.kwBuild != nil {
		p.kwBits = p.kwBuild(p.borrow)
	}
}

// statusFactor is the listings whose effective status is s: an open
// request whose event date has passed counts as closed.
func (p *plan) statusFactor(s uint8) (factor, int) {
	ix := p.ix
	expired := ix.expired(p.now)
	if len(expired) == 0 || (s != statusOpen && s != statusClosed) {
		return factor{ix.status[s]}, ix.statusCount[s]
	}
	b := p.borrow()
	copy(b, ix.status[s])
	for _, r := range expired {
		if s == statusOpen {
			b.unset(r)
		} else {
			b.set(r)
		}
	}
	if s == statusOpen {
		return factor{b}, ix.statusCount[s] - len(expired)
	}
	return factor{b}, ix.statusCount[s] + len(expired)
}

// locationFactor is the listings whose location contains q (or, either
// way, is contained in it) and those without a location.
func (p *plan) locationFactor(q string, eitherWay bool) (factor, int) {
	ix := p.ix
	ids := ix.locs.containing(q).Clone()
	if eitherWay {
		ids.Or(ix.locs.containedIn(q))
	}
	ids.Add(0)
	var fc factor
	var sparse bitset
	size := 0
	it := ids.Iterator()
	for it.HasNext() {
		id := it.Next()
		size += ix.locCount[id]
		if b, ok := ix.locDense[id]; ok {
			fc = append(fc, b)
			continue
		}
		if sparse == nil {
			sparse = p.borrow()
		}
		setPosting(sparse, &ix.locDocs[id])
	}
	if sparse != nil {
		fc = append(fc, sparse)
	}
	return fc, size
}

// slots is the amountOrder slice of the plan's amount range.
func (p *plan) slots() (int, int) {
	if p.amountSlotsFixed {
		return p.lo, p.hi
	}
	return p.ix.amountSlots(&p.amount)
}

// amountSlots is the amountOrder slice of the range.
func (ix *index) amountSlots(a *amountRange) (int, int) {
	lo, hi := 0, len(ix.amountOrder)
	if a.on && a.min != minAmount {
		lo = ix.amountBound(a.min, false)
	}
	if a.on && a.max != maxAmount {
		hi = ix.amountBound(a.max, true)
	}
	return lo, max(hi, lo)
}

// borrow takes a zeroed bitset from the index's pool for this query.
func (p *plan) borrow() bitset {
	b := p.ix.scratchBits()
	p.scratch = append(p.scratch, b)
	return b
}

// release returns the query's bitsets to the pool.
func (p *plan) release() {
	for _, b := range p.scratch {
		p.ix.scratch.Put(b) //nolint:staticcheck // a slice header is small enough
	}
	p.scratch = nil
}
