package search

import (
	"math/bits"
	"slices"
	"sort"
)

// Who may apply, indexed rule by rule. Most listings set no rule, so a
// table keeps nothing until one does (index.rules stays nil). A query with
// EligibleOnly builds the set of listings its applicant fails from one
// structure per rule, each answered for every listing at once: a bitset
// for the rules a member passes or fails as a whole (the cap reached,
// verified or reliable members only), a bitset per category and per place
// (the listings naming it), and for the ordered rules (event window,
// minimum audience) the listings sorted by their bound, of which those the
// applicant fails are one end. Its cost is a pass over the words of the
// table for each rule and the failing listings of the ordered rules and of
// the places; it never evaluates a listing's rules one by one. (One pass
// for all the rules, reading each bitset once, was slower at a million
// listings: 186-216 µs a query against 150-155, docs/search.md.)
type rules struct {
	restricted ruleSet // the listings setting a rule
	// kept are what an edit or a deletion needs to take a listing out of
	// the places' postings and the bound orders (its bitsets are cleared
	// bit by bit): nothing for a listing without places or bounds.
	kept map[int64]kept

	full, verified, reliable ruleSet
	cats                     ruleSet   // listings with a categories rule
	catAllow                 []ruleSet // per category: the listings naming it
	places                   ruleSet   // listings with a locations rule
	placeNames               *dict     // folded places
	placeDocs                []posting // per place: the listings naming it (keys)
	dated                    ruleSet   // listings with an event window
	// from, to and audience are the listings with that bound: those an
	// applicant fails are a suffix (from, audience) or a prefix (to).
	from, to, audience order
}

// order is the listings with one bound of an ordered rule, by (bound,
// rowid), and as a bitset.
type order struct {
	by  []bound
	all ruleSet
}

// ruleSet is a bitset made when its first listing is put.
type ruleSet struct {
	b bitset
	n int
}

type bound struct{ v, r int64 }

// kept is a listing's place ids and bounds (0: none), about 50 bytes a
// listing that sets one.
type kept struct {
	places                []uint32
	from, to, minAudience int64
}

func (ix *index) markRule(s *ruleSet, r int64, on bool) {
	if on && s.b == nil {
		s.b = make(bitset, ix.words)
	}
	if s.b != nil {
		ix.mark(&s.b, &s.n, r, on)
	}
}

// bitsets lists the rules' bitsets (for growing them with the index).
func (rs *rules) bitsets() []*bitset {
	var out []*bitset
	for _, s := range rs.sets() {
		if s.b != nil {
			out = append(out, &s.b)
		}
	}
	return out
}

// sets lists every rule's set.
func (rs *rules) sets() []*ruleSet {
	out := []*ruleSet{&rs.restricted, &rs.full, &rs.verified, &rs.reliable, &rs.cats, &rs.places, &rs.dated, &rs.from.all, &rs.to.all, &rs.audience.all}
	for i := range rs.catAllow {
		out = append(out, &rs.catAllow[i])
	}
	return out
}

// putRules files a listing's rules (its attributes were put; the ordered
// rules are appended unsorted when bulk, sorted by finishLoad).
func (ix *index) putRules(r int64, d *rulesDoc, bulk bool) {
	if d == nil {
		return
	}
	if ix.rules == nil {
		ix.rules = &rules{kept: map[int64]kept{}, catAllow: make([]ruleSet, len(ix.cat)), placeNames: newDict()}
	}
	rs := ix.rules
	ix.markRule(&rs.restricted, r, true)
	k := kept{from: d.from, to: d.to, minAudience: d.minAudience}
	ix.markRule(&rs.full, r, d.full)
	ix.markRule(&rs.verified, r, d.verifiedOnly)
	ix.markRule(&rs.reliable, r, d.reliableOnly)
	ix.markRule(&rs.cats, r, d.hasCats)
	for _, c := range d.cats {
		ix.markRule(&rs.catAllow[c], r, true)
	}
	ix.markRule(&rs.places, r, len(d.places) > 0)
	for _, p := range d.places {
		id := rs.placeNames.intern(p)
		k.places = append(k.places, id)
		if int(id) >= len(rs.placeDocs) {
			rs.placeDocs = append(rs.placeDocs, posting{})
		}
		rs.placeDocs[id].add(keyOf(r), ix.t.SmallPosting)
	}
	ix.markRule(&rs.dated, r, d.from != 0 || d.to != 0)
	insert := func(o *order, v int64) {
		ix.markRule(&o.all, r, true)
		b := bound{v, r}
		if bulk {
			o.by = append(o.by, b)
			return
		}
		o.by = slices.Insert(o.by, boundSlot(o.by, b), b)
	}
	if d.from != 0 {
		insert(&rs.from, d.from)
	}
	if d.to != 0 {
		insert(&rs.to, d.to)
	}
	if d.minAudience > 0 {
		insert(&rs.audience, d.minAudience)
	}
	if len(k.places) > 0 || k.from != 0 || k.to != 0 || k.minAudience != 0 {
		rs.kept[r] = k
	}
}

