package search

import (
	"math/rand"
	"strings"
	"testing"
)

// Reading a candidate's text without folding it answers what folding it
// answers, for ASCII and for text whose case changes its bytes (the
// Kelvin sign lowers to an ASCII k, the dotted capital I to two runes).
func TestContainsFoldedEqualsFoldingFirst(t *testing.T) {
	alphabet := []string{"a", "b", "A", "B", "k", "K", " ", "-", "1", "é", "É", "K", "İ", "ß", "z", "Z"}
	rng := rand.New(rand.NewSource(5))
	word := func(n int, ascii bool) string {
		var b strings.Builder
		for range n {
			c := alphabet[rng.Intn(len(alphabet))]
			for ascii && len(c) > 1 {
				c = alphabet[rng.Intn(len(alphabet))]
			}
			b.WriteString(c)
		}
		return b.String()
	}
	checked, found := 0, 0
	for range 200_000 {
		s := word(rng.Intn(14), rng.Intn(3) > 0)
		kw := fold(word(rng.Intn(4), rng.Intn(2) == 0))
		if rng.Intn(3) == 0 && len(s) > 0 { // a keyword cut from the text itself
			i := rng.Intn(len(s))
			kw = fold(s[i:min(len(s), i+1+rng.Intn(4))])
		}
		want := strings.Contains(fold(s), kw)
		if got := containsFolded(s, kw); got != want {
			t.Fatalf("containsFolded(%q, %q) = %v, want %v", s, kw, got, want)
		}
		checked++
		if want {
			found++
		}
	}
	if found < checked/10 || found > checked*9/10 {
		t.Fatalf("%d of %d cases contained the keyword: the cases test too little", found, checked)
	}
}
