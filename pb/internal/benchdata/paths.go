package benchdata

import (
	"fmt"
	mrand "math/rand"
	"net/url"
	"strconv"
	"strings"
	"sync"
)

// The list requests of make bench's loads (docs/search.md, "Measurements"),
// shared by the in-process benchmarks (pb/internal/listings) and the
// measurement from outside (pb/cmd/memprobe -goals). Every parameter is
// drawn afresh for every request: a repeated URL would measure a cache.

// Shared is the corpus the paths draw their words from (NewCorpus, made
// once: it is always the same).
var Shared = sync.OnceValue(NewCorpus)

// KindPath is either list route, drawn evenly.
func KindPath(rng *mrand.Rand) string {
	if rng.Intn(2) == 0 {
		return "/api/sponsorships"
	}
	return "/api/sponsorship-requests"
}

// Keyword is what members type: mostly whole words drawn from the same
// long-tail law as the text, sometimes the first letters of one.
func Keyword(rng *mrand.Rand, z *mrand.Zipf) string {
	w := Shared().Words[z.Uint64()]
	if rng.Intn(5) == 0 && len(w) > 4 {
		w = w[:3+rng.Intn(len(w)-3)]
	}
	return w
}

// PlainPage is one of the first five pages of either list.
func PlainPage(rng *mrand.Rand) string {
	return fmt.Sprintf("%s?page=%d", KindPath(rng), 1+rng.Intn(5))
}

// KeywordPage is one of the first three pages of a keyword.
func KeywordPage(rng *mrand.Rand) string {
	return fmt.Sprintf("%s?q=%s&page=%d", KindPath(rng), url.QueryEscape(Keyword(rng, Shared().Zipf(rng))), 1+rng.Intn(3))
}

// CategoryAmountLocation is one or two categories, a narrow amount range and
// the first letters of a city.
func CategoryAmountLocation(rng *mrand.Rand) string {
	cats := Categories[rng.Intn(7)]
	if rng.Intn(2) == 0 {
		cats += "," + Categories[rng.Intn(7)]
	}
	lo := 1 + rng.Intn(9800)
	city := Cities[rng.Intn(len(Cities))]
	loc := strings.ToLower(city[:3+rng.Intn(len(city)-2)])
	return fmt.Sprintf("%s?categories=%s&minAmount=%d&maxAmount=%d&location=%s", KindPath(rng), cats, lo, lo+200, url.QueryEscape(loc))
}

// KeywordCategoryByAmount is a keyword, a category and a minimum, in either
// amount order.
func KeywordCategoryByAmount(rng *mrand.Rand) string {
	order := []string{"amount_desc", "amount_asc"}[rng.Intn(2)]
	return fmt.Sprintf("%s?q=%s&categories=%s&minAmount=%d&sort=%s", KindPath(rng), url.QueryEscape(Keyword(rng, Shared().Zipf(rng))),
		Categories[rng.Intn(7)], 1+rng.Intn(9000), order)
}

// Mix is the mix of the search goals: plain pages 30%, keyword pages 40%,
// category, amount and place 20%, keyword, category and minimum by amount
// 10%.
func Mix(rng *mrand.Rand) string {
	switch x := rng.Intn(100); {
	case x < 30:
		return PlainPage(rng)
	case x < 70:
		return KeywordPage(rng)
	case x < 90:
		return CategoryAmountLocation(rng)
	default:
		return KeywordCategoryByAmount(rng)
	}
}

// HardMix is the harder mix of the search goals: random three-letter
// substrings, two-letter and several-word keywords, several categories,
// verified and reliable posters only, status=open, both amount orders and
// pages up to 60.
func HardMix(rng *mrand.Rand) string {
	words := Shared().Words
	v := url.Values{}
	z := Shared().Zipf(rng)
	switch rng.Intn(4) {
	case 0:
		const letters = "abcdefghijklmnopqrstuvwxyz"
		v.Set("q", string([]byte{letters[rng.Intn(26)], letters[rng.Intn(26)], letters[rng.Intn(26)]}))
	case 1:
		if w := words[z.Uint64()]; len(w) >= 2 {
			v.Set("q", w[:2])
		}
	case 2:
		several := []string{words[z.Uint64()], words[z.Uint64()]}
		if rng.Intn(2) == 0 {
			several = append(several, words[z.Uint64()])
		}
		v.Set("q", strings.Join(several, " "))
	}
	if n := rng.Intn(4); n > 0 {
		cats := make([]string, n)
		for i := range cats {
			cats[i] = Categories[rng.Intn(7)]
		}
		v.Set("categories", strings.Join(cats, ","))
	}
	if rng.Intn(4) == 0 {
		v.Set("verified", "true")
	}
	if rng.Intn(6) == 0 {
		v.Set("reliable", "true")
	}
	if rng.Intn(2) == 0 {
		v.Set("status", "open")
	} else {
		v.Set("status", "all")
	}
	v.Set("sort", []string{"newest", "amount_asc", "amount_desc"}[rng.Intn(3)])
	v.Set("page", strconv.Itoa(1+rng.Intn(60)))
	return KindPath(rng) + "?" + v.Encode()
}
