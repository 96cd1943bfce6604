package listings_test

import (
	"fmt"
	mrand "math/rand"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/when"
)

// corpus makes listings that read like real ones as far as an index can
// tell: a long-tail vocabulary (a few words very common, most rare: a Zipf
// law over 50,000 words), five-word titles, forty-word descriptions with
// some punctuation, 1-2 of the 7 categories, amounts 1-10,000, nine cities
// and one listing in ten without a location.
type corpus struct {
	words []string
}

var benchCities = []string{"Pune", "Mumbai", "Bengaluru", "Delhi", "Chennai", "Lagos", "Nairobi", "London", "New York"}

var benchCategories = []string{"Education", "Healthcare", "Technology", "Environment", "Arts", "Community", "Business"}

func newCorpus() *corpus {
	// Pronounceable, distinct pseudo-words: consonant-vowel syllables.
	cons := strings.Split("b c d f g h j k l m n p r s t v w y z ch sh th st pr tr", " ")
	vows := strings.Split("a e i o u ai ea oo", " ")
	rng := mrand.New(mrand.NewSource(42))
	seen := map[string]bool{}
	c := &corpus{}
	for len(c.words) < 50000 {
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
			c.words = append(c.words, w)
		}
	}
	return c
}

// zipf draws word ranks: rank 0 is the most common word.
func (c *corpus) zipf(rng *mrand.Rand) *mrand.Zipf {
	return mrand.NewZipf(rng, 1.07, 2, uint64(len(c.words)-1))
}

func (c *corpus) text(rng *mrand.Rand, z *mrand.Zipf, n int, punctuate bool) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		w := c.words[z.Uint64()]
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

// seedListings inserts n listings of a table, oldest first, in one
// transaction with one prepared statement (the change log triggers fire as
// for any write).
func (c *corpus) seedListings(app core.App, table string, owners []string, n int, seed int64) error {
	rng := mrand.New(mrand.NewSource(seed))
	z := c.zipf(rng)
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
		defer q.Close()
		for i := 0; i < n; i++ {
			cats := `["` + benchCategories[rng.Intn(7)] + `"]`
			if rng.Intn(3) == 0 {
				cats = `["` + benchCategories[rng.Intn(7)] + `","` + benchCategories[rng.Intn(7)] + `"]`
			}
			loc := ""
			if rng.Intn(10) != 0 {
				loc = benchCities[rng.Intn(len(benchCities))]
			}
			created := when.Stored(base.Add(time.Duration(i) * time.Minute))
			_, err := q.Bind(map[string]any{
				"id":      fmt.Sprintf("b%014d", i),
				"title":   c.text(rng, z, 5, false),
				"desc":    c.text(rng, z, 40, true),
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
