package savedsearch_test

import (
	"fmt"
	"strings"
	"testing"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/savedsearch"
	"sponsorbridge/pb/internal/testutil"
)

// TestSavedListCostsNoQueryPerRow: a member's 20 saved searches cost the
// SQL their one does.
func TestSavedListCostsNoQueryPerRow(t *testing.T) {
	app := apptest.NewApp(t, nil)
	t.Cleanup(app.Cleanup)
	seed(t, app)
	ann := testutil.FindByUsername(t, app, "ann")
	h := testutil.Handler(t, app)
	q := testutil.WatchQueries(t, app)
	headers := testutil.Cookie(t, ann)
	one, body := q.Get(t, h, "/api/saved-searches", headers)
	if n := strings.Count(body, `"path":`); n != 1 {
		t.Fatalf("want 1 search, got %d: %s", n, body)
	}
	for i := 1; i < savedsearch.MaxPerMember; i++ {
		saveSearch(t, app, ann, fmt.Sprint("search ", i), "sponsorships", fmt.Sprintf(`{"minAmount":%d}`, i))
	}
	twenty, body := q.Get(t, h, "/api/saved-searches", headers)
	if n := strings.Count(body, `"path":`); n != savedsearch.MaxPerMember {
		t.Fatalf("want %d searches, got %d: %s", savedsearch.MaxPerMember, n, body)
	}
	t.Logf("one search costs %d queries, twenty %d", len(one), len(twenty))
	if len(one) == 0 || len(one) != len(twenty) {
		t.Errorf("one search costs %d queries, twenty %d:\n%s", len(one), len(twenty), strings.Join(twenty, "\n"))
	}
}
