package search

import (
	"slices"

	"github.com/RoaringBitmap/roaring/v2"
)

// The index's posters: each poster's listings and marks (verified,
// reliable, audience), followed when a member's marks change.

// posterMarks are what the engine knows of a poster: the same on every
// listing of theirs (Listing.PosterVerified, PosterReliable,
// PosterAudience, PosterMeasured).
type posterMarks struct {
	verified, reliable bool
	measured           bool
	audience           int64
}

func marksOf(l *Listing) posterMarks {
	return posterMarks{verified: l.PosterVerified, reliable: l.PosterReliable, measured: l.PosterMeasured, audience: l.PosterAudience}
}

// internPoster answers the poster number of member id, adding them.
func (ix *index) internPoster(id string, m posterMarks) uint32 {
	if p, ok := ix.posterIDs[id]; ok {
		return p
	}
	p := uint32(len(ix.posters))
	ix.posters = append(ix.posters, poster{id: id, marks: m, docs: roaring.New()})
	ix.posterIDs[id] = p
	ix.fileAudience(p)
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

// setMarks follows a change of a member's marks.
func (ix *index) setMarks(userID string, m posterMarks) {
	p, ok := ix.posterIDs[userID]
	if !ok || ix.posters[p].marks == m {
		return
	}
	was := ix.posters[p].marks
	if was.verified != m.verified || was.reliable != m.reliable {
		it := ix.posters[p].docs.Iterator()
		for it.HasNext() {
			r := rowidOf(it.Next())
			ix.mark(&ix.verified, &ix.verifiedCount, r, m.verified)
			ix.mark(&ix.reliable, &ix.reliableCount, r, m.reliable)
		}
	}
	ix.posters[p].marks = m
	ix.fileAudience(p)
	if was.audience != m.audience || was.measured != m.measured {
		ix.followPosterAudience(p)
	}
}

// fileAudience keeps poster p in audienced while they have an audience or
// a measured one.
func (ix *index) fileAudience(p uint32) {
	m, q := ix.posters[p].marks, &ix.posters[p]
	switch want := m.audience > 0 || m.measured; {
	case want && !q.audienced:
		ix.audienced = append(ix.audienced, p)
	case !want && q.audienced:
		i := slices.Index(ix.audienced, p)
		ix.audienced[i] = ix.audienced[len(ix.audienced)-1]
		ix.audienced = ix.audienced[:len(ix.audienced)-1]
	}
	q.audienced = m.audience > 0 || m.measured
}
