package signin_test

import (
	"net/http"
	"testing"

	"sponsorbridge/pb/internal/testutil"
)

// An account that has confirmed the same address is linked; one that holds
// the address unconfirmed is never taken over.
func TestGoogleLinksOnlyConfirmedAccounts(t *testing.T) {
	t.Parallel()
	g := newFakeGoogle(t)

	t.Run("confirmed address: linked, nothing else changes", func(t *testing.T) {
		app := testutil.NewApp(t, g.config())
		priya := testutil.CreateMember(t, app, "priya", testutil.MemberOpts{Email: "amara@example.com"})
		priya.SetVerified(true)
		if err := app.Save(priya); err != nil {
			t.Fatal(err)
		}
		b := newBrowser(t, app)
		code, state := g.authorize(start(t, b, "/home"), amara)
		_, body, status := callback(b, code, state)
		if status != http.StatusOK {
			t.Fatalf("%d %s", status, body)
		}
		after := testutil.Find(t, app, "users", priya.Id)
		if countUsers(t, app) != 1 || len(googleLinks(t, app, amara.Sub)) != 1 ||
			after.GetString("displayName") != "Member priya" || !after.ValidatePassword(testutil.Password) {
			t.Fatalf("link changed the account or made another: %v", after.PublicExport())
		}
	})

	t.Run("unproven address: blocks nobody, not taken over", func(t *testing.T) {
		app := testutil.NewApp(t, g.config())
		priya := unproven(t, app, "priya", "amara@example.com")
		b := newBrowser(t, app)
		code, state := g.authorize(start(t, b, "/home"), amara)
		_, body, status := callback(b, code, state)
		if status != http.StatusCreated || !b.signedIn() {
			t.Fatalf("the address's owner was refused: %d %s", status, body)
		}
		after := testutil.Find(t, app, "users", priya.Id)
		links := googleLinks(t, app, amara.Sub)
		if countUsers(t, app) != 2 || len(links) != 1 || links[0].GetString("recordRef") == priya.Id {
			t.Fatal("the Google account was not given an account of its own")
		}
		if after.Verified() || after.Email() != "" || after.GetString("pendingEmail") != "amara@example.com" ||
			!after.ValidatePassword(testutil.Password) {
			t.Fatalf("the account holding the address unproven was changed or taken over: %v", after.PublicExport())
		}
	})

	t.Run("PocketBase's own OAuth2 route cannot bypass these rules", func(t *testing.T) {
		app := testutil.NewApp(t, g.config())
		b := newBrowser(t, app)
		verifier := "a-verifier-the-attacker-holds-0123456789-abcdef"
		code := g.issueFor(verifier, amara)
		rec := b.do(http.MethodPost, "/api/collections/users/auth-with-oauth2",
			`{"provider":"google","code":"`+code+`","codeVerifier":"`+verifier+`","redirectURL":"`+testutil.Origin+`/__/auth/handler"}`, nil)
		if rec.Code != http.StatusNotFound || countUsers(t, app) != 0 {
			t.Fatalf("PocketBase's route signed in: %d %s", rec.Code, rec.Body.String())
		}
	})
}
