package session_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/subscriptions"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/session"
	"sponsorbridge/pb/internal/testutil"
)

// signIn answers the session cookie a password sign-in sets.
func signIn(t *testing.T, j *testutil.Journey, username string) string {
	t.Helper()
	answer := j.Do(t, testutil.Call{
		Name: username + " signs in", Method: http.MethodPost, URL: "/api/login",
		Body:   `{"username":"` + username + `","password":"` + testutil.Password + `"}`,
		Status: 200, Events: map[string]int{"*": 0}, Want: []string{`"username":"` + username + `"`},
	})
	token := answer.Cookie(session.CookieName)
	if token == "" {
		t.Fatal("no session cookie in the answer")
	}
	return token
}

func with(token string) map[string]string {
	return map[string]string{"Cookie": session.CookieName + "=" + token, "Origin": testutil.Origin}
}

// whoAmI asks GET /api/user with the session token; want is 200 (the
// member) or 401 (nobody).
func whoAmI(t *testing.T, j *testutil.Journey, name, token string, want int) testutil.Answer {
	t.Helper()
	content := `"username":`
	if want == 401 {
		content = `"status":401`
	}
	return j.Do(t, testutil.Call{
		Name: name, Method: http.MethodGet, URL: "/api/user", Headers: with(token),
		Status: want, Events: testutil.NoWrites(), Want: []string{content},
	})
}

// logout signs out ("/api/logout": a revoked session is stored;
// "/api/logout/everywhere": the member's token key changes) or is refused.
func logout(t *testing.T, j *testutil.Journey, name, url string, headers map[string]string, want int) {
	t.Helper()
	c := testutil.Call{Name: name, Method: http.MethodPost, URL: url, Headers: headers,
		Status: want, Events: testutil.Writes(1, 0, 0)}
	if strings.HasSuffix(url, "/everywhere") {
		c.Events = testutil.Writes(0, 1, 0)
	}
	if want != 204 {
		c.Events, c.Want = testutil.NoWrites(), []string{`"status":401`}
	}
	j.Do(t, c)
}

// Signing out ends the session on the server: the cookie it cleared, every
// earlier token of the same session (the sliding renewal issues new ones)
// and any copy of them stop working; the member's other sessions go on.
func TestLogoutRevokesTheSession(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	testutil.CreateMember(t, app, "ana", testutil.MemberOpts{})
	j := testutil.NewJourney(t, app)

	first := signIn(t, j, "ana")
	laptop := signIn(t, j, "ana")
	// Tokens carry their expiry in whole seconds: the renewal differs from
	// the first token once the clock has entered the second after it was
	// issued (read after the sign-in: one that crossed into the next second
	// issued the token there).
	signedIn := time.Now().Unix()
	testutil.Eventually(t, 2*time.Second, "the next second", func() bool { return time.Now().Unix() > signedIn })
	renewed := whoAmI(t, j, "loading the member renews the token", first, 200).Cookie(session.CookieName)
	if renewed == "" || renewed == first {
		t.Fatalf("the renewal set %q", renewed)
	}

	logout(t, j, "signing out", "/api/logout", with(renewed), 204)
	whoAmI(t, j, "the signed-out cookie", renewed, 401)
	whoAmI(t, j, "a copy of its earlier token", first, 401)
	whoAmI(t, j, "another session of the member", laptop, 200)

	// A restart keeps the session ended.
	restarted := apptest.NewAppFromDir(t, app.DataDir(), nil)
	defer restarted.Cleanup()
	whoAmI(t, testutil.NewJourney(t, restarted), "the signed-out token after a restart", first, 401)
}

// "Sign out everywhere" ends every session of the member, this one included.
func TestLogoutEverywhere(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	testutil.CreateMember(t, app, "ana", testutil.MemberOpts{})
	testutil.CreateMember(t, app, "ben", testutil.MemberOpts{})
	j := testutil.NewJourney(t, app)
	phone, laptop, ben := signIn(t, j, "ana"), signIn(t, j, "ana"), signIn(t, j, "ben")

	logout(t, j, "a visitor", "/api/logout/everywhere", map[string]string{"Origin": testutil.Origin}, 401)
	logout(t, j, "sign out everywhere", "/api/logout/everywhere", with(phone), 204)
	whoAmI(t, j, "this session", phone, 401)
	whoAmI(t, j, "the other device", laptop, 401)
	whoAmI(t, j, "another member", ben, 200)
	whoAmI(t, j, "signing in again", signIn(t, j, "ana"), 200)
}

