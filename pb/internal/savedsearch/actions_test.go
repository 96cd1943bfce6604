package savedsearch_test

import (
	"errors"
	"fmt"
	"testing"

	validation "github.com/pocketbase/ozzo-validation/v4"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/refusal"
	"sponsorbridge/pb/internal/savedsearch"
	"sponsorbridge/pb/internal/testutil"
)

// wantRefusal fails unless err is a refusal of kind with message (and, when
// field is set, an error for that field).
func wantRefusal(t *testing.T, err error, kind refusal.Kind, message, field string) {
	t.Helper()
	r, ok := refusal.As(err)
	if !ok {
		t.Fatalf("want a refusal %q, got %v", message, err)
	}
	if r.Kind != kind || r.Message != message {
		t.Fatalf("want refusal %d %q, got %d %q", kind, message, r.Kind, r.Message)
	}
	if field != "" {
		var fields validation.Errors
		if !errors.As(r.Fields, &fields) || fields[field] == nil {
			t.Fatalf("want a field error on %s, got %v", field, r.Fields)
		}
	}
}

func TestSavedSearchActions(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	ann, bob := testutil.FindByUsername(t, app, "ann").Id, testutil.FindByUsername(t, app, "bob").Id
	gone := "gone12345678901"

	// create
	_, err := savedsearch.Create(app, ann, savedsearch.NewSearch{Name: "  ", Kind: "requests"})
	wantRefusal(t, err, refusal.Invalid, refusal.CheckFields, "name")
	_, err = savedsearch.Create(app, ann, savedsearch.NewSearch{Name: "x", Kind: "offers"})
	wantRefusal(t, err, refusal.Invalid, refusal.CheckFields, "kind")
	_, err = savedsearch.Create(app, ann, savedsearch.NewSearch{Name: "x", Kind: "requests",
		Query: listings.StoredFilter{Categories: []string{"Nope"}}})
	wantRefusal(t, err, refusal.Invalid, refusal.CheckFields, "query")
	_, err = savedsearch.Create(app, gone, savedsearch.NewSearch{Name: "x", Kind: "requests"})
	wantRefusal(t, err, refusal.NotSignedIn, "You are not signed in.", "")
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
	wantRefusal(t, err, refusal.Conflict, "You can keep at most 20 saved searches. Delete one to save another.", "")

	// update: rename, pause
	name, paused := "Schools in Pune", true
	_, err = savedsearch.Update(app, gone, r.Id, &savedsearch.SearchChange{Name: &name})
	wantRefusal(t, err, refusal.NotSignedIn, "You are not signed in.", "")
	_, err = savedsearch.Update(app, bob, r.Id, &savedsearch.SearchChange{Name: &name})
	wantRefusal(t, err, refusal.NotFound, "Saved search not found.", "")
	_, err = savedsearch.Update(app, ann, "missing12345678", nil)
	wantRefusal(t, err, refusal.NotFound, "Saved search not found.", "")
	_, err = savedsearch.Update(app, ann, r.Id, nil)
	wantRefusal(t, err, refusal.Invalid, "The request body is not valid JSON.", "")
	empty := " "
	_, err = savedsearch.Update(app, ann, r.Id, &savedsearch.SearchChange{Name: &empty})
	wantRefusal(t, err, refusal.Invalid, refusal.CheckFields, "name")
	r, err = savedsearch.Update(app, ann, r.Id, &savedsearch.SearchChange{Name: &name})
	if err != nil || r.GetString("name") != name || r.GetBool("paused") {
		t.Fatalf("renamed %v, %v", r, err)
	}
	r, err = savedsearch.Update(app, ann, r.Id, &savedsearch.SearchChange{Paused: &paused})
	if err != nil || r.GetString("name") != name || !r.GetBool("paused") {
		t.Fatalf("paused %v, %v", r, err)
	}

	// delete
	wantRefusal(t, savedsearch.Delete(app, gone, r.Id), refusal.NotSignedIn, "You are not signed in.", "")
	wantRefusal(t, savedsearch.Delete(app, bob, r.Id), refusal.NotFound, "Saved search not found.", "")
	if err := savedsearch.Delete(app, ann, r.Id); err != nil {
		t.Fatal(err)
	}
	wantRefusal(t, savedsearch.Delete(app, ann, r.Id), refusal.NotFound, "Saved search not found.", "")
}
