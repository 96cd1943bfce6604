package search

import "unicode/utf8"

// Neighbour signatures: a keyword of several runs ("river cleanup") can
// only occur where its runs sit in consecutive terms of one field (run i
// ends a term, run i+1 starts the next: keyword.go, runMode). Each listing
// keeps a small Bloom filter of its consecutive term pairs, each pair
// reduced to the last three runes of the first term and the first three
// of the second. A candidate whose filter lacks a pair of the keyword
// cannot contain it and is dropped before its text is read (searchVerified).
// The filter never drops a listing that contains the keyword; it keeps some
// that do not (false positives), which the text check then refuses.
//
// Size: pairWords machine words (256 bits) a listing, 32 bytes; each pair
// sets three bits. A listing of the bench's length (45 words, 43 pairs)
// keeps about 6% of the candidates that lack one pair and about 0.4% of
// those that lack two (a keyword of three runs). With 192 bits and two bits
// a pair it kept 13% and 2%; the 8 bytes more took the hard mix at a
// million listings of each kind from 1,020-1,187 to 835-920 µs of CPU a
// request (docs/search.md). A much longer description fills its filter
// and is simply always read.

const (
	pairWords = 4
	pairBits  = pairWords * 64
	pairRunes = 3 // runes of each side of a pair that are hashed
)

type pairSig [pairWords]uint64

// tail is the last pairRunes runes of s (all of s when shorter).
func tail(s string) string {
	i, n := len(s), 0
	for i > 0 && n < pairRunes {
		_, size := utf8.DecodeLastRuneInString(s[:i])
		i -= size
		n++
	}
	return s[i:]
}

// head is the first pairRunes runes of s (all of s when shorter).
func head(s string) string {
	i, n := 0, 0
	for i < len(s) && n < pairRunes {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		n++
	}
	return s[:i]
}

// pairHash hashes (tail of one term, head of the next), FNV-1a.
func pairHash(a, b string) uint64 {
	const prime = 1099511628211
	h := uint64(14695981039346656037)
	for i := 0; i < len(a); i++ {
		h = (h ^ uint64(a[i])) * prime
	}
	h = (h ^ 0xff) * prime // no rune of UTF-8 text starts with 0xff
	for i := 0; i < len(b); i++ {
		h = (h ^ uint64(b[i])) * prime
	}
	return h
}

func (s *pairSig) add(h uint64) {
	for _, bit := range [3]uint64{h % pairBits, (h >> 21) % pairBits, (h >> 42) % pairBits} {
		s[bit/64] |= 1 << (bit % 64)
	}
}

// covers tells whether every bit of need is in s.
func (s *pairSig) covers(need *pairSig) bool {
	for i := range s {
		if s[i]&need[i] != need[i] {
			return false
		}
	}
	return true
}

func (s *pairSig) empty() bool { return *s == pairSig{} }

// pairsOf is a listing's signature: the consecutive terms of its folded
// title, and of its folded description (never one field's last term with
// the other's first: a keyword lies within one field).
func pairsOf(title, description string) pairSig {
	var sig pairSig
	for _, field := range [2]string{title, description} {
		prev := ""
		terms(fold(field), func(t string) {
			if prev != "" {
				sig.add(pairHash(tail(prev), head(t)))
			}
			prev = t
		})
	}
	return sig
}

// keywordPairs is what a listing's signature must hold to contain a folded
// keyword of several runs: the pairs whose sides the keyword fixes (see
// fixedPairs). Empty: nothing to test.
func keywordPairs(folded string) pairSig {
	var need pairSig
	fixedPairs(folded, func(a, b string) { need.add(pairHash(a, b)) })
	return need
}

// fixedPairs calls fn with (tail, head) of each pair of consecutive runs
// whose sides the keyword fixes. A run that ends a term fixes the term's
// tail only when it has pairRunes runes or more, and one that starts a
// term likewise its head; a whole run fixes both. One run alone, or only
// short end runs, fix nothing.
func fixedPairs(folded string, fn func(a, b string)) {
	var runs []string
	terms(folded, func(t string) { runs = append(runs, t) })
	for i := 0; i+1 < len(runs); i++ {
		a, b := runs[i], runs[i+1]
		if runModeOf(i, len(runs)) != whole && utf8.RuneCountInString(a) < pairRunes {
			continue
		}
		if runModeOf(i+1, len(runs)) != whole && utf8.RuneCountInString(b) < pairRunes {
			continue
		}
		fn(tail(a), head(b))
	}
}

// setPairs stores a listing's signature.
func (ix *index) setPairs(r int64, title, description string) {
	sig := pairsOf(title, description)
	copy(ix.pairs[r*pairWords:(r+1)*pairWords], sig[:])
}

// hasPairs tells whether listing r may contain a keyword that needs need.
func (ix *index) hasPairs(r int64, need *pairSig) bool {
	var sig pairSig
	copy(sig[:], ix.pairs[r*pairWords:(r+1)*pairWords])
	return sig.covers(need)
}
