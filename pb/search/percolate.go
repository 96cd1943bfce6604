package search

import (
	"slices"
	"strings"
	"sync"
)

// The reverse question: given one listing, which stored filters (saved
// searches) does it satisfy? A Percolator keeps filters compiled and filed
// by category, so a new listing is checked only against the filters that
// share one of its categories or name none; each check is a few
// comparisons and, for filters with a keyword, one substring test on the
// listing's folded text. No saved search is run as a query.

// Listing is one listing as the reverse question sees it.
type Listing struct {
	Title, Description string
	Amount             int64
	Categories         []string
	Location           string
	PosterID           string
	PosterVerified     bool
	// Status is "", "open", "sponsored" or "closed"; EventUnix the event
	// date (0 for none).
	Status    string
	EventUnix int64
	Hidden    bool
}

// compiled is a filter in the form a single listing is checked against.
type compiled struct {
	id           string
	kw           string // folded
	catMask      uint8
	hasMin       bool
	hasMax       bool
	min, max     int64
	loc          string // folded
	locEither    bool
	poster       string
	exclude      string
	verifiedOnly bool
	status       uint8
	withHidden   bool
	seen         uint64
}

func (e *Engine) compileOne(id string, f *Filter) (*compiled, bool) {
	mask, ok := e.CategoryMask(f.Categories)
	if !ok {
		return nil, false
	}
	c := &compiled{id: id, kw: fold(strings.TrimSpace(f.Keyword)), catMask: mask, loc: fold(f.Location),
		locEither: f.LocationEitherWay, poster: f.PosterID, exclude: f.ExcludePosterID, verifiedOnly: f.VerifiedOnly, withHidden: f.IncludeHidden}
	if f.Status != "" {
		c.status = statusCode(f.Status)
	}
	if f.MinAmount != nil {
		c.hasMin, c.min = true, *f.MinAmount
	}
	if f.MaxAmount != nil {
		c.hasMax, c.max = true, *f.MaxAmount
	}
	return c, true
}

// probe is a listing prepared once for checking against many filters.
type probe struct {
	title, desc string // folded
	catMask     uint8
	amount      int64
	loc         string // folded
	l           *Listing
	status      uint8
}

func (e *Engine) probeOf(l *Listing) *probe {
	mask, _ := e.CategoryMask(l.Categories)
	st := statusCode(l.Status)
	if st == statusOpen && EventPassed(l.EventUnix, e.Now().Unix()) {
		st = statusClosed
	}
	return &probe{title: fold(l.Title), desc: fold(l.Description), catMask: mask, amount: l.Amount, loc: fold(l.Location), l: l, status: st}
}

func (c *compiled) match(p *probe) bool {
	switch {
	case p.l.Hidden && !c.withHidden,
		c.catMask != 0 && c.catMask&p.catMask == 0,
		c.hasMin && p.amount < c.min,
		c.hasMax && p.amount > c.max,
		c.poster != "" && c.poster != p.l.PosterID,
		c.exclude != "" && c.exclude == p.l.PosterID,
		c.verifiedOnly && !p.l.PosterVerified,
		c.status != 0 && c.status != p.status:
		return false
	}
	if c.loc != "" && p.loc != "" && !strings.Contains(p.loc, c.loc) && (!c.locEither || !strings.Contains(c.loc, p.loc)) {
		return false
	}
	return c.kw == "" || strings.Contains(p.title, c.kw) || strings.Contains(p.desc, c.kw)
}

// Match tells whether one listing satisfies a filter, by the same rules as
// Search.
func (e *Engine) Match(f *Filter, l *Listing) bool {
	c, ok := e.compileOne("", f)
	return ok && c.match(e.probeOf(l))
}

// Percolator answers which stored filters a listing satisfies.
type Percolator struct {
	e     *Engine
	mu    sync.Mutex
	byID  map[string]*compiled
	byCat [9][]*compiled // one list per category bit; [8] holds filters with no category
	round uint64
}

// NewPercolator makes an empty percolator using the engine's rules.
func (e *Engine) NewPercolator() *Percolator {
	return &Percolator{e: e, byID: map[string]*compiled{}}
}

// Put stores (or replaces) a filter; false when it names an unknown category.
func (p *Percolator) Put(id string, f Filter) bool {
	c, ok := p.e.compileOne(id, &f)
	if !ok {
		return false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.removeLocked(id)
	p.byID[id] = c
	for i := range 8 {
		if c.catMask&(1<<i) != 0 {
			p.byCat[i] = append(p.byCat[i], c)
		}
	}
	if c.catMask == 0 {
		p.byCat[8] = append(p.byCat[8], c)
	}
	return true
}

// Remove forgets a filter.
func (p *Percolator) Remove(id string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.removeLocked(id)
}

func (p *Percolator) removeLocked(id string) {
	c := p.byID[id]
	if c == nil {
		return
	}
	delete(p.byID, id)
	for i := range p.byCat {
		p.byCat[i] = slices.DeleteFunc(p.byCat[i], func(x *compiled) bool { return x == c })
	}
}

// Len is the number of stored filters.
func (p *Percolator) Len() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.byID)
}

// Match returns the ids of the stored filters the listing satisfies, sorted.
func (p *Percolator) Match(l *Listing) []string {
	pr := p.e.probeOf(l)
	p.mu.Lock()
	defer p.mu.Unlock()
	p.round++
	var out []string
	check := func(list []*compiled) {
		for _, c := range list {
			if c.seen == p.round {
				continue
			}
			c.seen = p.round
			if c.match(pr) {
				out = append(out, c.id)
			}
		}
	}
	for i := range 8 {
		if pr.catMask&(1<<i) != 0 {
			check(p.byCat[i])
		}
	}
	check(p.byCat[8])
	slices.Sort(out)
	return out
}
