package search_test

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"sponsorbridge/pb/search"
	"sponsorbridge/pb/search/searchtest"
)

// The reverse question: for every listing, the stored filters a percolator
// says it satisfies are exactly those the plain rules say, and so does
// Engine.Match for each filter.
func TestPercolatorEqualsTheRules(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(searchtest.Seed(t, 20261125), 13))
	src := searchtest.NewSource()
	posters := seed(src, rng, categories, 400)
	e := newEngine(t, src, search.Config{})
	checkPercolator(t, e, src, rng, categories, posters, 300)
}

func checkPercolator(t *testing.T, e *search.Engine, src *searchtest.Source, rng *rand.Rand, cats, posters []string, n int) {
	t.Helper()
	for _, tb := range tables {
		docs := src.Docs(tb.Name)
		p := e.NewPercolator()
		filters := map[string]search.Filter{}
		for i := range n {
			f := searchtest.Filter(rng, docs, cats, posters, tb.Dated)
			f.IncludeHidden = false // saved searches never see hidden listings
			id := "f" + strconv.Itoa(i)
			if !p.Put(id, f) {
				t.Fatalf("filter %d refused", i)
			}
			filters[id] = f
		}
		// Replacing and removing keep the files straight.
		p.Remove("f0")
		delete(filters, "f0")
		p.Put("f1", filters["f2"])
		filters["f1"] = filters["f2"]
		if p.Len() != len(filters) {
			t.Fatalf("%d filters stored, want %d", p.Len(), len(filters))
		}

		for i := range docs {
			d := &docs[i]
			var want []string
			for id, f := range filters {
				if searchtest.Match(d, f, clock.Unix()) {
					want = append(want, id)
				}
				if i%40 == 0 && e.Match(&f, &d.Listing) != searchtest.Match(d, f, clock.Unix()) {
					t.Fatalf("%s listing %d: Match(%s) is %v", tb.Name, d.Rowid, describe(f), !searchtest.Match(d, f, clock.Unix()))
				}
			}
			slices.Sort(want)
			if got := p.Match(&d.Listing); !slices.Equal(got, want) {
				t.Fatalf("%s listing %d (%q): got %v, want %v", tb.Name, d.Rowid, d.Title, got, want)
			}
		}
	}
}

// A filter naming a category the engine does not know is refused; a
// listing's unknown category is left out and its known ones count.
func TestPercolatorAndUnknownCategories(t *testing.T) {
	t.Parallel()
	e := newEngine(t, searchtest.NewSource(), search.Config{})
	p := e.NewPercolator()
	if p.Put("x", search.Filter{Categories: []string{"Arts", "Knitting"}}) {
		t.Fatal("a filter with an unknown category was stored")
	}
	p.Put("arts", search.Filter{Categories: []string{"ARTS"}})
	p.Put("any", search.Filter{})
	got := p.Match(&search.Listing{Title: "t", Categories: []string{"Knitting", "arts"}})
	if !slices.Equal(got, []string{"any", "arts"}) {
		t.Fatalf("got %v", got)
	}
}

// 10,000 saved searches: what checking one new listing against all of
// them costs (make bench runs it).
func BenchmarkPercolate10k(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	src := searchtest.NewSource()
	posters := seed(src, rng, categories, 300)
	e := newEngine(b, src, search.Config{})
	docs := src.Docs(tables[0].Name)
	p := e.NewPercolator()
	for i := range 10000 {
		f := searchtest.Filter(rng, docs, categories, posters, false)
		f.IncludeHidden = false
		p.Put(strconv.Itoa(i), f)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		d := docs[i%len(docs)]
		l := d.Listing
		l.Status, l.EventUnix, l.Hidden = "", 0, false
		p.Match(&l)
	}
}
