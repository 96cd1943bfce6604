package search_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"sponsorbridge/pb/search"
	"sponsorbridge/pb/search/searchtest"
)

// A listing's neighbour signature holds every pair a keyword it contains
// needs: the filter may keep listings that lack the keyword, never drop one
// that has it. Keywords are cut from the text at any rune (so runs start
// and end inside terms), or are whole words and phrases, including the
// folding and punctuation cases of searchtest.Words.
func TestNeighbourSignaturesNeverDropAMatch(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(searchtest.Seed(t, 23), 7))
	filtered, tested := 0, 0
	for range 4000 {
		title, desc := searchtest.Sentence(rng, 1+rng.IntN(6)), searchtest.Sentence(rng, 1+rng.IntN(30))
		for range 8 {
			var kw string
			if rng.IntN(2) == 0 {
				src := []rune(title + " " + desc)
				i := rng.IntN(len(src))
				kw = string(src[i:min(len(src), i+1+rng.IntN(24))])
			} else {
				kw = searchtest.Sentence(rng, 2+rng.IntN(2))
			}
			folded := strings.ToLower(kw) // the spec's folding (text.go)
			keeps, tests := search.SignatureKeeps(title, desc, kw)
			contains := strings.Contains(strings.ToLower(title), folded) || strings.Contains(strings.ToLower(desc), folded)
			if contains && !keeps {
				t.Fatalf("keyword %q is in %q / %q, but the signature drops the listing", kw, title, desc)
			}
			if !contains && tests {
				tested++
				if !keeps {
					filtered++
				}
			}
		}
	}
	// The filter must also earn its keep: most listings without the
	// keyword are dropped before their text is read.
	if filtered*10 < tested*7 {
		t.Errorf("the signature dropped %d of %d listings without the keyword", filtered, tested)
	}
	t.Logf("dropped %d of %d listings without the keyword", filtered, tested)
}

// What a keyword fixes: short runs at its ends fix nothing, whole runs in
// its middle fix both sides, one run alone needs no pair.
func TestKeywordPairs(t *testing.T) {
	t.Parallel()
	for kw, want := range map[string]string{
		"river":           "",
		"river cleanup":   "ver|cle",
		"er cleanup":      "",
		"river cl":        "",
		"er of the cl":    "of|the",
		"solar c++ lamps": "lar|c ; c|++ ; ++|lam",
		"a b c":           "",
		"café-über":       "afé|- ; -|übe",
		"東京都 ñandú":       "東京都|ñan",
		"東京 ñandú":        "",
	} {
		if got := strings.Join(search.FixedPairs(kw), " ; "); got != want {
			t.Errorf("%q: pairs %q, want %q", kw, got, want)
		}
		if _, tests := search.SignatureKeeps("t", "d", kw); tests != (want != "") {
			t.Errorf("%q: the signature tests %v", kw, tests)
		}
	}
}
