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
