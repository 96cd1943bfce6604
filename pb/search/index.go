package search

import (
	"math"
	"math/bits"
	"sync"

	"github.com/RoaringBitmap/roaring/v2"
)

// Listings are numbered by their SQLite rowid: rowids grow with insertion
// time, so the newest listing has the highest. Per-listing attributes sit
// in plain slices indexed by rowid (a few bytes each), attribute sets in
// bitsets indexed by rowid (bits.go). Sparse sets (a term's listings, a
// poster's) are roaring bitmaps of keys: the bitwise complement of the
// rowid, so that ascending keys are newest first and roaring's forward
// iteration (which can skip ahead) walks "newest first".
func keyOf(rowid int64) uint32 { return ^uint32(rowid) }
func rowidOf(key uint32) int64 { return int64(^key) }

// maxRowid keeps keys and slice indexes in range.
const maxRowid = math.MaxUint32 - 1

// Flag bits of a listing.
const (
	flagAlive  = 1 << 0
	flagHidden = 1 << 1
	// bits 2-3 hold the stored status (statusNone..statusClosed)
	statusShift = 2
)

// Stored statuses: a request is open, sponsored or closed, an offer open or
// closed; none for a table without a status.
const (
	statusNone uint8 = iota
	statusOpen
	statusSponsored
	statusClosed
)

// doc is one listing's indexed attributes as read from its table.
type doc struct {
	rowid       int64
	title       string
	description string
	amount      int64
	cats        []int32 // category numbers, ascending
	location    string  // folded
	poster      string
	marks       posterMarks
	hidden      bool
	status      uint8
	event       int64 // unix seconds of the event date, 0 when none
	hasTiers    bool
	closed      uint64    // the industries it is closed to, one bit each
	rules       *rulesDoc // who may apply (Listing.Criteria), nil: anyone
}

type poster struct {
	id    string
	marks posterMarks
	// audienced: in index.audienced
	audienced bool
	docs      *roaring.Bitmap // keys
}

// posting is the set of listings holding one term (or one location): a
// short sorted slice of keys while rare (most terms of a long-tail
// vocabulary), a bitmap beyond.
type posting struct {
	small []uint32
	big   *roaring.Bitmap
}

// index is the in-memory index of one listing table.
type index struct {
	table Table
	t     *Tuning

	flags  []uint8
	amount []int64
	loc    []uint32
	poster []uint32
	event  []int64
	pairs  []uint64 // pairWords a listing: its neighbour signature (pairs.go)
	high   int64    // the highest rowid ever put: the slices grow past it

	words    int // length of every bitset
	alive    bitset
	visible  bitset   // alive and not hidden
	cat      []bitset // one per category
	status   [4]bitset
	verified bitset
	reliable bitset
	tiers    bitset // listings offering packages
	// closed has one bitset per industry: the listings closed to it; nil
	// until a listing is (most tables never are).
	closed []bitset
	// rules index who may apply (Listing.Criteria); nil until a listing
	// sets a rule (eligible_index.go).
	rules *rules

	aliveCount    int
	visibleCount  int
	catCount      []int
	statusCount   [4]int
	verifiedCount int
	reliableCount int
	tiersCount    int
	closedCount   []int

	terms     *dict
	postings  []posting
	termCount []int32 // listings per term
	kwc       kwCache
	// termDense holds a bitset for every frequent term (like locDense), so
	// a keyword's listings are built a word at a time. It replaces the
	// term's posting, which is emptied when the bitset is made (addTerms).
	termDense map[uint32]bitset

	locs     *dict // entry 0 is "" (no location)
	locCount []int
	locDocs  []posting
	// locDense holds a bitset for every frequent location (see denseMin),
	// so a location filter is word operations.
	locDense map[uint32]bitset

	posters   []poster
	posterIDs map[string]uint32
	// audienced are the posters with an audience or a measured one (the
	// only ones an audience condition can keep: audience.go).
	audienced []uint32
	// audienceSets are the kept sets of the audience conditions asked.
	audienceSets audienceSets

	// amountOrder holds every live key sorted by (amount, key): amount
	// order with the newest first among equal amounts.
	amountOrder []uint32
	// Amounts are also filed in buckets (bounds at the quantiles of the
	// amounts at load): cum[b] has the listings of bucket b and below.
	bounds []int64
	cum    []bitset

	// eventOrder lists the open requests with an event date by (date,
	// rowid): the ones whose date has passed are a prefix (query time).
	eventOrder []int64

	scratch sync.Pool // bitsets of length words, for one query's sets
}

