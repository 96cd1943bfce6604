package session

import (
	"os"
	"reflect"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// The resolver builds the very record PocketBase's own loader builds.
func TestResolverBuildsPocketBasesRecord(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	app, err := tests.NewTestAppWithConfig(core.BaseAppConfig{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer app.Cleanup()
	defer os.RemoveAll(dir)
	users, err := app.FindCollectionByNameOrId("users")
	if err != nil {
		t.Fatal(err)
	}
	u := core.NewRecord(users)
	u.SetEmail("ana@example.com")
	u.SetPassword("secret-pass-1")
	u.Set("username", "ana")
	u.Set("displayName", "Ana")
	if err := app.Save(u); err != nil {
		t.Fatal(err)
	}
	token, _ := u.NewAuthToken()
	r := newResolver(app)
	theirs, err := app.FindAuthRecordByToken(token, core.TokenTypeAuth)
	if err != nil {
		t.Fatal(err)
	}
	var mine *core.Record
	for round := range 2 { // loaded, then from the cache
		if mine, err = r.find(token); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(mine.FieldsData(), theirs.FieldsData()) || mine.IsNew() != theirs.IsNew() ||
			!reflect.DeepEqual(mine.Original().FieldsData(), theirs.Original().FieldsData()) {
			t.Errorf("round %d: records differ:\n%v\n%v", round, mine.FieldsData(), theirs.FieldsData())
		}
	}
	if len(r.cache.entries) != 1 {
		t.Fatalf("%d cached entries, want 1", len(r.cache.entries))
	}
	// Each request has its own copy: a change to one is not another's.
	mine.Set("displayName", "Ana B")
	if again, _ := r.find(token); again.GetString("displayName") != "Ana" {
		t.Errorf("another request read %q", again.GetString("displayName"))
	}
	// A change saved from the resolved record is a normal update, and the
	// next request reads it.
	if err := app.Save(mine); err != nil {
		t.Fatal(err)
	}
	if got, _ := app.FindRecordById("users", u.Id); got.GetString("displayName") != "Ana B" {
		t.Error("saving the resolved record did not update it")
	}
	if again, _ := r.find(token); again.GetString("displayName") != "Ana B" {
		t.Errorf("the next request read %q after the change", again.GetString("displayName"))
	}
	// A new token key (signing out everywhere) refuses the token at once.
	mine.RefreshTokenKey()
	if err := app.Save(mine); err != nil {
		t.Fatal(err)
	}
	if _, err := r.find(token); err == nil {
		t.Error("the token of an old key was accepted from the cache")
	}
	if _, err := r.find(token[:len(token)-3] + "abc"); err == nil {
		t.Error("a tampered token was accepted")
	}
}
