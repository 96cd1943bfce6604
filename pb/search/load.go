package search

// What a load (Engine.Reload) does beyond put: the orders are built once
// at the end, and what grew by appending is stored at its exact size.

import (
	"slices"
	"sort"
)

// putBulk is put for a load: amountOrder, the amount buckets and
// eventOrder are built once at the end (finishLoad).
func (ix *index) putBulk(d *doc) {
	ix.putAttrs(d)
	ix.putRules(d.rowid, d.rules, true)
	ix.amountOrder = append(ix.amountOrder, keyOf(d.rowid))
	if ix.dated(d.rowid) {
		ix.eventOrder = append(ix.eventOrder, d.rowid)
	}
}

// finishLoad sorts what putBulk appended and files the amounts.
func (ix *index) finishLoad() {
	sort.Slice(ix.amountOrder, func(i, j int) bool {
		a, b := ix.amountOrder[i], ix.amountOrder[j]
		x, y := ix.amount[rowidOf(a)], ix.amount[rowidOf(b)]
		return x < y || (x == y && a < b)
	})
	sort.Slice(ix.eventOrder, func(i, j int) bool {
		a, b := ix.eventOrder[i], ix.eventOrder[j]
		return ix.event[a] < ix.event[b] || (ix.event[a] == ix.event[b] && a < b)
	})
	ix.fileAmounts()
	ix.finishRules()
	ix.compact()
}

// compact copies what a load grew by appending into storage of its exact
// size: a posting's sorted slice and a bitmap's containers grow by append
// and keep room they do not use. At a million listings of each kind the
// live heap after the load fell from 400 to 355 MB (docs/search.md, "How it
// is built"). A copy equals its original, so nothing answers differently;
// later edits grow them again, a little at a time.
func (ix *index) compact() {
	tight := func(p *posting) {
		if p.big != nil {
			p.big = p.big.Clone()
		} else if len(p.small) < cap(p.small) {
			p.small = slices.Clone(p.small)
		}
	}
	for i := range ix.postings {
		tight(&ix.postings[i])
	}
	for i := range ix.locDocs {
		tight(&ix.locDocs[i])
	}
	for i := range ix.posters {
		ix.posters[i].docs = ix.posters[i].docs.Clone()
	}
	ix.amountOrder = slices.Clone(ix.amountOrder)
	ix.eventOrder = slices.Clone(ix.eventOrder)
}
