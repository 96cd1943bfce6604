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

// BlockTestDisagrees compiles f's plan for sort s and answers the first of
// rowids (in blocks of up to blockKeys, cut at random lengths by cuts) for
// which testBlock does not answer what test does, or -1.
func (e *Engine) BlockTestDisagrees(table string, f *Filter, s Sort, rowids []int64, cuts []int) int64 {
	e.mu.RLock()
	defer e.mu.RUnlock()
	p := e.compile(e.indexes[table], f, s)
	defer p.release()
	if p.empty {
		return -1
	}
	for len(rowids) > 0 {
		n := min(len(rowids), blockKeys)
		if len(cuts) > 0 {
			n, cuts = min(n, max(cuts[0], 1)), cuts[1:]
		}
		keys := make([]uint32, n)
		for i, r := range rowids[:n] {
			keys[i] = keyOf(r)
		}
		in := p.testBlock(keys)
		for i, r := range rowids[:n] {
			if (in&(1<<uint(i)) != 0) != p.test(r) {
				return r
			}
		}
		rowids = rowids[n:]
	}
	return -1
}
