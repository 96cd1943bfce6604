package search_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"testing"

	"sponsorbridge/pb/search"
	"sponsorbridge/pb/search/searchtest"
)

// A configuration the engine cannot serve is refused with an error, never a
// panic.
func TestNewRefusesABadConfig(t *testing.T) {
	t.Parallel()
	src := searchtest.NewSource()
	badTuning := search.DefaultTuning()
	badTuning.AmountBuckets = 0
	for name, cfg := range map[string]search.Config{
		"no source":             {Tables: tables, Categories: categories},
		"no tables":             {Source: src, Categories: categories},
		"a table twice":         {Source: src, Tables: []search.Table{{Name: "a"}, {Name: "a"}}},
		"a table without name":  {Source: src, Tables: []search.Table{{}}},
		"an empty category":     {Source: src, Tables: tables, Categories: []string{"Arts", ""}},
		"a category twice":      {Source: src, Tables: tables, Categories: []string{"Arts", "Music", "ARTS"}},
		"a zero bucket count":   {Source: src, Tables: tables, Tuning: &badTuning},
		"Kelvin and k the same": {Source: src, Tables: tables, Categories: []string{"\u212a", "k"}},
	} {
		e, err := search.New(cfg)
		if !errors.Is(err, search.ErrConfig) || e != nil {
			t.Errorf("%s: New answered %v, %v; want ErrConfig", name, e, err)
		}
	}
}

// Any number of categories: with 200 (four words of bits and more than
// the byte the engine once had), searches, facets and the percolator still
// equal the reference, including the categories past the first 8 and 64.
func TestManyCategories(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(searchtest.Seed(t, 20261125), 29))
	cats := make([]string, 200)
	for i := range cats {
		cats[i] = "Category " + strconv.Itoa(i)
	}
	src := searchtest.NewSource()
	posters := seed(src, rng, cats, 400)
	e := newEngine(t, src, search.Config{Categories: cats})
	compare(t, e, src, rng, cats, posters, 150, true)
	checkPercolator(t, e, src, rng, cats, posters, 100)

	for _, tb := range tables {
		docs := src.Docs(tb.Name)
		rowids := searchtest.Rowids(docs)
		facets := e.Facets(tb.Name, rowids)
		if len(facets) != len(docs) {
			t.Fatalf("%d facets for %d listings", len(facets), len(docs))
		}
		for i, f := range facets {
			// Facets name the categories in the configured order.
			want := []string{}
			for _, c := range cats {
				for _, mine := range docs[i].Categories {
					if mine == c {
						want = append(want, c)
						break
					}
				}
			}
			if fmt.Sprint(f.Categories) != fmt.Sprint(want) || f.Amount != docs[i].Amount || f.Rowid != docs[i].Rowid {
				t.Fatalf("listing %d: facet %+v, want categories %v amount %d", docs[i].Rowid, f, want, docs[i].Amount)
			}
		}
	}
	// The last category, by another spelling, finds exactly its listings.
	f := search.Filter{Categories: []string{"CATEGORY 199"}}
	for _, tb := range tables {
		got, _ := readAll(t, e, tb.Name, f, search.Newest, 50, false)
		want := searchtest.Rowids(searchtest.Search(src.Docs(tb.Name), f, search.Newest, clock.Unix()))
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("%s: category 199: got %v, want %v", tb.Name, head(got), head(want))
		}
	}
}
