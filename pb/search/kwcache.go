package search

import "sync"

// A keyword whose run is inside many terms ("sch" while a member types
// "school") costs a pass over all those terms' lists to build. The cache
// keeps the last few such builds (Tuning.KeywordCache*), kept exact as
// listings change (addTerms and removeTerms update every cached run the
// changed terms contain), so the next member typing the same letters pays
// nothing.
type kwCache struct {
	t       *Tuning
	mu      sync.Mutex
	entries map[string]*kwEntry
	clock   uint64
	hits    uint64
	misses  uint64
}

type kwEntry struct {
	bits bitset
	used uint64
}

func (c *kwCache) get(run string) bitset {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e := c.entries[run]; e != nil {
		c.clock++
		e.used = c.clock
		c.hits++
		return e.bits
	}
	c.misses++
	return nil
}

func (c *kwCache) put(run string, b bitset) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil {
		c.entries = map[string]*kwEntry{}
	}
	if c.t.KeywordCacheSize <= 0 {
		return
	}
	limit := min(c.t.KeywordCacheSize, c.t.KeywordCacheBytes/max(8*len(b), 1))
	for len(c.entries) >= limit && len(c.entries) > 0 {
		var oldest string
		var at uint64
		for r, e := range c.entries {
			if oldest == "" || e.used < at {
				oldest, at = r, e.used
			}
		}
		delete(c.entries, oldest)
	}
	if limit == 0 {
		return
	}
	c.clock++
	c.entries[run] = &kwEntry{bits: b, used: c.clock}
}

// follow keeps the cached sets exact when a listing gains (on) or loses
// terms. Runs under the index's write lock.
func (c *kwCache) follow(r int64, terms []string, on bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for key, e := range c.entries {
		mode, run := modeOfKey(key)
		for _, t := range terms {
			if mode.fits(t, run) {
				if on {
					e.bits.set(r)
				} else {
					e.bits.unset(r)
				}
				break
			}
		}
	}
}

// grow lengthens the cached sets with the index.
func (c *kwCache) grow(words int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, e := range c.entries {
		e.bits = e.bits.grown(words)
	}
}
