package signin_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/session"
	"sponsorbridge/pb/internal/testutil"
)

// googleSignIn is a Google sign-in through j: the start (its flow cookie
// binds the browser), the consent at the fake Google, and the callback
// from the same browser, checked as callback says. It answers the
// callback's answer.
func googleSignIn(t *testing.T, j *testutil.Journey, g *fakeGoogle, who googleUser, callback testutil.Call) testutil.Answer {
	t.Helper()
	started := j.Do(t, testutil.Call{Name: "the start", Method: http.MethodGet,
		URL:    "/api/auth/google/start?redirect=" + url.QueryEscape("/home"),
		Status: http.StatusSeeOther, Events: testutil.NoWrites()})
	flow := started.Cookie("sb_google_flow")
	if flow == "" {
		t.Fatal("the start set no flow cookie")
	}
	code, state := g.authorize(started.Header.Get("Location"), who)
	callback.Method, callback.URL = http.MethodPost, "/api/auth/google/callback"
	callback.Body = `{"code":"` + code + `","state":"` + state + `"}`
	callback.Headers = map[string]string{"Origin": testutil.Origin, "Cookie": "sb_google_flow=" + flow}
	return j.Do(t, callback)
}

// An account that has confirmed the same address is linked; one that holds
// the address unconfirmed is never taken over.
func TestGoogleLinksOnlyConfirmedAccounts(t *testing.T) {
	t.Parallel()
	g := newFakeGoogle(t)

	t.Run("confirmed address: linked, nothing else changes", func(t *testing.T) {
		app := apptest.NewApp(t, g.config())
		defer app.Cleanup()
		priya := testutil.CreateMember(t, app, "priya", testutil.MemberOpts{Email: "amara@example.com"})
		priya.SetVerified(true)
		if err := app.Save(priya); err != nil {
			t.Fatal(err)
		}
		answer := googleSignIn(t, testutil.NewJourney(t, app), g, amara, testutil.Call{Name: "the callback links priya",
			Status: http.StatusOK, Want: []string{`"username":"priya"`},
			Events: testutil.Writes(1, 0, 0)}) // the link alone
		if answer.Cookie(session.CookieName) == "" {
			t.Error("the linked account was not signed in")
		}
		after := testutil.Find(t, app, "users", priya.Id)
		if countUsers(t, app) != 1 || len(googleLinks(t, app, amara.Sub)) != 1 ||
			after.GetString("displayName") != "Member priya" || !after.ValidatePassword(testutil.Password) {
			t.Fatalf("link changed the account or made another: %v", after.PublicExport())
		}
	})

	t.Run("unproven address: blocks nobody, not taken over", func(t *testing.T) {
		app := apptest.NewApp(t, g.config())
		defer app.Cleanup()
		priya := unproven(t, app, "priya", "amara@example.com")
		answer := googleSignIn(t, testutil.NewJourney(t, app), g, amara, testutil.Call{Name: "the callback makes amara an account",
			Status: http.StatusCreated, NotWant: []string{`"username":"priya"`},
			Events: testutil.Writes(2, 1, 0)}) // the account and its link; priya's unproven address set aside as pending
		if answer.Cookie(session.CookieName) == "" {
			t.Fatalf("the address's owner was refused: %d %s", answer.Status, answer.Body)
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
		app := apptest.NewApp(t, g.config())
		defer app.Cleanup()
		verifier := "a-verifier-the-attacker-holds-0123456789-abcdef"
		code := g.issueFor(verifier, amara)
		testutil.NewJourney(t, app).Step(t, tests.ApiScenario{Name: "PocketBase's route", Method: http.MethodPost,
			URL: "/api/collections/users/auth-with-oauth2", Headers: map[string]string{"Origin": testutil.Origin},
			Body: strings.NewReader(`{"provider":"google","code":"` + code + `","codeVerifier":"` + verifier +
				`","redirectURL":"` + testutil.Origin + `/__/auth/handler"}`),
			ExpectedStatus: http.StatusNotFound, ExpectedContent: []string{`"status":404`}, ExpectedEvents: testutil.NoWrites(),
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				if countUsers(t, app) != 0 {
					t.Error("PocketBase's route made an account")
				}
			}})
	})
}
