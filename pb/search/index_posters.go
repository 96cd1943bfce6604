package search

import "github.com/RoaringBitmap/roaring/v2"

// The index's posters: each poster's listings and marks (verified,
// reliable), followed when a member's badge changes.

// internPoster answers the poster number of member id, adding them.
func (ix *index) internPoster(id string, verified, reliable bool) uint32 {
	if p, ok := ix.posterIDs[id]; ok {
		return p
	}
	p := uint32(len(ix.posters))
	ix.posters = append(ix.posters, poster{id: id, verified: verified, reliable: reliable, docs: roaring.New()})
	ix.posterIDs[id] = p
	return p
}

// mark sets or clears listing r in a poster mark's bitset, keeping its count.
func (ix *index) mark(b *bitset, count *int, r int64, on bool) {
	switch was := b.has(r); {
	case on && !was:
		b.set(r)
		*count++
	case !on && was:
		b.unset(r)
		*count--
	}
}

// setMarks follows a change of a member's verified badge or reliable mark.
func (ix *index) setMarks(userID string, verified, reliable bool) {
	p, ok := ix.posterIDs[userID]
	if !ok || (ix.posters[p].verified == verified && ix.posters[p].reliable == reliable) {
		return
	}
	it := ix.posters[p].docs.Iterator()
	for it.HasNext() {
		r := rowidOf(it.Next())
		ix.mark(&ix.verified, &ix.verifiedCount, r, verified)
		ix.mark(&ix.reliable, &ix.reliableCount, r, reliable)
	}
	ix.posters[p].verified, ix.posters[p].reliable = verified, reliable
}
