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

// compiled is a filter in the form a single listing is checked against.
type compiled struct {
	id           string
	kw           string  // folded
	cats         []int32 // category numbers, ascending; none: any
	hasMin       bool
	hasMax       bool
	min, max     int64
	loc          string // folded
	locEither    bool
	poster       string
	exclude      string
	verifiedOnly bool
	reliableOnly bool
	status       uint8
	withHidden   bool
	hasTiers     bool
	closedTo     uint64         // the viewer's industry (OpenToMe), one bit; 0 none
	applicant    *applicantForm // EligibleOnly's applicant, nil: none
	audience     audienceCond
	seen         uint64
}

func (e *Engine) compileOne(id string, f *Filter) (*compiled, bool) {
	cats, ok := e.cats.lookup(nil, f.Categories)
	if !ok {
		return nil, false
	}
	c := &compiled{id: id, kw: fold(strings.TrimSpace(f.Keyword)), cats: cats, loc: fold(f.Location),
		locEither: f.LocationEitherWay, poster: f.PosterID, exclude: f.ExcludePosterID, verifiedOnly: f.VerifiedOnly, reliableOnly: f.ReliableOnly, withHidden: f.IncludeHidden}
	if f.Status != "" {
		c.status = statusCode(f.Status)
	}
	c.hasTiers = f.HasTiers
	c.audience = audienceOf(f)
	if f.OpenToMe {
		c.closedTo = e.closedMask([]string{f.Industry})
	}
	if f.EligibleOnly && f.Applicant != nil {
		c.applicant = e.applicantOf(f.Applicant)
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
	title, desc string  // folded
	cats        []int32 // the listing's categories, ascending
	catBits     bitset  // the same, one bit per category
	amount      int64
	loc         string // folded
	l           *Listing
	status      uint8
	closed      uint64 // the industries it is closed to
	rules       *rulesDoc
}

func (e *Engine) probeOf(l *Listing) *probe {
	// A listing's names that are no category are left out, as in the index.
	cats, _ := e.cats.lookup(nil, l.Categories)
	bits := make(bitset, (len(e.cats.names)+63)/64)
	for _, c := range cats {
		bits.set(int64(c))
	}
	st := statusCode(l.Status)
	if st == statusOpen && EventPassed(l.EventUnix, e.now().Unix()) {
		st = statusClosed
	}
	return &probe{title: fold(l.Title), desc: fold(l.Description), cats: cats, catBits: bits, amount: l.Amount,
		loc: fold(l.Location), l: l, status: st, closed: e.closedMask(l.ClosedTo),
		rules: e.rulesOf(&l.Criteria)}
}

// anyCategory tells whether the listing has one of the filter's categories.
func (c *compiled) anyCategory(p *probe) bool {
	for _, i := range c.cats {
		if p.catBits.has(int64(i)) {
			return true
		}
	}
	return false
}

func (c *compiled) match(p *probe) bool {
	switch {
	case p.l.Hidden && !c.withHidden,
		len(c.cats) != 0 && !c.anyCategory(p),
		c.hasMin && p.amount < c.min,
		c.hasMax && p.amount > c.max,
		c.poster != "" && c.poster != p.l.PosterID,
		c.exclude != "" && c.exclude == p.l.PosterID,
		c.verifiedOnly && !p.l.PosterVerified,
		c.reliableOnly && !p.l.PosterReliable,
		c.hasTiers && !p.l.HasTiers,
		c.closedTo&p.closed != 0,
		c.applicant != nil && !p.rules.admits(c.applicant),
		c.audience.on && !c.audience.admits(marksOf(p.l)),
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

// Percolator answers which stored filters a listing satisfies. It is safe
// for concurrent use.
type Percolator struct {
	e    *Engine
	mu   sync.Mutex
	byID map[string]*compiled
	// byCat has one list per category, then one of the filters naming none.
	byCat [][]*compiled
	round uint64
}

// NewPercolator makes an empty percolator using the engine's rules (it
// needs no loaded index).
func (e *Engine) NewPercolator() *Percolator {
	return &Percolator{e: e, byID: map[string]*compiled{}, byCat: make([][]*compiled, len(e.cats.names)+1)}
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
	for _, i := range c.cats {
		p.byCat[i] = append(p.byCat[i], c)
	}
	if len(c.cats) == 0 {
		p.byCat[len(p.byCat)-1] = append(p.byCat[len(p.byCat)-1], c)
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
	drop := func(i int) {
		p.byCat[i] = slices.DeleteFunc(p.byCat[i], func(x *compiled) bool { return x == c })
	}
	for _, i := range c.cats {
		drop(int(i))
	}
	if len(c.cats) == 0 {
		drop(len(p.byCat) - 1)
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
	for _, i := range pr.cats {
		check(p.byCat[i])
	}
	check(p.byCat[len(p.byCat)-1])
	slices.Sort(out)
	return out
}
