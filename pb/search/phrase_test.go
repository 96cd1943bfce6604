package search_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"sponsorbridge/pb/search"
	"sponsorbridge/pb/search/searchtest"
)

// A keyword of several runs ("r ro") is checked against the text; when a
// poster's listings lead the walk and the first page also counts, every
// candidate after the first batch must still be read. (Found by the
// reference test: a poster's listings past the first 64 went missing.)
func TestAPhraseOverAPostersListingsFindsThemAll(t *testing.T) {
	t.Parallel()
	src := searchtest.NewSource()
	for i := range 150 {
		title := fmt.Sprintf("Cleanup %d along the river road", i)
		if i%3 == 0 {
			title = fmt.Sprintf("Cleanup %d by the riverside", i) // "r" and "ro" runs but not the phrase
		}
		for _, poster := range []string{"pia", "ozzy"} {
			src.Insert("offers", search.Listing{Title: title, Description: "d", Amount: 100, Categories: []string{"Arts"}, PosterID: poster})
		}
	}
	e := newEngine(t, src, search.Config{})
	for _, byPage := range []bool{true, false} {
		got, first := readAll(t, e, "offers", search.Filter{Keyword: "r RO", PosterID: "pia"}, search.Newest, 7, byPage)
		if len(got) != 100 || first.Total != 100 || first.Estimated {
			t.Fatalf("byPage=%v: %d found, total %d (estimated %v), want 100", byPage, len(got), first.Total, first.Estimated)
		}
	}
}

// blockingTexts holds every read of candidates' text until released.
type blockingTexts struct {
	*searchtest.Source
	entered, release chan struct{}
}

func (b blockingTexts) Texts(ctx context.Context, table string, rowids []int64, visit func(int64, string, string)) error {
	b.entered <- struct{}{}
	<-b.release
	return b.Source.Texts(ctx, table, rowids, visit)
}

// Queries that read their candidates' text take one of VerifySlots; one
// more waits VerifyWait and fails with ErrBusy, while every other query
// goes on. (Unbounded, such queries held every list request up for
// seconds at a million listings.)
func TestTextReadingQueriesAreBounded(t *testing.T) {
	t.Parallel()
	src := blockingTexts{Source: searchtest.NewSource(), entered: make(chan struct{}, 4), release: make(chan struct{})}
	for i := range 20 {
		src.Insert("offers", search.Listing{Title: fmt.Sprintf("Cleanup %d along the river road", i), Description: "d", Amount: 100,
			Categories: []string{"Arts"}, PosterID: "pia"})
	}
	tune := search.DefaultTuning()
	tune.VerifySlots, tune.VerifyWait = 1, 50*time.Millisecond
	e := newEngine(t, src, search.Config{Tuning: &tune})
	phrase := &search.Query{Filter: search.Filter{Keyword: "river road"}, Limit: 10}
	first := make(chan error, 1)
	go func() {
		_, err := e.Search(context.Background(), "offers", phrase)
		first <- err
	}()
	<-src.entered // the first holds the one slot, reading
	if _, err := e.Search(context.Background(), "offers", phrase); !errors.Is(err, search.ErrBusy) {
		t.Fatalf("a second phrase while the slot is held: %v, want ErrBusy", err)
	}
	if res, err := e.Search(context.Background(), "offers", &search.Query{Filter: search.Filter{Keyword: "river"}, Limit: 10}); err != nil ||
		len(res.Rowids) != 10 {
		t.Fatalf("a one-word keyword meanwhile: %v, %v", res, err)
	}
	close(src.release)
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	if res, err := e.Search(context.Background(), "offers", phrase); err != nil || len(res.Rowids) != 10 {
		t.Fatalf("the phrase once the slot is free: %v, %v", res, err)
	}
}

