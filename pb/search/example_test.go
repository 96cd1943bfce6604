package search_test

import (
	"context"
	"fmt"
	"log"
	"log/slog"

	"sponsorbridge/pb/search"
	"sponsorbridge/pb/search/searchtest"
)

// An engine over an in-memory source: a keyword and a category, by amount,
// a page at a time; a write followed through the feed; the reverse
// question.
func Example() {
	ctx := context.Background()
	src := searchtest.NewSource()
	src.SetVerified("ann", true)
	src.Insert("offers", search.Listing{Title: "Robotics kits", Description: "Arduino sets for a school club",
		Amount: 5000, Categories: []string{"Education"}, Location: "Pune", PosterID: "ann"}) // rowid 1
	src.Insert("offers", search.Listing{Title: "Football jerseys", Description: "For the village team",
		Amount: 1200, Categories: []string{"Community"}, Location: "Lagos", PosterID: "bo"}) // rowid 2
	src.Insert("offers", search.Listing{Title: "School library books", Description: "Two hundred titles",
		Amount: 800, Categories: []string{"Education"}, PosterID: "bo"}) // rowid 3

	e, err := search.New(search.Config{
		Source:     src,
		Tables:     []search.Table{{Name: "offers"}},
		Categories: []string{"Education", "Community"},
		Logger:     slog.New(slog.DiscardHandler),
	})
	if err != nil {
		log.Fatal(err)
	}
	e.Start()
	if err := e.Wait(ctx); err != nil {
		log.Fatal(err)
	}

	// "school" in any case, in Education, highest amount first, one per page.
	q := &search.Query{Filter: search.Filter{Keyword: "SCHOOL", Categories: []string{"education"}},
		Sort: search.AmountDesc, Limit: 1, Total: true}
	res, err := e.Search(ctx, "offers", q)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Rowids, "of", res.Total, "more:", res.HasMore)
	q.After, q.Total = res.Next, false
	res, _ = e.Search(ctx, "offers", q)
	fmt.Println(res.Rowids, "more:", res.HasMore)

	// A write reaches the next query through the source's feed.
	src.Insert("offers", search.Listing{Title: "School bus fuel", Amount: 3000, Categories: []string{"Education"}, PosterID: "bo"})
	res, _ = e.Search(ctx, "offers", &search.Query{Filter: search.Filter{Keyword: "school"}, Limit: 10})
	fmt.Println("newest first:", res.Rowids)
	res, _ = e.Search(ctx, "offers", &search.Query{Filter: search.Filter{VerifiedOnly: true}, Limit: 10})
	fmt.Println("verified posters:", res.Rowids)

	// The reverse question: which stored filters does a new listing satisfy?
	alerts := e.NewPercolator()
	alerts.Put("jerseys in Lagos", search.Filter{Keyword: "jersey", Location: "lagos"})
	alerts.Put("anything for schools", search.Filter{Keyword: "school"})
	fmt.Println(alerts.Match(&search.Listing{Title: "Jerseys for the school team", Location: "Lagos, Nigeria"}))
	// Output:
	// [1] of 2 more: true
	// [3] more: false
	// newest first: [4 3 1]
	// verified posters: [1]
	// [anything for schools jerseys in Lagos]
}
