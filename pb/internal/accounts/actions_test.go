package accounts_test

import (
	"errors"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/refusal"
	"sponsorbridge/pb/internal/testutil"
)

// The account actions called directly, without HTTP: each refusal with its
// kind and the words the routes answer.
func TestActionsRefuse(t *testing.T) {
	t.Parallel()
	cfg := testutil.Config()
	cfg.MailDevMailbox = false
	app := apptest.NewApp(t, cfg)
	seedMembers(t, app)
	noMail := func(core.App, string) error { t.Fatal("no code is mailed"); return nil }

	_, err := accounts.Register(app, accounts.RegisterRequest{DisplayName: "Ann", Username: "ab", Password: "secret1"}, noMail)
	r := testutil.WantRefusal(t, err, refusal.Invalid, "Please check the highlighted fields.")
	if r.Fields.Error() != "username: Username must be at least 3 characters." {
		t.Fatalf("fields: %v", r.Fields)
	}
	_, err = accounts.Register(app, accounts.RegisterRequest{DisplayName: "Ann", Username: "PRIYA", Password: "secret1"}, noMail)
	r = testutil.WantRefusal(t, err, refusal.Invalid, "Please check the highlighted fields.")
	if r.Fields.Error() != "username: Username is already taken." {
		t.Fatalf("fields: %v", r.Fields)
	}
	_, err = accounts.Register(app, accounts.RegisterRequest{DisplayName: "Ann", Username: "ann", Password: "secret1", Email: "ann@example.com"}, noMail)
	testutil.WantRefusal(t, err, refusal.Unavailable, "E-mail is not set up on this server yet, so we cannot confirm an address. "+
		"Leave the e-mail address empty to register now; you can add it later in Settings.")
	ann, err := accounts.Register(app, accounts.RegisterRequest{DisplayName: " Ann ", Username: "ann", Password: "secret1"}, noMail)
	if err != nil || ann.GetString("displayName") != "Ann" || ann.GetBool("isAdmin") {
		t.Fatalf("registering: %v", err)
	}

	var began []string
	begin := func(username, memberID string) error { began = append(began, username+"|"+memberID); return nil }
	_, err = accounts.Login(app, accounts.LoginRequest{Username: "ann"}, begin)
	testutil.WantRefusal(t, err, refusal.Invalid, "Please check the highlighted fields.")
	if len(began) != 0 {
		t.Fatal("an incomplete form opened the sign-in lock")
	}
	_, err = accounts.Login(app, accounts.LoginRequest{Username: "ann", Password: "wrong one"}, begin)
	testutil.WantRefusal(t, err, refusal.NotSignedIn, "Invalid username or password.")
	_, err = accounts.Login(app, accounts.LoginRequest{Username: "nobody", Password: "secret1"}, begin)
	testutil.WantRefusal(t, err, refusal.NotSignedIn, "Invalid username or password.")
	if len(began) != 2 || began[0] != "ann|"+ann.Id || began[1] != "nobody|" {
		t.Fatalf("the lock was opened for %v", began)
	}
	locked := errors.New("locked")
	if _, err := accounts.Login(app, accounts.LoginRequest{Username: "ann", Password: "secret1"}, func(string, string) error { return locked }); !errors.Is(err, locked) {
		t.Fatalf("a locked account answers the lock's refusal, got %v", err)
	}
	if m, err := accounts.Login(app, accounts.LoginRequest{Username: " ANN ", Password: "secret1"}, begin); err != nil || m.Id != ann.Id {
		t.Fatalf("signing in: %v", err)
	}

	key := testutil.Find(t, app, "users", ann.Id).TokenKey()
	if err := accounts.SignOutEverywhere(app, ann.Id); err != nil {
		t.Fatal(err)
	}
	if testutil.Find(t, app, "users", ann.Id).TokenKey() == key {
		t.Fatal("signing out everywhere kept the token key")
	}
}
