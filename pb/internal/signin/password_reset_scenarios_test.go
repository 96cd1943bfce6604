package signin_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/session"
	"sponsorbridge/pb/internal/signin"
	"sponsorbridge/pb/internal/testutil"
)

// The routes' answers and writes, for a visitor, a member and an
// administrator alike (the reset is of another account's password: being
// signed in changes nothing), and for bad input.
func TestPasswordResetScenarios(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, func(t testing.TB, app core.App) {
		testutil.CreateMember(t, app, "kai", testutil.MemberOpts{Email: "kai@example.com"})
		testutil.CreateMember(t, app, "dan", testutil.MemberOpts{Email: "dan@example.com"})
		testutil.CreateMember(t, app, "boss", testutil.MemberOpts{Admin: true})
	})
	origin := map[string]string{"Origin": testutil.Origin}
	leaks := []string{"kai@example.com", "otpId", `"username"`, "tokenKey"}
	as := func(who string) func(testing.TB, core.App, *tests.ApiScenario) {
		if who == "" {
			return nil
		}
		return testutil.As(who)
	}
	// issued gives kai a reset code first and puts it (or a wrong one) in the body
	issued := func(who string, right bool, body string) func(testing.TB, core.App, *tests.ApiScenario) {
		return func(t testing.TB, app core.App, s *tests.ApiScenario) {
			if f := as(who); f != nil {
				f(t, app, s)
			}
			code, err := signin.ResetCodeFor(app, "kai")
			if err != nil {
				t.Fatal(err)
			}
			if !right {
				code = wrong(code)
			}
			s.Body = strings.NewReader(strings.ReplaceAll(body, "CODE", code))
		}
	}
	var scenarios []*tests.ApiScenario
	for _, who := range []string{"", "dan", "boss"} {
		role := map[string]string{"": "a visitor", "dan": "a member", "boss": "an administrator"}[who]
		scenarios = append(scenarios,
			testutil.Prepared(factory, tests.ApiScenario{
				Name: role + " asks for a reset: a code is issued, mailed after the answer", Method: http.MethodPost, URL: resetRequestPath,
				Headers: origin, Body: strings.NewReader(`{"login":"kai"}`),
				ExpectedStatus: 200, ExpectedContent: []string{`{"expiresInMinutes":10}`}, NotExpectedContent: leaks,
				ExpectedEvents: testutil.WritesAmidMail(2, 0), // the address's proof and its code
				AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
					if n := len(resetMails(t, app, "kai@example.com")); n != 1 {
						t.Errorf("%d reset mails, want 1", n)
					}
				},
			}, as(who)),
			testutil.Prepared(factory, tests.ApiScenario{
				Name: role + " with the right code sets kai's password", Method: http.MethodPost, URL: resetConfirmPath, Headers: origin,
				ExpectedStatus: 200, ExpectedContent: []string{`{"username":"kai"}`}, NotExpectedContent: []string{"kai@example.com", "token"},
				ExpectedEvents: testutil.WritesAmidMail(0, 1), // the member (the code goes by one statement; the notice after)
				AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
					if !testutil.FindByUsername(t, app, "kai").ValidatePassword("brand-new-pass") {
						t.Error("the password was not set")
					}
					if strings.Contains(res.Header.Get("Set-Cookie"), session.CookieName+"=ey") {
						t.Error("the reset started a session")
					}
				},
			}, issued(who, true, `{"login":"kai","code":"CODE","password":"brand-new-pass"}`)),
		)
	}
	unchanged := func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		if !testutil.FindByUsername(t, app, "kai").ValidatePassword(testutil.Password) {
			t.Error("the password changed")
		}
	}
	scenarios = append(scenarios,
		testutil.Prepared(factory, tests.ApiScenario{
			Name: "a wrong code changes nothing but the address's count", Method: http.MethodPost, URL: resetConfirmPath, Headers: origin,
			ExpectedStatus: 400, ExpectedContent: []string{`"message":"` + msgResetWrong + `"`, `"code":"validation_code_wrong"`},
			NotExpectedContent: leaks, ExpectedEvents: map[string]int{"*": 0}, AfterTestFunc: unchanged,
		}, issued("", false, `{"login":"kai","code":"CODE","password":"brand-new-pass"}`)),
		testutil.Prepared(factory, tests.ApiScenario{
			Name: "the right code for another login sets nothing", Method: http.MethodPost, URL: resetConfirmPath, Headers: origin,
			ExpectedStatus: 400, ExpectedContent: []string{msgResetWrong},
			NotExpectedContent: leaks, ExpectedEvents: map[string]int{"*": 0}, AfterTestFunc: unchanged,
		}, issued("", true, `{"login":"dan","code":"CODE","password":"brand-new-pass"}`)),
	)
	bad := []struct{ name, path, body, want string }{
		{"no login", resetRequestPath, `{"login":"  "}`, "Enter your username or e-mail address"},
		{"an address that is none", resetRequestPath, `{"login":"kai@"}`, "Enter a valid e-mail address"},
		{"a named address", resetRequestPath, `{"login":"Kai \u003ckai@example.com\u003e"}`, "Enter a valid e-mail address"},
		{"a name no account can have", resetRequestPath, `{"login":"` + strings.Repeat("k", 33) + `"}`, "Enter your username or e-mail address"},
		{"not JSON", resetRequestPath, `{"login":`, "The request body is not valid JSON."},
		{"confirm without code or password", resetConfirmPath, `{"login":"kai"}`, "Enter the code from the e-mail"},
		{"confirm with a short password", resetConfirmPath, `{"login":"kai","code":"123456","password":"12345"}`, "Password must be at least 6 characters"},
		{"confirm with an overlong password", resetConfirmPath, `{"login":"kai","code":"123456","password":"` + strings.Repeat("p", 72) + `"}`, "Password must be at most 71 bytes"},
		{"confirm with an overlong code", resetConfirmPath, `{"login":"kai","code":"` + strings.Repeat("1", 17) + `","password":"brand-new-pass"}`, msgResetWrong},
	}
	for _, c := range bad {
		scenarios = append(scenarios, &tests.ApiScenario{
			Name: "bad input: " + c.name, Method: http.MethodPost, URL: c.path, Headers: origin, Body: strings.NewReader(c.body),
			ExpectedStatus: 400, ExpectedContent: []string{c.want}, NotExpectedContent: leaks,
			ExpectedEvents: testutil.NoWrites(), TestAppFactory: factory,
		})
	}
	scenarios = append(scenarios, &tests.ApiScenario{
		Name: "a post from another site is refused", Method: http.MethodPost, URL: resetRequestPath,
		Headers: map[string]string{"Origin": "https://evil.example"}, Body: strings.NewReader(`{"login":"kai"}`),
		ExpectedStatus: 403, ExpectedContent: []string{"Cross-origin request rejected."}, ExpectedEvents: testutil.NoWrites(), TestAppFactory: factory,
	})
	for _, s := range scenarios {
		s.Test(t)
	}
}
