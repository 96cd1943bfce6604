package savedsearch_test

import (
	"fmt"
	"testing"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/refusal"
	"sponsorbridge/pb/internal/savedsearch"
	"sponsorbridge/pb/internal/testutil"
)

func TestSavedSearchActions(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	ann, bob := testutil.FindByUsername(t, app, "ann").Id, testutil.FindByUsername(t, app, "bob").Id
	gone := "gone12345678901"

	// create
	_, err := savedsearch.Create(app, ann, savedsearch.NewSearch{Name: "  ", Kind: "requests"})
	testutil.WantRefusal(t, err, refusal.Invalid, refusal.CheckFields, "name")
	_, err = savedsearch.Create(app, ann, savedsearch.NewSearch{Name: "x", Kind: "offers"})
	testutil.WantRefusal(t, err, refusal.Invalid, refusal.CheckFields, "kind")
	_, err = savedsearch.Create(app, ann, savedsearch.NewSearch{Name: "x", Kind: "requests",
		Query: listings.StoredFilter{Categories: []string{"Nope"}}})
	testutil.WantRefusal(t, err, refusal.Invalid, refusal.CheckFields, "query")
	_, err = savedsearch.Create(app, gone, savedsearch.NewSearch{Name: "x", Kind: "requests"})
	testutil.WantRefusal(t, err, refusal.NotSignedIn, "You are not signed in.", "")
	r, err := savedsearch.Create(app, ann, savedsearch.NewSearch{Name: " Pune schools ", Kind: "requests",
		Query: listings.StoredFilter{Location: "Pune"}})
	if err != nil || r.GetString("name") != "Pune schools" || r.GetString("user") != ann || r.GetBool("paused") {
		t.Fatalf("created %v, %v", r, err)
	}
	for i := 2; i < savedsearch.MaxPerMember; i++ {
		if _, err := savedsearch.Create(app, ann, savedsearch.NewSearch{Name: fmt.Sprint(i), Kind: "requests"}); err != nil {
			t.Fatal(err)
		}
	}
	_, err = savedsearch.Create(app, ann, savedsearch.NewSearch{Name: "one too many", Kind: "requests"})
	testutil.WantRefusal(t, err, refusal.Conflict, "You can keep at most 20 saved searches. Delete one to save another.", "")

	// update: rename, pause
	name, paused := "Schools in Pune", true
	_, err = savedsearch.Update(app, gone, r.Id, &savedsearch.SearchChange{Name: &name})
	testutil.WantRefusal(t, err, refusal.NotSignedIn, "You are not signed in.", "")
	_, err = savedsearch.Update(app, bob, r.Id, &savedsearch.SearchChange{Name: &name})
	testutil.WantRefusal(t, err, refusal.NotFound, "Saved search not found.", "")
	_, err = savedsearch.Update(app, ann, "missing12345678", nil)
	testutil.WantRefusal(t, err, refusal.NotFound, "Saved search not found.", "")
	_, err = savedsearch.Update(app, ann, r.Id, nil)
	testutil.WantRefusal(t, err, refusal.Invalid, "The request body is not valid JSON.", "")
	empty := " "
	_, err = savedsearch.Update(app, ann, r.Id, &savedsearch.SearchChange{Name: &empty})
	testutil.WantRefusal(t, err, refusal.Invalid, refusal.CheckFields, "name")
	r, err = savedsearch.Update(app, ann, r.Id, &savedsearch.SearchChange{Name: &name})
	if err != nil || r.GetString("name") != name || r.GetBool("paused") {
		t.Fatalf("renamed %v, %v", r, err)
	}
	r, err = savedsearch.Update(app, ann, r.Id, &savedsearch.SearchChange{Paused: &paused})
	if err != nil || r.GetString("name") != name || !r.GetBool("paused") {
		t.Fatalf("paused %v, %v", r, err)
	}

	// delete
	testutil.WantRefusal(t, savedsearch.Delete(app, gone, r.Id), refusal.NotSignedIn, "You are not signed in.", "")
	testutil.WantRefusal(t, savedsearch.Delete(app, bob, r.Id), refusal.NotFound, "Saved search not found.", "")
	if err := savedsearch.Delete(app, ann, r.Id); err != nil {
		t.Fatal(err)
	}
	testutil.WantRefusal(t, savedsearch.Delete(app, ann, r.Id), refusal.NotFound, "Saved search not found.", "")
}
