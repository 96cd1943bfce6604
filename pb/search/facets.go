package search

// Facet is what ranking a match needs of a listing, read from the index
// (no database read): its amount, categories, folded location and poster.
type Facet struct {
	Rowid      int64
	Amount     int64
	Categories []string
	Location   string // folded (lower case); "" when none
	PosterID   string
}

// Facets answers the facets of a table's listings by rowid, in the order
// given; rowids not in the index are left out.
func (e *Engine) Facets(table string, rowids []int64) []Facet {
	e.mu.RLock()
	defer e.mu.RUnlock()
	ix := e.indexes[table]
	if ix == nil {
		return nil
	}
	out := make([]Facet, 0, len(rowids))
	for _, r := range rowids {
		if r < 0 || r >= int64(len(ix.amount)) || !ix.alive.has(r) {
			continue
		}
		f := Facet{Rowid: r, Amount: ix.amount[r], Location: ix.locs.entries[ix.loc[r]], PosterID: ix.posters[ix.poster[r]].id}
		for i, c := range e.cats.names {
			if ix.cat[i].has(r) {
				f.Categories = append(f.Categories, c)
			}
		}
		out = append(out, f)
	}
	return out
}

// Fold is the engine's case folding (locations and keywords compare folded).
func Fold(s string) string { return fold(s) }