// The runs of a keyword of several runs are looked up where the text can
// hold them: the first at a term's end, the last at a term's start, one
// between them as a whole term. Those narrowed sets are cached and kept
// exact as listings come, go and change: a listing that gains the phrase
// is found, one that loses it is not, and terms that hold a run elsewhere
// ("sideways", "unclean") never make a listing a match.
func TestPhraseRunsSitAtTermEnds(t *testing.T) {
	t.Parallel()
	src := searchtest.NewSource()
	add := func(title string) int64 {
		return src.Insert("offers", search.Listing{Title: title, Description: "d", Amount: 100, Categories: []string{"Arts"}, PosterID: "pia"})
	}
	add("A riverside cleanup")             // "side clean" and "side clean up" no; "side cleanup" yes
	add("Sideways unclean streets")        // every run inside a term, none where the phrase needs it
	add("The countryside clean up")        // both phrases
	stale := add("A seaside clean up day") // both, until it is edited
	tune := search.DefaultTuning()
	tune.KeywordCacheMinTerms = 1 // every run's set is cached
	e := newEngine(t, src, search.Config{Tuning: &tune})

	titles := func(keyword string) []string {
		t.Helper()
		res, err := e.Search(context.Background(), "offers", &search.Query{Filter: search.Filter{Keyword: keyword}, Limit: 50, Total: true})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, r := range res.Rowids {
			l, _ := src.Get("offers", r)
			out = append(out, l.Title)
		}
		if res.Total != len(out) {
			t.Errorf("%q: total %d, %d listed", keyword, res.Total, len(out))
		}
		return out
	}
	check := func(keyword string, want ...string) {
		t.Helper()
		if got := titles(keyword); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%q: got %q, want %q", keyword, got, want)
		}
	}
	check("side clean", "A seaside clean up day", "The countryside clean up", "A riverside cleanup")
	check("side clean up", "A seaside clean up day", "The countryside clean up")
	check("ways uncl", "Sideways unclean streets")

	// Changes after the sets were cached.
	add("Lakeside clean up crew")
	src.Put("offers", stale, search.Listing{Title: "A seaside day", Description: "d", Amount: 100, Categories: []string{"Arts"}, PosterID: "pia"})
	check("side clean up", "Lakeside clean up crew", "The countryside clean up")
	check("side clean", "Lakeside clean up crew", "The countryside clean up", "A riverside cleanup")
}

// pausedTexts holds the first read of candidates' text until released.
type pausedTexts struct {
	*searchtest.Source
	reads            *int
	entered, release chan struct{}
}

func (p pausedTexts) Texts(ctx context.Context, table string, rowids []int64, visit func(int64, string, string)) error {
	*p.reads++
	if *p.reads == 1 {
		p.entered <- struct{}{}
		<-p.release
	}
	return p.Source.Texts(ctx, table, rowids, visit)
}

// A keyword read in batches keeps one plan (and an amount order's sorted
// matches) only while the index is unchanged: listings added or deleted
// between two batches, and applied by another query meanwhile, are seen.
func TestAPhraseReadInBatchesSeesChangesBetweenThem(t *testing.T) {
	t.Parallel()
	reads := 0
	src := pausedTexts{Source: searchtest.NewSource(), reads: &reads, entered: make(chan struct{}), release: make(chan struct{})}
	// Candidates that hold both words and their pair of neighbours but not
	// the phrase come first: their text is read (the first read) once they
	// could fill the page, and they do not.
	for i := range 21 {
		src.Insert("offers", search.Listing{Title: fmt.Sprintf("Cleanup %d upriver, silver roadster", i),
			Description: "d", Amount: int64(50 + i), Categories: []string{"Arts"}, PosterID: "pia"})
	}
	var rowids []int64
	for i := range 40 {
		rowids = append(rowids, src.Insert("offers", search.Listing{Title: fmt.Sprintf("Cleanup %d along the river road", i),
			Description: "d", Amount: int64(100 + i), Categories: []string{"Arts"}, PosterID: "pia"}))
	}
	// Few matches among many listings: the amount order sorts its matches
	// once (walkAmountOrScan) instead of walking every listing's amount.
	for i := range 2000 {
		src.Insert("offers", search.Listing{Title: fmt.Sprintf("Garden %d", i), Description: "d", Amount: int64(i),
			Categories: []string{"Arts"}, PosterID: "ozzy"})
	}
	tune := search.DefaultTuning()
	tune.VerifyBatch, tune.VerifyBatchMax, tune.VerifyBudget = 4, 4, 0
	e := newEngine(t, src, search.Config{Tuning: &tune})
	done := make(chan *search.Result, 1)
	go func() {
		res, err := e.Search(context.Background(), "offers", &search.Query{Filter: search.Filter{Keyword: "river road"}, Sort: search.AmountAsc, Limit: 20})
		if err != nil {
			t.Error(err)
		}
		done <- res
	}()
	<-src.entered      // six batches walked (the 21 others, amounts 100-102) and read
	gone := rowids[10] // amount 110: in a later batch
	src.Delete("offers", gone)
	added := src.Insert("offers", search.Listing{Title: "Cleanup by the river road", Description: "d", Amount: 111,
		Categories: []string{"Arts"}, PosterID: "pia"}) // also a later batch's
	if _, err := e.Search(context.Background(), "offers", &search.Query{Limit: 1}); err != nil { // applies the change
		t.Fatal(err)
	}
	close(src.release)
	res := <-done
	if res == nil {
		return
	}
	if len(res.Rowids) != 20 || reads < 2 {
		t.Errorf("%d listings in %d reads, want 20 in two or more", len(res.Rowids), reads)
	}
	if !slices.Contains(res.Rowids, added) || slices.Contains(res.Rowids, gone) {
		t.Errorf("a listing added between two batches shown: %v, a deleted one shown: %v",
			slices.Contains(res.Rowids, added), slices.Contains(res.Rowids, gone))
	}
}

