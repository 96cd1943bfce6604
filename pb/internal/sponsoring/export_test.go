package sponsoring

// RankAtMost makes sort=match rank the n newest applications (n a
// multiple of the page size) until restore is called. Not for parallel
// tests.
func RankAtMost(n int) (restore func()) {
	old := maxRanked
	maxRanked = n
	return func() { maxRanked = old }
}
