package main

import (
	"path/filepath"
	"testing"

	"sponsorbridge/pb/internal/testutil"
)

// The writer's changes are real rows of the real schema, and the server's
// change log records each of them (the path the last phase measures).
func TestSQLWriterInsertsAndEditsBothKinds(t *testing.T) {
	app := testutil.NewApp(t, testutil.Config())
	owner := testutil.CreateMember(t, app, "poster", testutil.MemberOpts{})
	offer := testutil.CreateListing(t, app, "sponsorships", owner, testutil.ListingOpts{Title: "Old offer title"})
	request := testutil.CreateListing(t, app, "sponsorship_requests", owner, testutil.ListingOpts{Title: "Old request title"})
	count := func(q string) int {
		t.Helper()
		var n int
		if err := app.DB().NewQuery(q).Row(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	logged := count(`SELECT COUNT(*) FROM _search_changes`)

	w, err := openSQLWriter(filepath.Join(app.DataDir(), "data.db"), []string{"robotics", "library", "marathon"})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	for range 4 { // an insert and an edit of each kind
		if err := w.write(); err != nil {
			t.Fatal(err)
		}
	}
	for _, table := range []string{"sponsorships", "sponsorship_requests"} {
		if n := count(`SELECT COUNT(*) FROM ` + table); n != 2 {
			t.Errorf("%s holds %d listings after one insert, want 2", table, n)
		}
	}
	for _, r := range []struct{ table, id, old string }{{"sponsorships", offer.Id, "Old offer title"}, {"sponsorship_requests", request.Id, "Old request title"}} {
		got := testutil.Find(t, app, r.table, r.id).GetString("title")
		if got == r.old {
			t.Errorf("%s %s was not edited", r.table, r.id)
		}
	}
	if got := count(`SELECT COUNT(*) FROM _search_changes`) - logged; got < 4 {
		t.Errorf("the change log gained %d entries for 4 writes", got)
	}
}