// scratchBits is a zeroed bitset of the index's length, from the pool.
func (ix *index) scratchBits() bitset {
	if b, ok := ix.scratch.Get().(bitset); ok && len(b) == ix.words {
		clear(b)
		return b
	}
	return make(bitset, ix.words)
}

func newIndex(table Table, categories, industries int, t *Tuning) *index {
	ix := &index{table: table, t: t, terms: newDict(), locs: newDict(), posterIDs: map[string]uint32{},
		locDense: map[uint32]bitset{}, termDense: map[uint32]bitset{},
		cat: make([]bitset, categories), catCount: make([]int, categories),
		closed: make([]bitset, industries), closedCount: make([]int, industries)}
	ix.kwc.t = t
	ix.locs.intern("")
	ix.locCount = []int{0}
	ix.locDocs = []posting{{}}
	ix.setBounds(nil)
	return ix
}

func (ix *index) has(rowid int64) bool {
	return rowid > 0 && rowid < int64(len(ix.flags)) && ix.flags[rowid]&flagAlive != 0
}

func (ix *index) statusOf(rowid int64) uint8 { return ix.flags[rowid] >> statusShift & 3 }

// bitsets lists every attribute bitset (for growing them together).
func (ix *index) bitsets() []*bitset {
	out := []*bitset{&ix.alive, &ix.visible, &ix.verified, &ix.reliable, &ix.tiers}
	for i := range ix.cat {
		out = append(out, &ix.cat[i])
	}
	for i := range ix.closed {
		if ix.closed[i] != nil {
			out = append(out, &ix.closed[i])
		}
	}
	if ix.rules != nil {
		out = append(out, ix.rules.bitsets()...)
	}
	for i := range ix.status {
		out = append(out, &ix.status[i])
	}
	for i := range ix.cum {
		out = append(out, &ix.cum[i])
	}
	return out
}

func (ix *index) grow(rowid int64) {
	if rowid < int64(len(ix.flags)) {
		return
	}
	n := capacityFor(len(ix.flags), rowid)
	ix.flags = growTo(ix.flags, n)
	ix.amount = growTo(ix.amount, n)
	ix.loc = growTo(ix.loc, n)
	ix.poster = growTo(ix.poster, n)
	ix.pairs = growTo(ix.pairs, n*pairWords)
	if ix.table.Dated {
		ix.event = growTo(ix.event, n)
	}
	ix.words = (n + 63) / 64
	for _, b := range ix.bitsets() {
		*b = b.grown(ix.words)
	}
	for id, b := range ix.locDense {
		ix.locDense[id] = b.grown(ix.words)
	}
	for id, b := range ix.termDense {
		ix.termDense[id] = b.grown(ix.words)
	}
	ix.kwc.grow(ix.words)
	ix.audienceSets.grow(ix.words)
}

// capacityFor is the rows an index grows to when rowid does not fit: an
// eighth more than it has (at least 1,024 rows), not double. A load leaves
// the per-row arrays and bitsets at their exact size; doubling them at the
// first insert after it added about 140 MB of heap at a million listings of
// each kind, over the memory limit. An eighth copies them once per eighth
// of the market inserted.
func capacityFor(have int, rowid int64) int {
	return max(int(rowid)+1, have+have/8, 1024)
}

func growTo[T any](s []T, n int) []T {
	out := make([]T, n)
	copy(out, s)
	return out
}

// put stores a listing's attributes (not its terms: see addTerms).
func (ix *index) put(d *doc) {
	ix.putAttrs(d)
	ix.putRules(d.rowid, d.rules, false)
	key := keyOf(d.rowid)
	i := ix.amountSlot(d.amount, key)
	ix.amountOrder = append(ix.amountOrder, 0)
	copy(ix.amountOrder[i+1:], ix.amountOrder[i:])
	ix.amountOrder[i] = key
	for b := ix.bucketOf(d.amount); b < len(ix.cum); b++ {
		ix.cum[b].set(d.rowid)
	}
	if ix.dated(d.rowid) {
		j := ix.eventSlot(d.event, d.rowid)
		ix.eventOrder = append(ix.eventOrder, 0)
		copy(ix.eventOrder[j+1:], ix.eventOrder[j:])
		ix.eventOrder[j] = d.rowid
	}
}

