package search_test

import (
	"fmt"
	"testing"

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
