package search_test

import (
	"fmt"
	"testing"

	"sponsorbridge/pb/internal/testutil"
	"sponsorbridge/pb/search"
)

// A keyword of several runs ("r ro") is checked against the text; when a
// poster's listings lead the walk and the first page also counts, every
// candidate after the first batch must still be read. (Found by the
// reference test: a poster's listings past the first 64 went missing.)
func TestAPhraseOverAPostersListingsFindsThemAll(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t, nil)
	defer app.Cleanup()
	pia := testutil.CreateMember(t, app, "pia", testutil.MemberOpts{})
	other := testutil.CreateMember(t, app, "ozzy", testutil.MemberOpts{})
	for i := range 150 {
		title := fmt.Sprintf("Cleanup %d along the river road", i)
		if i%3 == 0 {
			title = fmt.Sprintf("Cleanup %d by the riverside", i) // "r" and "ro" runs but not the phrase
		}
		testutil.CreateListing(t, app, "sponsorships", pia, testutil.ListingOpts{Title: title})
		testutil.CreateListing(t, app, "sponsorships", other, testutil.ListingOpts{Title: title})
	}
	e := newEngine(t, app)
	for _, byPage := range []bool{true, false} {
		got, first := readAll(t, e, "sponsorships", search.Filter{Keyword: "r RO", PosterID: pia.Id}, search.Newest, 7, byPage)
		if len(got) != 100 || first.Total != 100 || first.Estimated {
			t.Fatalf("byPage=%v: %d found, total %d (estimated %v), want 100", byPage, len(got), first.Total, first.Estimated)
		}
	}
}
