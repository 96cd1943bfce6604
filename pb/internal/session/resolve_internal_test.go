package session

import (
	"database/sql"
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
	r := &resolver{app: app, stmts: map[string]*sql.Stmt{}}
	mine, err := r.find(token)
	if err != nil {
		t.Fatal(err)
	}
	theirs, err := app.FindAuthRecordByToken(token, core.TokenTypeAuth)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(mine.FieldsData(), theirs.FieldsData()) || mine.IsNew() != theirs.IsNew() ||
		!reflect.DeepEqual(mine.Original().FieldsData(), theirs.Original().FieldsData()) {
		t.Errorf("records differ:\n%v\n%v", mine.FieldsData(), theirs.FieldsData())
	}
	// A change saved from the resolved record is a normal update.
	mine.Set("displayName", "Ana B")
	if err := app.Save(mine); err != nil {
		t.Fatal(err)
	}
	if got, _ := app.FindRecordById("users", u.Id); got.GetString("displayName") != "Ana B" {
		t.Error("saving the resolved record did not update it")
	}
	if _, err := r.find(token[:len(token)-3] + "abc"); err == nil {
		t.Error("a tampered token was accepted")
	}
}
