// Package benchdata makes listings that read like real ones for the
// benchmarks (make bench) and the load tool (make load): a long-tail
// vocabulary, titles, descriptions, categories and cities.
package benchdata

import (
	"fmt"
	mrand "math/rand"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/when"
)

// Corpus makes listings that read like real ones as far as an index can
// tell: a long-tail vocabulary (a few words very common, most rare: a Zipf
// law over 50,000 words), five-word titles, forty-word descriptions with
// some punctuation, 1-2 of the 7 categories, amounts 1-10,000, nine cities
// and one listing in ten without a location.
type Corpus struct {
	// Words are the vocabulary, the most common first.
	Words []string
}

// Cities are the listings' locations.
var Cities = []string{"Pune", "Mumbai", "Bengaluru", "Delhi", "Chennai", "Lagos", "Nairobi", "London", "New York"}

// Categories are the 7 categories.
var Categories = []string{"Education", "Healthcare", "Technology", "Environment", "Arts", "Community", "Business"}

// NewCorpus makes the vocabulary (always the same).
func NewCorpus() *Corpus {
	// Pronounceable, distinct pseudo-words: consonant-vowel syllables.
	cons := strings.Split("b c d f g h j k l m n p r s t v w y z ch sh th st pr tr", " ")
	vows := strings.Split("a e i o u ai ea oo", " ")
	rng := mrand.New(mrand.NewSource(42))
	seen := map[string]bool{}
	c := &Corpus{}
	for len(c.Words) < 50000 {
		n := 1 + rng.Intn(4)
		var b strings.Builder
		for i := 0; i < n; i++ {
			b.WriteString(cons[rng.Intn(len(cons))])
			b.WriteString(vows[rng.Intn(len(vows))])
		}
		if rng.Intn(3) == 0 {
			b.WriteString(cons[rng.Intn(len(cons))])
		}
		w := b.String()
		if len(w) >= 3 && !seen[w] {
			seen[w] = true
			c.Words = append(c.Words, w)
		}
	}
	return c
}

// Zipf draws word ranks: rank 0 is the most common word.
func (c *Corpus) Zipf(rng *mrand.Rand) *mrand.Zipf {
	return mrand.NewZipf(rng, 1.07, 2, uint64(len(c.Words)-1))
}

// Text is n words drawn by z, the first capitalised, punctuated if asked.
func (c *Corpus) Text(rng *mrand.Rand, z *mrand.Zipf, n int, punctuate bool) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		w := c.Words[z.Uint64()]
		if i == 0 {
			w = strings.ToUpper(w[:1]) + w[1:]
		}
		b.WriteString(w)
		if punctuate && rng.Intn(9) == 0 {
			b.WriteString([]string{",", ".", ";", ":"}[rng.Intn(4)])
		}
	}
	return b.String()
}

// SeedListings inserts n listings of a table, oldest first, in one
// transaction with one prepared statement (the change log triggers fire as
// for any write).
func (c *Corpus) SeedListings(app core.App, table string, owners []string, n int, seed int64) error {
	rng := mrand.New(mrand.NewSource(seed))
	z := c.Zipf(rng)
	amountField, extraCols, extraVals := "amount", "", ""
	if table == "sponsorship_requests" {
		amountField, extraCols, extraVals = "requestedAmount", ", status, eventDate", ", 'open', ''"
	}
	base := time.Now().Add(-time.Duration(n) * time.Minute)
	return app.RunInTransaction(func(tx core.App) error {
		q := tx.DB().NewQuery(fmt.Sprintf(`INSERT INTO %s (id, title, description, %s, location, categories, user,
			approved, reviewed, rejectionReason, created, updated%s)
			VALUES ({:id}, {:title}, {:desc}, {:amount}, {:loc}, {:cats}, {:user}, 0, 0, '', {:created}, {:created}%s)`,
			table, amountField, extraCols, extraVals)).Prepare()
		defer func() { _ = q.Close() }()
		for i := 0; i < n; i++ {
			cats := `["` + Categories[rng.Intn(7)] + `"]`
			if rng.Intn(3) == 0 {
				cats = `["` + Categories[rng.Intn(7)] + `","` + Categories[rng.Intn(7)] + `"]`
			}
			loc := ""
			if rng.Intn(10) != 0 {
				loc = Cities[rng.Intn(len(Cities))]
			}
			created := when.Stored(base.Add(time.Duration(i) * time.Minute))
			_, err := q.Bind(map[string]any{
				"id":      fmt.Sprintf("b%014d", i),
				"title":   c.Text(rng, z, 5, false),
				"desc":    c.Text(rng, z, 40, true),
				"amount":  1 + rng.Intn(10000),
				"loc":     loc,
				"cats":    cats,
				"user":    owners[rng.Intn(len(owners))],
				"created": created,
			}).Execute()
			if err != nil {
				return err
			}
		}
		return nil
	})
}
