package search

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Keyword and location matching is the spec's rule: a case-insensitive
// substring. "Case-insensitive" is defined once, here: both sides are folded
// with strings.ToLower.
func fold(s string) string { return strings.ToLower(s) }

// containsFolded tells whether fold(s) contains folded (a folded keyword).
// It runs on every candidate whose text is read. An ASCII s of up to
// foldBuf bytes is lowered into a buffer on the stack as it is checked for
// ASCII (fold changes only A-Z there) and searched with bytes.Contains, no
// allocation (about 40% less CPU than comparing byte by byte:
// BenchmarkContainsFolded). Any other s (longer, or not ASCII) is folded.
func containsFolded(s, folded string) bool {
	if len(s) > foldBuf {
		return strings.Contains(fold(s), folded)
	}
	var buf [foldBuf]byte
	lowered := buf[:len(s)]
	var high byte
	for i := 0; i < len(s); i++ {
		high |= s[i]
		lowered[i] = lowerASCII(s[i])
	}
	if high >= utf8.RuneSelf {
		return strings.Contains(fold(s), folded)
	}
	return bytes.Contains(lowered, []byte(folded))
}

// foldBuf is the longest text containsFolded lowers on the stack: a title,
// and most descriptions (a longer one, up to the form's 5,000 characters, is
// folded, which allocates).
const foldBuf = 2048

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + ('a' - 'A')
	}
	return c
}

// isWordRune tells letters, digits and combining marks (the runes that make
// up words) from symbols; whitespace is neither.
func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.IsMark(r)
}

// terms calls fn for every term of folded text: maximal runs of word runes
// and maximal runs of symbol runes; whitespace separates and is dropped.
//
// Why this split makes the index exact: a keyword that is itself a single
// run can only occur inside one maximal run of the text of the same class,
// so "some term of the listing contains the keyword" is exactly "the listing
// contains the keyword". Keywords of several runs use the terms to find
// candidates and the stored text to decide (see keyword.go).
func terms(folded string, fn func(term string)) {
	start, class := -1, 0
	for i, r := range folded {
		c := runeClass(r)
		if c != class {
			if class != 0 {
				fn(folded[start:i])
			}
			start, class = i, c
		}
	}
	if class != 0 {
		fn(folded[start:])
	}
}

// runeClass is 0 for whitespace, 1 for word runes, 2 for symbols.
func runeClass(r rune) int {
	switch {
	case unicode.IsSpace(r):
		return 0
	case isWordRune(r):
		return 1
	default:
		return 2
	}
}

// uniqueTerms returns the distinct terms of a listing's title and description.
func uniqueTerms(title, description string) []string {
	seen := make(map[string]struct{}, 48)
	out := make([]string, 0, 48)
	add := func(t string) {
		if _, ok := seen[t]; !ok {
			seen[t] = struct{}{}
			out = append(out, t)
		}
	}
	terms(fold(title), add)
	terms(fold(description), add)
	return out
}
