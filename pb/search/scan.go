package search

import (
	"math/bits"
	"sync"
)

// scanned is what a scan found.
type scanned struct {
	rows  []int64 // matches below the start, newest first, at most want
	total int     // every match below the start, when counting
	// estimated: counting stopped at Tuning.CountWords and total was
	// scaled up from the part read.
	estimated bool
}

// A scan reads at most Tuning.CountWords words past its page to count:
// smaller tables are counted exactly; beyond, the total is estimated from
// the newest listings (and says so), so no query's cost grows with the
// table.

// scan combines the factors a word at a time from the newest listings
// (highest rowids) down, starting below from (0: from the top). It keeps
// the first want matches and, with count, counts all of them. The matches
// are appended to rows[:0] (a buffer from rowBufs: see borrowRows).
func (p *plan) scan(from int64, want int, count bool, rows []int64) scanned {
	s := scanned{rows: rows[:0]}
	ix := p.ix
	top := ix.words - 1
	firstMask := ^uint64(0)
	if from > 0 {
		top = int((from - 1) >> 6)
		firstMask = ^uint64(0) >> (63 - uint((from-1)&63))
	}
	counted, countWords := 0, p.ix.t.CountWords
	// Once the page is full, a plan whose matches need no look one by one
	// counts the words left in blocks (countWords).
	blocks := count && !p.amount.on && p.poster < 0 && p.exclude < 0 && !p.noBlockCount
	for w := min(top, ix.words-1); w >= 0; w-- {
		if blocks && len(s.rows) >= want && w < top {
			// The words w down to lo are counted, as the loop below would.
			lo := w - (countWords - counted - 1)
			if lo <= 0 {
				s.total += p.countWords(0, w)
				return s
			}
			if lo <= w {
				s.total += p.countWords(lo, w)
			}
			read := float64(top - lo + 1)
			s.total = max(s.total, roundEstimate(float64(s.total)*float64(top+1)/read))
			s.estimated = true
			return s
		}
		if len(s.rows) >= want {
			counted++
			if counted > countWords && count {
				// Scale the count of the words read to all of them.
				read := float64(top - w)
				s.total = max(s.total, roundEstimate(float64(s.total)*float64(top+1)/read))
				s.estimated = true
				return s
			}
		}
		v := ix.alive[w]
		if w == top {
			v &= firstMask
		}
		if p.except != nil {
			v &^= p.except[w]
		}
		if p.kwBits != nil {
			v &= p.kwBits[w]
		}
		for _, f := range p.factors {
			if len(f) == 1 {
				v &= f[0][w]
			} else {
				v &= f.word(w)
			}
			if v == 0 {
				break
			}
		}
		if v == 0 {
			continue
		}
		var in, edge uint64 = v, 0
		if p.amount.on {
			ia, ea := p.amount.wordsAt(w)
			in, edge = v&ia, v&ea
		}
		// Listings that need a look one by one: the edge buckets of the
		// amount range, and every listing when a poster is named.
		check := edge
		if p.poster >= 0 || p.exclude >= 0 {
			check, in = check|in, 0
		}
		if len(s.rows) >= want {
			if !count {
				return s
			}
			s.total += bits.OnesCount64(in)
			for check != 0 {
				b := highest(check)
				check &^= 1 << b
				if p.itemOK(int64(w)<<6 | int64(b)) {
					s.total++
				}
			}
			continue
		}
		all := in | check
		for all != 0 {
			b := highest(all)
			all &^= 1 << b
			r := int64(w)<<6 | int64(b)
			if check&(1<<b) != 0 && !p.itemOK(r) {
				continue
			}
			s.total++
			if len(s.rows) < want {
				s.rows = append(s.rows, r)
			}
		}
	}
	return s
}

// rowBufs lends scans the buffer their matches go to. A scan for an
// amount order keeps up to Tuning.CollectLimit matches (160 kB) only to
// sort them or to learn that there are too many: grown afresh by append for
// every such request, they were a quarter of the bytes the hard mix
// allocated (make bench's allocation profile, 2026-12-06).
var rowBufs = sync.Pool{New: func() any { return new([]int64) }}

// borrowRows is an empty buffer for a scan's matches; give it back with
// returnRows once nothing refers to them.
func borrowRows() *[]int64 { return rowBufs.Get().(*[]int64) }

// returnRows gives back buf, now holding rows: its grown capacity is kept
// up to maxKeptRows (a deep page by offset may have grown it further).
func returnRows(buf *[]int64, rows []int64) {
	if cap(rows) > maxKeptRows {
		return
	}
	*buf = rows[:0]
	rowBufs.Put(buf)
}

// maxKeptRows is the largest buffer rowBufs keeps: CollectLimit's default
// with room to grow into.
const maxKeptRows = 32 << 10

// countBlock is how many words countWords combines at a time.
const countBlock = 256

// countWords counts the plan's matches in words lo to hi (both included),
// for a plan that needs no look at a listing of its own (no amount edges,
// no poster). Each condition is ANDed into a block of words, then the
// block is counted: a tight loop a condition at a time instead of the
// scan's branches a word at a time.
func (p *plan) countWords(lo, hi int) int {
	var and, or [countBlock]uint64
	n := 0
	for end := hi + 1; end > lo; end -= countBlock {
		start := max(lo, end-countBlock)
		b := and[:end-start]
		copy(b, p.ix.alive[start:end])
		if p.except != nil {
			andNotWords(b, p.except[start:end])
		}
		if p.kwBits != nil {
			andWords(b, p.kwBits[start:end])
		}
		for _, f := range p.factors {
			if len(f) == 1 {
				andWords(b, f[0][start:end])
				continue
			}
			o := or[:len(b)]
			copy(o, f[0][start:end])
			for _, x := range f[1:] {
				orWords(o, x[start:end])
			}
			andWords(b, o)
		}
		for _, x := range b {
			n += bits.OnesCount64(x)
		}
	}
	return n
}

func andWords(dst, src []uint64) {
	src = src[:len(dst)]
	for i := range dst {
		dst[i] &= src[i]
	}
}

func andNotWords(dst, src []uint64) {
	src = src[:len(dst)]
	for i := range dst {
		dst[i] &^= src[i]
	}
}

func orWords(dst, src []uint64) {
	src = src[:len(dst)]
	for i := range dst {
		dst[i] |= src[i]
	}
}

// itemOK checks what the words cannot: the amount itself and the poster.
func (p *plan) itemOK(r int64) bool {
	if a := p.ix.amount[r]; p.amount.on && (a < p.amount.min || a > p.amount.max) {
		return false
	}
	if p.exclude >= 0 && int64(p.ix.poster[r]) == p.exclude {
		return false
	}
	return p.poster < 0 || int64(p.ix.poster[r]) == p.poster
}
