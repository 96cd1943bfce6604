package accounts_test

import (
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"golang.org/x/crypto/bcrypt"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// The decoy an unknown name's sign-in checks costs what a member's password
// costs: the users collection's cost (the minimum in test apps), and
// PocketBase's default when the collection sets none.
func TestDecoyCostsWhatAMembersPasswordCosts(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	member := testutil.Find(t, app, "users", testutil.CreateMember(t, app, "decoy", testutil.MemberOpts{}).Id)
	want, err := bcrypt.Cost([]byte(member.GetRaw("password").(*core.PasswordFieldValue).Hash))
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := bcrypt.Cost(accounts.DecoyHash(app)); got != want {
		t.Errorf("decoy cost %d, a member's password cost %d", got, want)
	}

	users, err := app.FindCollectionByNameOrId("users")
	if err != nil {
		t.Fatal(err)
	}
	users.Fields.GetByName("password").(*core.PasswordField).Cost = 0
	if err := app.Save(users); err != nil {
		t.Fatal(err)
	}
	if got, _ := bcrypt.Cost(accounts.DecoyHash(app)); got != bcrypt.DefaultCost {
		t.Errorf("decoy cost %d with no cost set, want bcrypt's default %d", got, bcrypt.DefaultCost)
	}
}
