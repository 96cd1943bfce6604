package search

import "sync"

// The posters' audience condition (Filter.MinAudience, Filter.MeasuredOnly)
// keeps the listings of the posters whose audience reaches a minimum, or is
// measured. The index keeps nothing for it until it is asked: each poster's
// marks, and the list of posters who have an audience (index.audienced).
// The first query with a condition sets the listings of the posters it
// keeps in a bitset (a factor, then, like the verified badge's), and the
// last few such sets are kept (audienceCacheSize), exact as listings and
// posters change, so the next query with the same condition pays nothing.
// Checking each listing's poster during the walk instead cost a plain page
// 123 µs of CPU at 100,000 listings (a first page's count reads them all),
// a kept set 3.3 µs (docs/search.md, "The posters' audience").

// audienceCacheSize is how many conditions' sets are kept (each a bit a
// listing: 125 kB at a million).
const audienceCacheSize = 8

// audienceCond is the condition; on is false for none.
type audienceCond struct {
	on       bool
	min      int64
	measured bool
}

// audienceOf is f's condition. A minimum not above 0 keeps every poster
// and is no condition.
func audienceOf(f *Filter) audienceCond {
	c := audienceCond{min: max(deref(f.MinAudience), 0), measured: f.MeasuredOnly}
	c.on = c.min > 0 || c.measured
	return c
}

// admits tells whether a poster passes the condition.
func (c audienceCond) admits(m posterMarks) bool {
	return m.audience >= c.min && (!c.measured || m.measured)
}

// audienceSets are the kept sets, by condition.
type audienceSets struct {
	mu      sync.Mutex
	entries map[audienceCond]*audienceSet
	clock   uint64
}

type audienceSet struct {
	bits  bitset
	count int
	used  uint64
}

// audienceSet answers the listings of the posters c keeps and their
// number, from the kept sets or made now. The bitset is the index's: read
// it, never write it.
func (ix *index) audienceSet(c audienceCond) (bitset, int) {
	s := &ix.audienceSets
	s.mu.Lock()
	if e := s.entries[c]; e != nil {
		s.clock++
		e.used = s.clock
		s.mu.Unlock()
		return e.bits, e.count
	}
	s.mu.Unlock()

	e := &audienceSet{bits: make(bitset, ix.words)}
	for _, q := range ix.audienced {
		if c.admits(ix.posters[q].marks) {
			setPosting(e.bits, &posting{big: ix.posters[q].docs})
			e.count += int(ix.posters[q].docs.GetCardinality())
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.entries == nil {
		s.entries = map[audienceCond]*audienceSet{}
	}
	for len(s.entries) >= audienceCacheSize {
		var oldest audienceCond
		var at uint64
		for k, x := range s.entries {
			if at == 0 || x.used < at {
				oldest, at = k, x.used
			}
		}
		delete(s.entries, oldest)
	}
	s.clock++
	e.used = s.clock
	s.entries[c] = e
	return e.bits, e.count
}

// followAudience keeps the kept sets exact when listing r of a poster with marks m
// is put (on) or dropped. Runs under the engine's write lock, as do
// followPosterAudience and grow.
func (ix *index) followAudience(r int64, m posterMarks, on bool) {
	s := &ix.audienceSets
	s.mu.Lock()
	defer s.mu.Unlock()
	for c, e := range s.entries {
		ix.mark(&e.bits, &e.count, r, on && c.admits(m))
	}
}

// followPosterAudience keeps the kept sets exact when poster p's audience
// or its measured mark changed.
func (ix *index) followPosterAudience(p uint32) {
	s := &ix.audienceSets
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.entries) == 0 {
		return
	}
	m := ix.posters[p].marks
	it := ix.posters[p].docs.Iterator()
	for it.HasNext() {
		r := rowidOf(it.Next())
		for c, e := range s.entries {
			ix.mark(&e.bits, &e.count, r, c.admits(m))
		}
	}
}

// grow lengthens the kept sets with the index.
func (s *audienceSets) grow(words int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, e := range s.entries {
		e.bits = e.bits.grown(words)
	}
}
