package search

// What the external tests (package search_test, which may import
// searchtest) need to see of the neighbour signatures (pairs.go).

// SignatureKeeps tells whether a listing's signature keeps it as a
// candidate for keyword, and whether the keyword needs any pair at all.
func SignatureKeeps(title, description, keyword string) (keeps, tests bool) {
	sig, need := pairsOf(title, description), keywordPairs(fold(keyword))
	return sig.covers(&need), !need.empty()
}

// FixedPairs lists the (tail, head) pairs a keyword fixes.
func FixedPairs(keyword string) []string {
	var out []string
	fixedPairs(fold(keyword), func(a, b string) { out = append(out, a+"|"+b) })
	return out
}

// CapacityFor is the rows an index holding have grows to for rowid.
func CapacityFor(have int, rowid int64) int { return capacityFor(have, rowid) }

// Scanned is what a scan found, for the tests.
type Scanned struct {
	Rows      []int64
	Total     int
	Estimated bool
}

// ScanBothWays scans a filter's plan newest first from below rowid from
// (0: the top), counting the words after the page in blocks and then one
// at a time.
func (e *Engine) ScanBothWays(table string, f *Filter, from int64, want int) (blocks, words Scanned) {
	e.mu.RLock()
	defer e.mu.RUnlock()
	for i, out := range []*Scanned{&blocks, &words} {
		p := e.compile(e.indexes[table], f, Newest)
		p.noBlockCount = i == 1
		if !p.empty {
			s := p.scan(from, want, true, nil)
			*out = Scanned{Rows: s.rows, Total: s.total, Estimated: s.estimated}
		}
		p.release()
	}
	return blocks, words
}
