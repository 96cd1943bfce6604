package search_test

import (
	"context"
	"errors"
	"fmt"
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