func (ix *index) putAttrs(d *doc) {
	if ix.has(d.rowid) {
		ix.drop(d.rowid)
	}
	ix.grow(d.rowid)
	ix.high = max(ix.high, d.rowid)
	r, key := d.rowid, keyOf(d.rowid)
	fl := uint8(flagAlive) | d.status<<statusShift
	ix.alive.set(r)
	ix.aliveCount++
	if d.hidden {
		fl |= flagHidden
	} else {
		ix.visibleCount++
		ix.visible.set(r)
	}
	ix.flags[r] = fl
	ix.amount[r] = d.amount
	ix.setPairs(r, d.title, d.description)
	for _, c := range d.cats {
		ix.catCount[c]++
		ix.cat[c].set(r)
	}
	ix.statusCount[d.status]++
	ix.status[d.status].set(r)
	ix.mark(&ix.tiers, &ix.tiersCount, r, d.hasTiers)
	for m := d.closed; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		if ix.closed[i] == nil {
			ix.closed[i] = make(bitset, ix.words)
		}
		ix.mark(&ix.closed[i], &ix.closedCount[i], r, true)
	}

	l := ix.locs.intern(d.location)
	if int(l) >= len(ix.locCount) {
		ix.locCount = append(ix.locCount, 0)
		ix.locDocs = append(ix.locDocs, posting{})
	}
	ix.locCount[l]++
	ix.locDocs[l].add(key, ix.t.SmallPosting)
	ix.loc[r] = l
	if b, ok := ix.locDense[l]; ok {
		b.set(r)
	} else if ix.locCount[l] >= ix.denseMin() {
		ix.makeDense(l)
	}

	p := ix.internPoster(d.poster, d.marks)
	ix.poster[r] = p
	ix.posters[p].docs.Add(key)
	ix.mark(&ix.verified, &ix.verifiedCount, r, ix.posters[p].marks.verified)
	ix.mark(&ix.reliable, &ix.reliableCount, r, ix.posters[p].marks.reliable)
	ix.followAudience(r, ix.posters[p].marks, true)
	if ix.table.Dated {
		ix.event[r] = d.event
	}
}

// denseMin is how many listings make a term or a location frequent.
func (ix *index) denseMin() int { return max(ix.t.DenseMin, ix.aliveCount/ix.t.DenseShare) }

func (ix *index) makeDense(l uint32) { ix.locDense[l] = ix.bitsOf(&ix.locDocs[l]) }

// bitsOf is a posting as a bitset.
func (ix *index) bitsOf(p *posting) bitset {
	b := make(bitset, ix.words)
	setPosting(b, p)
	return b
}

// dated tells whether a listing belongs in eventOrder.
func (ix *index) dated(r int64) bool {
	return ix.table.Dated && ix.event[r] != 0 && ix.statusOf(r) == statusOpen
}

// drop removes a listing's attributes (its terms go with removeTerms).
func (ix *index) drop(rowid int64) {
	if !ix.has(rowid) {
		return
	}
	r, key := rowid, keyOf(rowid)
	ix.alive.unset(r)
	ix.aliveCount--
	if ix.flags[r]&flagHidden == 0 {
		ix.visibleCount--
		ix.visible.unset(r)
	}
	for c := range ix.cat {
		if ix.cat[c].has(r) {
			ix.catCount[c]--
			ix.cat[c].unset(r)
		}
	}
	st := ix.statusOf(r)
	ix.statusCount[st]--
	ix.status[st].unset(r)
	ix.mark(&ix.tiers, &ix.tiersCount, r, false)
	for i := range ix.closed {
		if ix.closed[i] != nil {
			ix.mark(&ix.closed[i], &ix.closedCount[i], r, false)
		}
	}
	l := ix.loc[r]
	ix.locCount[l]--
	ix.locDocs[l].remove(key)
	if b, ok := ix.locDense[l]; ok {
		b.unset(r)
	}
	for b := ix.bucketOf(ix.amount[r]); b < len(ix.cum); b++ {
		ix.cum[b].unset(r)
	}
	p := &ix.posters[ix.poster[r]]
	p.docs.Remove(key)
	ix.mark(&ix.verified, &ix.verifiedCount, r, false)
	ix.mark(&ix.reliable, &ix.reliableCount, r, false)
	ix.followAudience(r, p.marks, false)
	if i := ix.amountSlot(ix.amount[r], key); i < len(ix.amountOrder) && ix.amountOrder[i] == key {
		ix.amountOrder = append(ix.amountOrder[:i], ix.amountOrder[i+1:]...)
	}
	if ix.dated(r) {
		if j := ix.eventSlot(ix.event[r], r); j < len(ix.eventOrder) && ix.eventOrder[j] == r {
			ix.eventOrder = append(ix.eventOrder[:j], ix.eventOrder[j+1:]...)
		}
	}
	clear(ix.pairs[r*pairWords : (r+1)*pairWords])
	ix.dropRules(r)
	ix.flags[r] = 0
}