// countedTexts counts the reads of candidates' text and the candidates read.
type countedTexts struct {
	*searchtest.Source
	reads, read *int
}

func (c countedTexts) Texts(ctx context.Context, table string, rowids []int64, visit func(int64, string, string)) error {
	*c.reads++
	*c.read += len(rowids)
	return c.Source.Texts(ctx, table, rowids, visit)
}

// A phrase whose candidates are walked in many batches reads their text
// once they could fill the page, not once a batch: fewer reads of the same
// candidates, and a common phrase reads no more than the page needs.
func TestAPhraseReadsTextOnceThePageCouldFill(t *testing.T) {
	t.Parallel()
	reads, read := 0, 0
	src := countedTexts{Source: searchtest.NewSource(), reads: &reads, read: &read}
	for i := range 300 {
		title := fmt.Sprintf("Cleanup %d upriver, silver roadster", i) // a candidate, not a match
		if i%100 == 7 {
			title = fmt.Sprintf("Cleanup %d along the river road", i)
		}
		src.Insert("offers", search.Listing{Title: title, Description: "d", Amount: int64(i), Categories: []string{"Arts"}, PosterID: "pia"})
	}
	tune := search.DefaultTuning()
	tune.VerifyBatch, tune.VerifyBatchMax = 4, 16
	e := newEngine(t, src, search.Config{Tuning: &tune})
	for _, s := range []search.Sort{search.Newest, search.AmountAsc, search.AmountDesc} {
		reads, read = 0, 0
		res, err := e.Search(context.Background(), "offers", &search.Query{Filter: search.Filter{Keyword: "river road"}, Sort: s, Limit: 20, Total: true})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Rowids) != 3 || res.Total != 3 || res.Estimated {
			t.Errorf("sort %d: %d listings, total %d (estimated %v), want the 3 matches", s, len(res.Rowids), res.Total, res.Estimated)
		}
		// Walked in 20 batches (4, 8, then 16 at a time); a read waits for
		// 21 candidates (the page and one more).
		if read != 300 || reads > 1+300/21 {
			t.Errorf("sort %d: %d reads of %d texts, want each of the 300 candidates read once in at most %d reads", s, reads, read, 1+300/21)
		}
	}
	// Every candidate a match: each read is of what could fill the page.
	for i := range 300 {
		src.Insert("offers", search.Listing{Title: fmt.Sprintf("Cleanup %d by the river road", i), Description: "d",
			Amount: int64(1000 + i), Categories: []string{"Arts"}, PosterID: "pia"})
	}
	reads, read = 0, 0
	res, err := e.Search(context.Background(), "offers", &search.Query{Filter: search.Filter{Keyword: "river road"}, Sort: search.Newest, Limit: 20})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Rowids) != 20 || !res.HasMore || reads != 1 || read > 21+16 {
		t.Errorf("%d listings (more %v) in %d reads of %d texts, want 20 of one read of at most 37", len(res.Rowids), res.HasMore, reads, read)
	}
}
