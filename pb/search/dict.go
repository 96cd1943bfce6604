package search

import (
	"strings"

	"github.com/RoaringBitmap/roaring/v2"
)

// dict interns strings (listing terms, or folded locations) and answers
// "which entries contain this substring?" from an index of the one-, two- and
// three-rune grams of every entry. Short queries (up to three runes) are
// answered exactly by one gram's list; longer ones intersect the lists of
// their trigrams and confirm each candidate with strings.Contains.
type dict struct {
	ids     map[string]uint32
	entries []string
	grams   map[gram]*roaring.Bitmap
}

// gram is up to three runes; shorter grams fill the tail with noRune.
type gram [3]rune

// noRune is no valid rune, so a short gram never equals a longer one.
const noRune = -1

func newDict() *dict {
	return &dict{ids: map[string]uint32{}, grams: map[gram]*roaring.Bitmap{}}
}

// intern returns the id of s, adding it (and its grams) when new. The
// string is copied so that an entry never keeps a whole listing text alive.
func (d *dict) intern(s string) uint32 {
	if id, ok := d.ids[s]; ok {
		return id
	}
	s = strings.Clone(s)
	id := uint32(len(d.entries))
	d.entries = append(d.entries, s)
	d.ids[s] = id
	eachGram(s, func(g gram) {
		b := d.grams[g]
		if b == nil {
			b = roaring.New()
			d.grams[g] = b
		}
		b.Add(id)
	})
	return id
}

// lookup returns the id of s if it is an entry.
func (d *dict) lookup(s string) (uint32, bool) {
	id, ok := d.ids[s]
	return id, ok
}

// containing returns the ids of the entries that contain q (folded, not
// empty). The caller must not modify the answer.
func (d *dict) containing(q string) *roaring.Bitmap {
	rs := []rune(q)
	if len(rs) <= 3 {
		g := gram{noRune, noRune, noRune}
		copy(g[:], rs)
		if b := d.grams[g]; b != nil {
			return b
		}
		return roaring.New()
	}
	// Intersect the trigrams, rarest first, then confirm.
	lists := make([]*roaring.Bitmap, 0, len(rs)-2)
	for i := 0; i+3 <= len(rs); i++ {
		b := d.grams[gram{rs[i], rs[i+1], rs[i+2]}]
		if b == nil {
			return roaring.New()
		}
		lists = append(lists, b)
	}
	cand := roaring.FastAnd(lists...)
	out := roaring.New()
	it := cand.Iterator()
	for it.HasNext() {
		id := it.Next()
		if strings.Contains(d.entries[id], q) {
			out.Add(id)
		}
	}
	return out
}

// eachGram calls fn once for every distinct gram of s.
func eachGram(s string, fn func(gram)) {
	rs := []rune(s)
	seen := make(map[gram]struct{}, 3*len(rs))
	emit := func(g gram) {
		if _, ok := seen[g]; !ok {
			seen[g] = struct{}{}
			fn(g)
		}
	}
	for i := range rs {
		emit(gram{rs[i], noRune, noRune})
		if i+2 <= len(rs) {
			emit(gram{rs[i], rs[i+1], noRune})
		}
		if i+3 <= len(rs) {
			emit(gram{rs[i], rs[i+1], rs[i+2]})
		}
	}
}

// containedIn returns the ids of the entries that are substrings of q
// (every substring of q looked up; q is short: a location).
func (d *dict) containedIn(q string) *roaring.Bitmap {
	out := roaring.New()
	starts := make([]int, 0, len(q)+1)
	for i := range q {
		starts = append(starts, i)
	}
	starts = append(starts, len(q))
	for a := 0; a < len(starts)-1; a++ {
		for b := a + 1; b < len(starts); b++ {
			if id, ok := d.ids[q[starts[a]:starts[b]]]; ok {
				out.Add(id)
			}
		}
	}
	return out
}
