package search

import (
	"strings"
	"unicode"
)

// Keyword and location matching is the spec's rule: a case-insensitive
// substring. "Case-insensitive" is defined once, here: both sides are folded
// with strings.ToLower.
func fold(s string) string { return strings.ToLower(s) }

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