// A cross-site page cannot sign a member out.
func TestLogoutNeedsTheAppsOrigin(t *testing.T) {
	t.Parallel()
	testutil.Prepared(apptest.Factory(nil, nil), tests.ApiScenario{
		Name: "foreign origin", Method: http.MethodPost, URL: "/api/logout/everywhere",
		ExpectedStatus: 403, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{"Cross-origin request rejected."},
	}, func(t testing.TB, app core.App, s *tests.ApiScenario) {
		s.Headers = testutil.Cookie(t, testutil.CreateMember(t, app, "ana", testutil.MemberOpts{}))
		s.Headers["Origin"] = "https://evil.example"
	}).Test(t)
}

// A realtime connection the session opened stops hearing the member's
// events once the session is signed out.
func TestLogoutSilencesRealtime(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	testutil.CreateMember(t, app, "ana", testutil.MemberOpts{})
	j := testutil.NewJourney(t, app)
	token := signIn(t, j, "ana")
	client := subscriptions.NewDefaultClient()
	app.SubscriptionsBroker().Register(client)
	j.Step(t, tests.ApiScenario{
		Name: "subscribing", Method: http.MethodPost, URL: "/api/realtime", Headers: with(token),
		Body:           strings.NewReader(`{"clientId":"` + client.Id() + `","subscriptions":["messages/*"]}`),
		ExpectedStatus: 204, ExpectedEvents: map[string]int{"*": 0, "OnRealtimeSubscribeRequest": 1},
	})
	if client.Get(apis.RealtimeClientAuthKey) == nil {
		t.Fatal("the realtime connection does not listen as the member")
	}
	logout(t, j, "signing out", "/api/logout", with(token), 204)
	if client.Get(apis.RealtimeClientAuthKey) != nil {
		t.Error("the realtime connection still listens as the member after sign-out")
	}
}

// An ending elsewhere reaches the member's open pages at once, with why:
// a password change tells the other sessions' pages (not the one that
// changed it), signing out everywhere tells every page.
func TestOpenPagesHearWhyTheirSessionEnded(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	testutil.CreateMember(t, app, "ana", testutil.MemberOpts{})
	j := testutil.NewJourney(t, app)
	laptop, phone := signIn(t, j, "ana"), signIn(t, j, "ana")
	onLaptop := testutil.Listen(t, j, app, "a page on the laptop", with(laptop), session.EndedTopic)
	onPhone := testutil.Listen(t, j, app, "a page on the phone", with(phone), session.EndedTopic)
	heard := func(who string, page subscriptions.Client, want string) {
		t.Helper()
		m, ok := testutil.Heard(page)
		switch {
		case want == "" && ok:
			t.Errorf("%s heard %q %s", who, m.Name, m.Data)
		case want != "" && (!ok || m.Name != session.EndedTopic || string(m.Data) != `{"reason":"`+want+`"}`):
			t.Errorf("%s heard %q %s (%v), want %s", who, m.Name, m.Data, ok, want)
		}
	}

	changed := j.Step(t, tests.ApiScenario{
		Name: "the phone changes the password", Method: http.MethodPost, URL: "/api/user/password", Headers: with(phone),
		Body:           strings.NewReader(`{"currentPassword":"` + testutil.Password + `","newPassword":"a-new-password-1"}`),
		ExpectedStatus: 200, ExpectedEvents: testutil.Writes(0, 1, 0), ExpectedContent: []string{`"username":"ana"`},
	})
	heard("the laptop's page", onLaptop, session.EndedPasswordChanged)
	heard("the phone's own page", onPhone, "")

	logout(t, j, "the phone signs out everywhere", "/api/logout/everywhere", with(changed.Cookie(session.CookieName)), 204)
	heard("the phone's page", onPhone, session.EndedEverywhere)
}
