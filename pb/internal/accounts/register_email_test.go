package accounts_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/session"
	"sponsorbridge/pb/internal/testutil"
)

var eightDigits = regexp.MustCompile(`\b\d{8}\b`)

// An e-mail address at registration is optional. Given, it waits in
// pendingEmail and is mailed a code (whoever's it is), and it becomes the
// member's once the code comes back through the settings' confirmation.
func TestRegisterWithAnEmailAddress(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, seedMembers)
	origin := map[string]string{"Origin": testutil.Origin}
	registered := func(t testing.TB, app *tests.TestApp, address string) *core.Record {
		m := testutil.FindByUsername(t, app, "amara")
		if m.Email() != "" || m.Verified() || m.GetString("pendingEmail") != address {
			t.Errorf("email %q verified %v pending %q, want the address pending only", m.Email(), m.Verified(), m.GetString("pendingEmail"))
		}
		return m
	}
	scenarios := []tests.ApiScenario{
		{
			Name:   "an address waits for its code, which is mailed to it",
			Method: http.MethodPost, URL: "/api/register", Headers: origin,
			Body:           json(`{"displayName":"Amara Silva","username":"amara","password":"secret1","email":"  Amara@Example.com "}`),
			ExpectedStatus: 201,
			ExpectedContent: []string{`"username":"amara"`, `"email":""`, `"pendingEmail":"amara@example.com"`,
				`"hasProvenEmail":false`},
			NotExpectedContent: []string{"otpId", "password"},
			// the member, the address's proof and its code; the mail before the answer
			ExpectedEvents: testutil.Writes(3, 0, 0, map[string]int{"OnMailerSend": 1}),
			TestAppFactory: factory,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				registered(t, app, "amara@example.com")
				msgs, _ := mailbox.Read(mailbox.Dir(app), "amara@example.com")
				if len(msgs) != 1 || !strings.HasPrefix(msgs[0].Subject, "Confirm your e-mail address for SponsorBridge: ") ||
					!strings.Contains(msgs[0].Text, "to add this address to your new account") {
					t.Errorf("the address was not mailed its code: %v", msgs)
				}
			},
		},
		{
			Name:   "another member's proven address answers the same (and stays theirs)",
			Method: http.MethodPost, URL: "/api/register", Headers: origin,
			Body:               json(`{"displayName":"Amara Silva","username":"amara","password":"secret1","email":"priya@example.com"}`),
			ExpectedStatus:     201,
			ExpectedContent:    []string{`"pendingEmail":"priya@example.com"`, `"hasProvenEmail":false`},
			NotExpectedContent: []string{"already", "taken", "in use"},
			ExpectedEvents:     testutil.Writes(3, 0, 0, map[string]int{"OnMailerSend": 1}),
			TestAppFactory:     factory,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				registered(t, app, "priya@example.com")
				if p := testutil.FindByUsername(t, app, "priya"); p.Email() != "priya@example.com" || !p.Verified() {
					t.Error("priya's address moved")
				}
			},
		},
		{
			Name:   "without an address nothing is mailed",
			Method: http.MethodPost, URL: "/api/register", Headers: origin,
			Body:            json(`{"displayName":"Amara Silva","username":"amara","password":"secret1","email":""}`),
			ExpectedStatus:  201,
			ExpectedContent: []string{`"pendingEmail":""`, `"hasProvenEmail":false`},
			ExpectedEvents:  testutil.Writes(1, 0, 0),
			TestAppFactory:  factory,
		},
		{
			Name:   "an address that is none is refused with the rest",
			Method: http.MethodPost, URL: "/api/register", Headers: origin,
			Body:            json(`{"displayName":"Amara Silva","username":"amara","password":"secret1","email":"amara@"}`),
			ExpectedStatus:  400,
			ExpectedContent: []string{`"email":{"code":"validation_invalid_email","message":"Enter a valid e-mail address"}`},
			ExpectedEvents:  testutil.NoWrites(),
			TestAppFactory:  factory,
			AfterTestFunc:   refused,
		},
		{
			Name:   "a named address is refused",
			Method: http.MethodPost, URL: "/api/register", Headers: origin,
			Body:            json(`{"displayName":"Amara Silva","username":"amara","password":"secret1","email":"Amara <amara@example.com>"}`),
			ExpectedStatus:  400,
			ExpectedContent: []string{"Enter a valid e-mail address"},
			ExpectedEvents:  testutil.NoWrites(),
			TestAppFactory:  factory,
			AfterTestFunc:   refused,
		},
		{
			Name:   "an overlong address is refused",
			Method: http.MethodPost, URL: "/api/register", Headers: origin,
			Body:            json(`{"displayName":"Amara Silva","username":"amara","password":"secret1","email":"` + strings.Repeat("a", 250) + `@example.com"}`),
			ExpectedStatus:  400,
			ExpectedContent: []string{"Enter a valid e-mail address"},
			ExpectedEvents:  testutil.NoWrites(),
			TestAppFactory:  factory,
			AfterTestFunc:   refused,
		},
	}
	for _, s := range scenarios {
		s.Test(t)
	}
}

