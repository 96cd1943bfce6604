package settings_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/session"
	"sponsorbridge/pb/internal/testutil"
)

// Confirming a new address keeps the member signed in: the answer carries
// a fresh session (PocketBase ends the old ones when the address changes),
// and the old address stays until the code is confirmed.
func TestConfirmingANewAddressKeepsTheMemberSignedIn(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	j := testutil.NewJourney(t, app)
	cookie := testutil.Cookie(t, priya(t, app))

	j.Step(t, tests.ApiScenario{
		Name: "a new address asked for", Method: http.MethodPost, URL: "/api/user/email", Headers: cookie,
		Body:           strings.NewReader(`{"email":"priya.two@example.com"}`),
		ExpectedStatus: 200, ExpectedContent: []string{`"pendingEmail":"priya.two@example.com"`},
		// the code and its proof stored, the address set pending; the code mailed while she waits
		ExpectedEvents: testutil.Writes(2, 1, 0, map[string]int{"OnMailerSend": 1}),
	})
	j.Step(t, tests.ApiScenario{
		Name: "before the code the old address and session stay", Method: http.MethodGet, URL: "/api/user", Headers: cookie,
		ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`"email":"priya@example.com"`},
	})
	fresh := j.Step(t, tests.ApiScenario{
		Name: "the code confirms it", Method: http.MethodPost, URL: "/api/user/email/confirm", Headers: cookie,
		Body:           strings.NewReader(`{"code":"` + codeSentTo(t, app, "priya.two@example.com") + `"}`),
		ExpectedStatus: 200, ExpectedContent: []string{`"email":"priya.two@example.com"`},
		// the address moved; the old one is told in the background
		ExpectedEvents: testutil.WritesAmidMail(0, 1),
	}).Cookie(session.CookieName)
	if fresh == "" {
		t.Fatal("no new session cookie after the address changed")
	}
	j.Step(t, tests.ApiScenario{
		Name: "the new session holds", Method: http.MethodGet, URL: "/api/user",
		Headers:        map[string]string{"Cookie": session.CookieName + "=" + fresh, "Origin": testutil.Origin},
		ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`"email":"priya.two@example.com"`},
	})
}
