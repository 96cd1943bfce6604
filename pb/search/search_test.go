package search_test

import (
	"testing"

	"sponsorbridge/pb/internal/testutil"
	"sponsorbridge/pb/search"
)

// A schema change that rebuilds a table drops its triggers; Ensure must
// notice, recreate them and refill the index from the table.
func TestEnsureRepairsAMissingTrigger(t *testing.T) {
	app := testutil.NewApp(t, nil)
	defer app.Cleanup()
	dan := testutil.CreateMember(t, app, "dan", testutil.MemberOpts{})

	if _, err := app.DB().NewQuery("DROP TRIGGER sponsorships_fts_ai").Execute(); err != nil {
		t.Fatal(err)
	}
	testutil.CreateListing(t, app, "sponsorships", dan, testutil.ListingOpts{Title: "Unindexed telescope"})

	count := func() int {
		var n int
		if err := app.DB().NewQuery(`SELECT count(*) FROM sponsorships_fts WHERE sponsorships_fts MATCH '"telescope"'`).Row(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if count() != 0 {
		t.Fatal("expected the listing to be missing from the index while the trigger is gone")
	}
	if err := search.Ensure(app); err != nil {
		t.Fatal(err)
	}
	if count() != 1 {
		t.Error("Ensure did not rebuild the index")
	}
	testutil.CreateListing(t, app, "sponsorships", dan, testutil.ListingOpts{Title: "Second telescope"})
	if count() != 2 {
		t.Error("Ensure did not recreate the insert trigger")
	}
}

func TestIndexFollowsUpdatesAndDeletes(t *testing.T) {
	app := testutil.NewApp(t, nil)
	defer app.Cleanup()
	dan := testutil.CreateMember(t, app, "dan", testutil.MemberOpts{})
	r := testutil.CreateListing(t, app, "sponsorship_requests", dan, testutil.ListingOpts{Title: "Old title", Description: "Violin lessons"})
	has := func(phrase string) bool {
		var n int
		err := app.DB().NewQuery(`SELECT count(*) FROM sponsorship_requests_fts WHERE sponsorship_requests_fts MATCH {:q}`).
			Bind(map[string]any{"q": `"` + phrase + `"`}).Row(&n)
		if err != nil {
			t.Fatal(err)
		}
		return n > 0
	}
	if !has("violin") || !has("old tit") {
		t.Fatal("new listing not indexed")
	}
	r.Set("title", "Cello lessons")
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
	if has("old tit") || !has("cello") {
		t.Error("update not reflected in the index")
	}
	if err := app.Delete(r); err != nil {
		t.Fatal(err)
	}
	if has("cello") || has("violin") {
		t.Error("delete not reflected in the index")
	}
}