// dropRules forgets a listing's rules.
func (ix *index) dropRules(r int64) {
	rs := ix.rules
	if rs == nil || !rs.restricted.b.has(r) {
		return
	}
	for _, s := range rs.sets() {
		ix.markRule(s, r, false)
	}
	k, ok := rs.kept[r]
	if !ok {
		return
	}
	delete(rs.kept, r)
	for _, id := range k.places {
		rs.placeDocs[id].remove(keyOf(r))
	}
	remove := func(o *order, v int64) {
		b := bound{v, r}
		if i := boundSlot(o.by, b); i < len(o.by) && o.by[i] == b {
			o.by = slices.Delete(o.by, i, i+1)
		}
	}
	if k.from != 0 {
		remove(&rs.from, k.from)
	}
	if k.to != 0 {
		remove(&rs.to, k.to)
	}
	if k.minAudience > 0 {
		remove(&rs.audience, k.minAudience)
	}
}

func boundSlot(o []bound, b bound) int {
	return sort.Search(len(o), func(i int) bool { return o[i].v > b.v || (o[i].v == b.v && o[i].r >= b.r) })
}

// finishRules sorts what a load appended.
func (ix *index) finishRules() {
	if ix.rules == nil {
		return
	}
	for _, o := range []*order{&ix.rules.from, &ix.rules.to, &ix.rules.audience} {
		slices.SortFunc(o.by, func(a, b bound) int {
			if a.v != b.v {
				return compareInt(a.v, b.v)
			}
			return compareInt(a.r, b.r)
		})
		o.by = slices.Clip(o.by)
	}
}

func compareInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// ineligible is the listings whose rules a fails, in a bitset borrowed for
// the plan, and how many; nil when the table restricts nobody. Each rule
// is a tight loop over the words (or over its failing listings).
func (p *plan) ineligible(a *applicantForm) (bitset, int) {
	ix := p.ix
	rs := ix.rules
	if rs == nil || rs.restricted.n == 0 {
		return nil, 0
	}
	out := p.borrow()
	or := func(s *ruleSet) {
		if s.n > 0 {
			orWords(out, s.b)
		}
	}
	// out |= rule &^ (the listings of the rule the applicant passes)
	orFailing := func(rule *ruleSet, passed bitset) {
		if rule.n == 0 {
			return
		}
		if passed == nil {
			orWords(out, rule.b)
			return
		}
		for w, x := range rule.b {
			out[w] |= x &^ passed[w]
		}
	}
	or(&rs.full)
	if !a.verified {
		or(&rs.verified)
	}
	if !a.reliable {
		or(&rs.reliable)
	}
	if rs.cats.n > 0 {
		var passed bitset
		for _, c := range a.cats {
			if rs.catAllow[c].n == 0 {
				continue
			}
			if passed == nil {
				passed = p.borrow()
			}
			orWords(passed, rs.catAllow[c].b)
		}
		orFailing(&rs.cats, passed)
	}
	if rs.places.n > 0 {
		var passed bitset
		for _, id := range rs.samePlaces(a.place) {
			if passed == nil {
				passed = p.borrow()
			}
			setPosting(passed, &rs.placeDocs[id])
		}
		orFailing(&rs.places, passed)
	}
	if a.next == 0 {
		or(&rs.dated)
	} else {
		p.orSlice(out, &rs.from, boundSlot(rs.from.by, bound{a.next, maxRowid + 1}), len(rs.from.by)) // from > next
		p.orSlice(out, &rs.to, 0, boundSlot(rs.to.by, bound{a.next, 0}))                              // to < next
	}
	p.orSlice(out, &rs.audience, boundSlot(rs.audience.by, bound{a.audience, maxRowid + 1}), len(rs.audience.by)) // minimum > audience
	n := 0
	for _, x := range out {
		n += bits.OnesCount64(x)
	}
	return out, n
}

// orSlice ORs the listings of o.by[lo:hi] into out: one by one when they
// are fewer than the others, else as the order's bitset less the others (a
// profile without an audience fails every minimum: one pass over the words
// instead of a bit for each listing).
func (p *plan) orSlice(out bitset, o *order, lo, hi int) {
	switch n := hi - lo; {
	case n == 0:
	case n == len(o.by):
		orWords(out, o.all.b)
	case n <= len(o.by)-n:
		for _, b := range o.by[lo:hi] {
			out.set(b.r)
		}
	default:
		part := p.borrow()
		copy(part, o.all.b)
		for _, b := range o.by[:lo] {
			part.unset(b.r)
		}
		for _, b := range o.by[hi:] {
			part.unset(b.r)
		}
		orWords(out, part)
	}
}

// samePlaces are the ids of the places SamePlace as place (folded).
func (rs *rules) samePlaces(place string) []uint32 {
	if place == "" {
		return nil
	}
	if place == online {
		if id, ok := rs.placeNames.lookup(online); ok {
			return []uint32{id}
		}
		return nil
	}
	ids := rs.placeNames.containing(place).Clone()
	ids.Or(rs.placeNames.containedIn(place))
	if id, ok := rs.placeNames.lookup(online); ok {
		ids.Remove(id)
	}
	return ids.ToArray()
}
