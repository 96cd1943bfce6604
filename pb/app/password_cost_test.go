package app_test

import (
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"golang.org/x/crypto/bcrypt"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
	_ "sponsorbridge/pb_migrations"
)

// Test apps hash passwords at bcrypt's minimum cost (testutil lowers it in
// its template: hashing was most of the tests' CPU); a server migrates its
// schema with PocketBase's cost, which the test template must not leak into.
func TestOnlyTestAppsHashCheaply(t *testing.T) {
	t.Parallel()
	costOf := func(t *testing.T, app core.App, collection string) int {
		t.Helper()
		c, err := app.FindCollectionByNameOrId(collection)
		if err != nil {
			t.Fatal(err)
		}
		f, ok := c.Fields.GetByName(core.FieldNamePassword).(*core.PasswordField)
		if !ok {
			t.Fatalf("%s has no password field", collection)
		}
		return f.Cost
	}

	// the schema as a server's first start migrates it
	migrated, err := tests.NewTestAppWithConfig(core.BaseAppConfig{DataDir: t.TempDir(), EncryptionEnv: "pb_test_env"})
	if err != nil {
		t.Fatal(err)
	}
	defer migrated.Cleanup()
	if c := costOf(t, migrated, "users"); c != 0 && c < bcrypt.DefaultCost {
		t.Errorf("the migrations set the members' password cost to %d, below bcrypt's default %d", c, bcrypt.DefaultCost)
	}
	if c := costOf(t, migrated, core.CollectionNameSuperusers); c != 0 && c < bcrypt.DefaultCost {
		t.Errorf("the migrations set the superusers' password cost to %d", c)
	}

	ta := apptest.NewApp(t, nil)
	defer ta.Cleanup()
	member := testutil.CreateMember(t, ta, "ana", testutil.MemberOpts{})
	if got, err := bcrypt.Cost([]byte(member.GetString(core.FieldNamePassword + ":hash"))); err != nil || got != bcrypt.MinCost {
		t.Errorf("a test member's password hash has cost %d (%v), want %d", got, err, bcrypt.MinCost)
	}
	if !member.ValidatePassword(testutil.Password) {
		t.Error("the test member's password does not check")
	}
}
