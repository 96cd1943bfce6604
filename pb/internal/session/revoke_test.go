package session_test

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/subscriptions"

	"sponsorbridge/pb/internal/session"
	"sponsorbridge/pb/internal/testutil"
)

// signIn answers the session cookie a password sign-in sets.
func signIn(t *testing.T, srv *httptest.Server, username string) string {
	t.Helper()
	res := testutil.Do(t, srv, http.MethodPost, "/api/login", `{"username":"`+username+`","password":"`+testutil.Password+`"}`, nil)
	return cookieOf(t, res)
}

func cookieOf(t *testing.T, res *http.Response) string {
	t.Helper()
	for _, c := range res.Cookies() {
		if c.Name == session.CookieName && c.Value != "" {
			return c.Value
		}
	}
	t.Fatalf("no session cookie in the answer (%d)", res.StatusCode)
	return ""
}

func with(token string) map[string]string {
	return map[string]string{"Cookie": session.CookieName + "=" + token, "Origin": ""}
}

func whoAmI(t *testing.T, srv *httptest.Server, token string) int {
	t.Helper()
	return testutil.Do(t, srv, http.MethodGet, "/api/user", "", with(token)).StatusCode
}

// Signing out ends the session on the server: the cookie it cleared, every
// earlier token of the same session (the sliding renewal issues new ones)
// and any copy of them stop working; the member's other sessions go on.
func TestLogoutRevokesTheSession(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t, nil)
	defer app.Cleanup()
	testutil.CreateMember(t, app, "ana", testutil.MemberOpts{})
	srv := testutil.Serve(t, app)

	first := signIn(t, srv, "ana")
	laptop := signIn(t, srv, "ana")
	// Tokens carry their expiry in whole seconds: the renewal differs from
	// the first token once the clock has entered the next second.
	time.Sleep(time.Until(time.Now().Truncate(time.Second).Add(time.Second)))
	res := testutil.Do(t, srv, http.MethodGet, "/api/user", "", with(first))
	renewed := cookieOf(t, res)
	if res.StatusCode != 200 || renewed == first {
		t.Fatalf("renewal: %d", res.StatusCode)
	}

	res = testutil.Do(t, srv, http.MethodPost, "/api/logout", "", with(renewed))
	if res.StatusCode != 204 {
		t.Fatalf("logout: %d", res.StatusCode)
	}
	for name, token := range map[string]string{"the signed-out cookie": renewed, "a copy of its earlier token": first} {
		if got := whoAmI(t, srv, token); got != 401 {
			t.Errorf("%s after sign-out: %d, want 401", name, got)
		}
	}
	if got := whoAmI(t, srv, laptop); got != 200 {
		t.Errorf("another session of the member after sign-out: %d, want 200", got)
	}

	// A restart keeps the session ended.
	restarted := testutil.NewAppFromDir(t, app.DataDir(), nil)
	defer restarted.Cleanup()
	if got := whoAmI(t, testutil.Serve(t, restarted), first); got != 401 {
		t.Errorf("signed-out token after a restart: %d, want 401", got)
	}
}

// "Sign out everywhere" ends every session of the member, this one included.
func TestLogoutEverywhere(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t, nil)
	defer app.Cleanup()
	testutil.CreateMember(t, app, "ana", testutil.MemberOpts{})
	testutil.CreateMember(t, app, "ben", testutil.MemberOpts{})
	srv := testutil.Serve(t, app)
	phone, laptop, ben := signIn(t, srv, "ana"), signIn(t, srv, "ana"), signIn(t, srv, "ben")

	if res := testutil.Do(t, srv, http.MethodPost, "/api/logout/everywhere", "", map[string]string{"Origin": ""}); res.StatusCode != 401 {
		t.Errorf("visitor: %d, want 401", res.StatusCode)
	}
	res := testutil.Do(t, srv, http.MethodPost, "/api/logout/everywhere", "", with(phone))
	if res.StatusCode != 204 {
		t.Fatalf("sign out everywhere: %d", res.StatusCode)
	}
	for name, token := range map[string]string{"this session": phone, "the other device": laptop} {
		if got := whoAmI(t, srv, token); got != 401 {
			t.Errorf("%s after signing out everywhere: %d, want 401", name, got)
		}
	}
	if got := whoAmI(t, srv, ben); got != 200 {
		t.Errorf("another member: %d, want 200", got)
	}
	if got := whoAmI(t, srv, signIn(t, srv, "ana")); got != 200 {
		t.Errorf("signing in again: %d, want 200", got)
	}
}

// A cross-site page cannot sign a member out.
func TestLogoutNeedsTheAppsOrigin(t *testing.T) {
	t.Parallel()
	testutil.Prepared(testutil.Factory(nil, nil), tests.ApiScenario{
		Name: "foreign origin", Method: http.MethodPost, URL: "/api/logout/everywhere",
		ExpectedStatus: 403, ExpectedContent: []string{"Cross-origin request rejected."},
	}, func(t testing.TB, app core.App, s *tests.ApiScenario) {
		s.Headers = testutil.Cookie(t, testutil.CreateMember(t, app, "ana", testutil.MemberOpts{}))
		s.Headers["Origin"] = "https://evil.example"
	}).Test(t)
}

// A realtime connection the session opened stops hearing the member's
// events once the session is signed out.
func TestLogoutSilencesRealtime(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t, nil)
	defer app.Cleanup()
	testutil.CreateMember(t, app, "ana", testutil.MemberOpts{})
	srv := testutil.Serve(t, app)
	token := signIn(t, srv, "ana")
	client := subscriptions.NewDefaultClient()
	app.SubscriptionsBroker().Register(client)
	res := testutil.Do(t, srv, http.MethodPost, "/api/realtime",
		`{"clientId":"`+client.Id()+`","subscriptions":["messages/*"]}`, with(token))
	if res.StatusCode != 204 || client.Get(apis.RealtimeClientAuthKey) == nil {
		t.Fatalf("subscribe: %d", res.StatusCode)
	}
	testutil.Do(t, srv, http.MethodPost, "/api/logout", "", with(token))
	if client.Get(apis.RealtimeClientAuthKey) != nil {
		t.Error("the realtime connection still listens as the member after sign-out")
	}
}
