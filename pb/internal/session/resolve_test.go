package session_test

import (
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/testutil"
)

// The prepared-statement resolver must accept exactly the tokens
// PocketBase's loader accepts, and produce the same member.
func TestResolverAgreesWithPocketBase(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t, nil)
	defer app.Cleanup()
	srv := testutil.Serve(t, app)
	ana := testutil.CreateMember(t, app, "ana", testutil.MemberOpts{Verified: true, Subscribed: true, Email: "ana@example.com"})

	valid, err := ana.NewAuthToken()
	if err != nil {
		t.Fatal(err)
	}
	fileToken, _ := ana.NewFileToken()
	other := testutil.CreateMember(t, app, "other", testutil.MemberOpts{})
	otherToken, _ := other.NewAuthToken()

	whoAmI := func(token string) int {
		res := testutil.Do(t, srv, http.MethodGet, "/api/user", "", map[string]string{"Authorization": token})
		if res == nil {
			return 0
		}
		res.Body.Close()
		return res.StatusCode
	}
	if got := whoAmI(valid); got != 200 {
		t.Fatalf("valid token: %d", got)
	}
	for name, token := range map[string]string{
		"tampered signature": valid[:len(valid)-2] + "xx",
		"file token":         fileToken,
		"garbage":            "not-a-token",
	} {
		if got := whoAmI(token); got != 401 {
			t.Errorf("%s: want 401, got %d", name, got)
		}
	}

	// A new token key (password change, sign out everywhere) ends old tokens.
	ana.RefreshTokenKey()
	if err := app.Save(ana); err != nil {
		t.Fatal(err)
	}
	if got := whoAmI(valid); got != 401 {
		t.Errorf("token after key refresh: want 401, got %d", got)
	}
	// A deleted member's token ends too.
	if err := app.Delete(other); err != nil {
		t.Fatal(err)
	}
	if got := whoAmI(otherToken); got != 401 {
		t.Errorf("deleted member's token: want 401, got %d", got)
	}
}

// The member the resolver signs in is the one routes see, with every field.
func TestResolvedMemberCarriesEveryField(t *testing.T) {
	t.Parallel()
	testutil.Prepared(testutil.Factory(nil, func(t testing.TB, app core.App) {
		testutil.CreateMember(t, app, "ana", testutil.MemberOpts{Verified: true, Subscribed: true})
	}), tests.ApiScenario{
		Name: "current user through the session cookie", Method: http.MethodGet, URL: "/api/user",
		ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`"username":"ana"`, `"isVerified":true`, `"subscriptionStatus":"active"`},
	}, testutil.As("ana")).Test(t)
}
