package search

import (
	"math"
	"sort"

	"github.com/RoaringBitmap/roaring/v2"
)

// A listing lives in the index under its key: the bitwise complement of its
// SQLite rowid. Rowids grow with insertion time, so ascending keys are newest
// first, and every bitmap walks "newest first" forwards, where roaring can
// also skip ahead to a cursor. Per-listing attributes sit in plain slices
// indexed by rowid (a few bytes each), so a filter checks a listing with a
// handful of array reads.
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

// Stored statuses. Offers have none; requests one of the other three.
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
	cats        uint8
	location    string // folded
	poster      string
	verified    bool
	hidden      bool
	status      uint8
	event       int64 // unix seconds of the event date, 0 when none
}

type poster struct {
	id       string
	verified bool
	docs     *roaring.Bitmap // keys
}

// posting is the set of listings holding one term: a short sorted slice
// while rare (most terms of a long-tail vocabulary), a bitmap beyond.
type posting struct {
	small []uint32
	big   *roaring.Bitmap
}

const smallPosting = 16

// index is the in-memory index of one listing table.
type index struct {
	spec TableSpec

	flags  []uint8
	amount []int64
	cats   []uint8
	loc    []uint32
	poster []uint32
	event  []int64

	alive         *roaring.Bitmap
	visible       *roaring.Bitmap // alive and not hidden
	catDocs       [8]*roaring.Bitmap
	statusDocs    [4]*roaring.Bitmap
	verifiedDocs  *roaring.Bitmap
	aliveCount    int
	visibleCount  int
	catCount      [8]int
	statusCount   [4]int
	verifiedCount int

	terms    *dict
	postings []posting

	locs     *dict // entry 0 is "" (no location)
	locCount []int
	locDocs  []posting

	posters   []poster
	posterIDs map[string]uint32

	// amountOrder holds every live key sorted by (amount, key): amount
	// order with the newest first among equal amounts.
	amountOrder []uint32

	// Amounts are also filed in buckets (bounds from the amounts at load):
	// cumBuckets[b] holds every listing whose bucket is b or lower, so any
	// amount range is two bitmaps apart (amounts.go).
	bounds     []int64
	cumBuckets []*roaring.Bitmap
}

func newIndex(spec TableSpec) *index {
	ix := &index{spec: spec, alive: roaring.New(), visible: roaring.New(), verifiedDocs: roaring.New(),
		terms: newDict(), locs: newDict(), posterIDs: map[string]uint32{}}
	for i := range ix.catDocs {
		ix.catDocs[i] = roaring.New()
	}
	for i := range ix.statusDocs {
		ix.statusDocs[i] = roaring.New()
	}
	ix.locs.intern("")
	ix.locCount = []int{0}
	ix.locDocs = []posting{{}}
	ix.setBounds(nil)
	return ix
}

func (ix *index) has(rowid int64) bool {
	return rowid > 0 && rowid < int64(len(ix.flags)) && ix.flags[rowid]&flagAlive != 0
}

func (ix *index) status(rowid int64) uint8 { return ix.flags[rowid] >> statusShift & 3 }

func (ix *index) grow(rowid int64) {
	if rowid < int64(len(ix.flags)) {
		return
	}
	n := max(int(rowid)+1, 2*len(ix.flags), 1024)
	ix.flags = growTo(ix.flags, n)
	ix.amount = growTo(ix.amount, n)
	ix.cats = growTo(ix.cats, n)
	ix.loc = growTo(ix.loc, n)
	ix.poster = growTo(ix.poster, n)
	if ix.spec.HasEventDate {
		ix.event = growTo(ix.event, n)
	}
}

func growTo[T any](s []T, n int) []T {
	out := make([]T, n)
	copy(out, s)
	return out
}

// put stores a listing's attributes (not its terms: see addTerms).
func (ix *index) put(d *doc) {
	ix.putAttrs(d)
	key := keyOf(d.rowid)
	ix.addAmountBucket(d.amount, key)
	i := ix.amountSlot(d.amount, key)
	ix.amountOrder = append(ix.amountOrder, 0)
	copy(ix.amountOrder[i+1:], ix.amountOrder[i:])
	ix.amountOrder[i] = key
}

// putBulk is put for a load: listings arrive newest first (ascending keys,
// so bitmaps append), and amountOrder is sorted once at the end
// (sortAmountOrder).
func (ix *index) putBulk(d *doc) {
	ix.putAttrs(d)
	ix.amountOrder = append(ix.amountOrder, keyOf(d.rowid))
}

func (ix *index) putAttrs(d *doc) {
	if ix.has(d.rowid) {
		ix.drop(d.rowid)
	}
	ix.grow(d.rowid)
	r, key := d.rowid, keyOf(d.rowid)
	fl := uint8(flagAlive) | d.status<<statusShift
	if d.hidden {
		fl |= flagHidden
	} else {
		ix.visibleCount++
		ix.visible.Add(key)
	}
	ix.flags[r] = fl
	ix.amount[r] = d.amount
	ix.cats[r] = d.cats
	for c := range 8 {
		if d.cats&(1<<c) != 0 {
			ix.catCount[c]++
			ix.catDocs[c].Add(key)
		}
	}
	ix.statusCount[d.status]++
	ix.statusDocs[d.status].Add(key)

	l := ix.locs.intern(d.location)
	if int(l) >= len(ix.locCount) {
		ix.locCount = append(ix.locCount, 0)
		ix.locDocs = append(ix.locDocs, posting{})
	}
	ix.locCount[l]++
	ix.locDocs[l].add(key)
	ix.loc[r] = l

	p := ix.internPoster(d.poster, d.verified)
	ix.poster[r] = p
	ix.posters[p].docs.Add(key)
	if ix.posters[p].verified {
		ix.verifiedCount++
		ix.verifiedDocs.Add(key)
	}
	if ix.spec.HasEventDate {
		ix.event[r] = d.event
	}

	ix.alive.Add(key)
	ix.aliveCount++
}

