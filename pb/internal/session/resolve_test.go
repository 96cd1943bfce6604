package session_test

import (
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// The prepared-statement resolver must accept exactly the tokens
// PocketBase's loader accepts, and produce the same member.
func TestResolverAgreesWithPocketBase(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	j := testutil.NewJourney(t, app)
	ana := testutil.CreateMember(t, app, "ana", testutil.MemberOpts{Verified: true, Subscribed: true, Email: "ana@example.com"})

	valid, err := ana.NewAuthToken()
	if err != nil {
		t.Fatal(err)
	}
	fileToken, _ := ana.NewFileToken()
	other := testutil.CreateMember(t, app, "other", testutil.MemberOpts{})
	otherToken, _ := other.NewAuthToken()

	bearer := func(name, token string, want int) {
		t.Helper()
		content := `"username":"ana"`
		if want == 401 {
			content = `"status":401`
		}
		j.Step(t, tests.ApiScenario{Name: name, Method: http.MethodGet, URL: "/api/user",
			Headers:        map[string]string{"Authorization": token},
			ExpectedStatus: want, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{content}})
	}
	bearer("a valid token", valid, 200)
	bearer("a tampered signature", valid[:len(valid)-2]+"xx", 401)
	bearer("a file token", fileToken, 401)
	bearer("garbage", "not-a-token", 401)

	// A new token key (password change, sign out everywhere) ends old tokens.
	ana.RefreshTokenKey()
	if err := app.Save(ana); err != nil {
		t.Fatal(err)
	}
	bearer("a token after a key refresh", valid, 401)
	// A deleted member's token ends too.
	if err := app.Delete(other); err != nil {
		t.Fatal(err)
	}
	bearer("a deleted member's token", otherToken, 401)
}

// The member the resolver signs in is the one routes see, with every field.
func TestResolvedMemberCarriesEveryField(t *testing.T) {
	t.Parallel()
	testutil.Prepared(apptest.Factory(nil, func(t testing.TB, app core.App) {
		testutil.CreateMember(t, app, "ana", testutil.MemberOpts{Verified: true, Subscribed: true})
	}), tests.ApiScenario{
		Name: "current user through the session cookie", Method: http.MethodGet, URL: "/api/user",
		ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`"username":"ana"`, `"isVerified":true`, `"subscriptionStatus":"active"`},
	}, testutil.As("ana")).Test(t)
}