// The code mailed at registration proves the address where Settings takes
// codes; from then on e-mails can reach the member.
func TestTheRegistrationCodeProvesTheAddress(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	j := testutil.NewJourney(t, app)
	answer := j.Step(t, tests.ApiScenario{
		Name: "registering with an address", Method: http.MethodPost, URL: "/api/register",
		Body:           strings.NewReader(`{"displayName":"Amara Silva","username":"amara","password":"secret1","email":"amara@example.com"}`),
		Headers:        map[string]string{"Origin": testutil.Origin},
		ExpectedStatus: 201, ExpectedContent: []string{`"pendingEmail":"amara@example.com"`},
		ExpectedEvents: testutil.Writes(3, 0, 0, map[string]int{"OnMailerSend": 1}), // as in TestRegisterWithAnEmailAddress
	})
	headers := map[string]string{"Origin": testutil.Origin, "Cookie": session.CookieName + "=" + answer.Cookie(session.CookieName)}
	msgs, _ := mailbox.Read(mailbox.Dir(app), "amara@example.com")
	if len(msgs) != 1 {
		t.Fatalf("%d mails to the address", len(msgs))
	}
	code, wrong := eightDigits.FindString(msgs[0].Text), "000000"
	if code == wrong {
		wrong = "111111"
	}
	j.Step(t, tests.ApiScenario{
		Name: "a wrong code", Method: http.MethodPost, URL: "/api/user/email/confirm", Headers: headers,
		Body:           strings.NewReader(`{"code":"` + wrong + `"}`),
		ExpectedStatus: 400, ExpectedEvents: testutil.NoWrites(), // wrong codes are counted in SQL
		ExpectedContent: []string{"That code is not right."}, NotExpectedContent: []string{`"hasProvenEmail":true`},
	})
	j.Step(t, tests.ApiScenario{
		Name: "the code proves the address", Method: http.MethodPost, URL: "/api/user/email/confirm", Headers: headers,
		Body:           strings.NewReader(`{"code":"` + code + `"}`),
		ExpectedStatus: 200, ExpectedEvents: testutil.WritesAmidMail(0, 1),
		ExpectedContent: []string{`"hasProvenEmail":true`, `"email":"amara@example.com"`},
	})
}

// Without SMTP and the development mailbox, an address cannot be confirmed:
// registering with one answers 503 and writes nothing; without one, the
// registration goes through.
func TestRegisterWithMailOff(t *testing.T) {
	t.Parallel()
	cfg := testutil.Config()
	cfg.MailDevMailbox = false
	factory := apptest.Factory(cfg, seedMembers)
	origin := map[string]string{"Origin": testutil.Origin}
	scenarios := []tests.ApiScenario{
		{
			Name:   "with an address: 503, nothing written",
			Method: http.MethodPost, URL: "/api/register", Headers: origin,
			Body:           json(`{"displayName":"Amara Silva","username":"amara","password":"secret1","email":"amara@example.com"}`),
			ExpectedStatus: 503,
			ExpectedContent: []string{"E-mail is not set up on this server yet, so we cannot confirm an address. " +
				"Leave the e-mail address empty to register now; you can add it later in Settings."},
			ExpectedEvents: testutil.NoWrites(),
			TestAppFactory: factory,
			AfterTestFunc:  refused,
		},
		{
			Name:   "without one: registered",
			Method: http.MethodPost, URL: "/api/register", Headers: origin,
			Body:            json(`{"displayName":"Amara Silva","username":"amara","password":"secret1"}`),
			ExpectedStatus:  201,
			ExpectedContent: []string{`"username":"amara"`, `"hasProvenEmail":false`},
			ExpectedEvents:  testutil.Writes(1, 0, 0),
			TestAppFactory:  factory,
		},
	}
	for _, s := range scenarios {
		s.Test(t)
	}
}