// sortAmountOrder sorts amountOrder after a bulk load.
func (ix *index) sortAmountOrder() {
	sort.Slice(ix.amountOrder, func(i, j int) bool {
		a, b := ix.amountOrder[i], ix.amountOrder[j]
		x, y := ix.amount[rowidOf(a)], ix.amount[rowidOf(b)]
		return x < y || (x == y && a < b)
	})
}

// drop removes a listing's attributes (its terms go with removeTerms).
func (ix *index) drop(rowid int64) {
	if !ix.has(rowid) {
		return
	}
	r, key := rowid, keyOf(rowid)
	if ix.flags[r]&flagHidden == 0 {
		ix.visibleCount--
		ix.visible.Remove(key)
	}
	for c := range 8 {
		if ix.cats[r]&(1<<c) != 0 {
			ix.catCount[c]--
			ix.catDocs[c].Remove(key)
		}
	}
	ix.statusCount[ix.status(r)]--
	ix.statusDocs[ix.status(r)].Remove(key)
	ix.locCount[ix.loc[r]]--
	ix.locDocs[ix.loc[r]].remove(key)
	ix.dropAmountBucket(ix.amount[r], key)
	p := &ix.posters[ix.poster[r]]
	p.docs.Remove(key)
	if p.verified {
		ix.verifiedCount--
		ix.verifiedDocs.Remove(key)
	}
	if i := ix.amountSlot(ix.amount[r], key); i < len(ix.amountOrder) && ix.amountOrder[i] == key {
		ix.amountOrder = append(ix.amountOrder[:i], ix.amountOrder[i+1:]...)
	}
	ix.alive.Remove(key)
	ix.aliveCount--
	ix.flags[r] = 0
}

// amountSlot is where (amount, key) sits or would sit in amountOrder.
func (ix *index) amountSlot(amount int64, key uint32) int {
	return sort.Search(len(ix.amountOrder), func(i int) bool {
		k := ix.amountOrder[i]
		a := ix.amount[rowidOf(k)]
		return a > amount || (a == amount && k >= key)
	})
}

// amountBound is the first slot whose amount is >= amount (or > amount when
// after is set).
func (ix *index) amountBound(amount int64, after bool) int {
	return sort.Search(len(ix.amountOrder), func(i int) bool {
		a := ix.amount[rowidOf(ix.amountOrder[i])]
		if after {
			return a > amount
		}
		return a >= amount
	})
}

func (ix *index) internPoster(id string, verified bool) uint32 {
	if p, ok := ix.posterIDs[id]; ok {
		return p
	}
	p := uint32(len(ix.posters))
	ix.posters = append(ix.posters, poster{id: id, verified: verified, docs: roaring.New()})
	ix.posterIDs[id] = p
	return p
}

// setVerified follows a change of a member's verified badge.
func (ix *index) setVerified(userID string, verified bool) {
	p, ok := ix.posterIDs[userID]
	if !ok || ix.posters[p].verified == verified {
		return
	}
	docs := ix.posters[p].docs
	n := int(docs.GetCardinality())
	if verified {
		ix.verifiedCount += n
		ix.verifiedDocs.Or(docs)
	} else {
		ix.verifiedCount -= n
		ix.verifiedDocs.AndNot(docs)
	}
	ix.posters[p].verified = verified
}

// addTerms files a listing under each of its terms.
func (ix *index) addTerms(key uint32, ts []string) {
	for _, t := range ts {
		id := ix.terms.intern(t)
		if int(id) >= len(ix.postings) {
			ix.postings = append(ix.postings, posting{})
		}
		ix.postings[id].add(key)
	}
}

// removeTerms takes a listing out of each of its former terms.
func (ix *index) removeTerms(key uint32, ts []string) {
	for _, t := range ts {
		if id, ok := ix.terms.lookup(t); ok {
			ix.postings[id].remove(key)
		}
	}
}

func (p *posting) add(key uint32) {
	if p.big != nil {
		p.big.Add(key)
		return
	}
	i := sort.Search(len(p.small), func(i int) bool { return p.small[i] >= key })
	if i < len(p.small) && p.small[i] == key {
		return
	}
	if len(p.small) < smallPosting {
		p.small = append(p.small, 0)
		copy(p.small[i+1:], p.small[i:])
		p.small[i] = key
		return
	}
	p.big = roaring.BitmapOf(p.small...)
	p.big.Add(key)
	p.small = nil
}

func (p *posting) remove(key uint32) {
	if p.big != nil {
		p.big.Remove(key)
		return
	}
	i := sort.Search(len(p.small), func(i int) bool { return p.small[i] >= key })
	if i < len(p.small) && p.small[i] == key {
		p.small = append(p.small[:i], p.small[i+1:]...)
	}
}

func (p *posting) size() int {
	if p.big != nil {
		return int(p.big.GetCardinality())
	}
	return len(p.small)
}
