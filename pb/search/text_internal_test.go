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
	for n := range 204_000 {
		s := word(rng.Intn(14), rng.Intn(3) > 0)
		if n >= 200_000 { // texts about as long as the lowering buffer, either side of it
			s = word(foldBuf-12+rng.Intn(24), rng.Intn(3) > 0)
		}
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

// Texts of the bench's length (a 5-word title, a 40-word description) read
// for a keyword of two words, which most candidates lack (the signature's
// false positives): go test -run '^$' -bench ContainsFolded ./pb/search/
func BenchmarkContainsFolded(b *testing.B) {
	rng := rand.New(rand.NewSource(9))
	syll := []string{"ba", "che", "do", "fai", "gu", "ka", "lo", "mea", "ni", "poo", "ra", "shi", "ta", "vu", "za", "st"}
	word := func() string {
		var w strings.Builder
		for range 1 + rng.Intn(3) {
			w.WriteString(syll[rng.Intn(len(syll))])
		}
		return w.String()
	}
	text := func(n int) string {
		ws := make([]string, n)
		for i := range ws {
			ws[i] = word()
		}
		ws[0] = strings.ToUpper(ws[0][:1]) + ws[0][1:]
		return strings.Join(ws, " ")
	}
	type cand struct{ title, desc, kw string }
	cands := make([]cand, 1024)
	for i := range cands {
		cands[i] = cand{text(5), text(40), word() + " " + word()}
	}
	b.ResetTimer()
	found := 0
	for i := range b.N {
		c := &cands[i%len(cands)]
		if containsFolded(c.title, c.kw) || containsFolded(c.desc, c.kw) {
			found++
		}
	}
	_ = found
}
