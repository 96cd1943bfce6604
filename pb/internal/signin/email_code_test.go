package signin_test

import (
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/session"
	"sponsorbridge/pb/internal/testutil"
)

var eightDigits = regexp.MustCompile(`\b(\d{8})\b`)

// mailedCode is the code of the newest mail to email in the development mailbox.
func mailedCode(t testing.TB, app core.App, email string) string {
	t.Helper()
	msgs, err := mailbox.Read(mailbox.Dir(app), email)
	if err != nil || len(msgs) == 0 {
		t.Fatalf("no mail for %s in the mailbox: %v", email, err)
	}
	m := eightDigits.FindStringSubmatch(msgs[0].Text)
	if m == nil {
		t.Fatalf("no code in %q", msgs[0].Text)
	}
	return m[1]
}

func wrong(code string) string {
	if code == "00000000" {
		return "11111111"
	}
	return "00000000"
}

// askCode asks for a sign-in code to email, a step of j that writes
// events, and answers the code's id and the code mailed.
func askCode(t *testing.T, j *testutil.Journey, app core.App, email string, events map[string]int) (otpID, code string) {
	t.Helper()
	var otp struct {
		OTPID string `json:"otpId"`
	}
	j.Do(t, testutil.Call{Name: "a code asked for " + email, Method: http.MethodPost, URL: "/api/auth/email-code/request",
		Body:   `{"email":"` + email + `","displayName":"Nia Okafor"}`,
		Status: 200, Want: []string{`"otpId":"`}, Events: events}).Decode(t, &otp)
	return otp.OTPID, mailedCode(t, app, email)
}

// verifyCode is the scenario of a browser sending code for otpID.
func verifyCode(name, otpID, code string, status int, events map[string]int, content ...string) testutil.Call {
	return testutil.Call{Name: name, Method: http.MethodPost, URL: "/api/auth/email-code/verify",
		Body:   `{"otpId":"` + otpID + `","code":"` + code + `","displayName":"Nia Okafor"}`,
		Status: status, Events: events, Want: content}
}

var (
	// a code for a new address: its proof and the code, mailed before the answer
	codeAsked = testutil.Writes(2, 0, 0, map[string]int{"OnMailerSend": 1})
	// a refused code: wrong ones are counted in SQL, outside the record hooks
	codeRefused = testutil.NoWrites()
	// a proven address's first sign-in: its account (the code is used by one statement)
	accountMade = testutil.Writes(1, 0, 0)
)

func signedIn(a testutil.Answer) bool { return a.Cookie(session.CookieName) != "" }

func TestEmailCodeCreatesAccountOnlyWhenProven(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	j := testutil.NewJourney(t, app)
	otpID, code := askCode(t, j, app, "nia@example.com", codeAsked)
	if countUsers(t, app) != 0 {
		t.Fatal("an account was created before the code was proven")
	}

	a := j.Do(t, verifyCode("a wrong code", otpID, wrong(code), 400, codeRefused, "That code is not right. Check the e-mail and try again."))
	if signedIn(a) || countUsers(t, app) != 0 {
		t.Fatal("a wrong code signed in")
	}

	a = j.Do(t, verifyCode("the right code", otpID, code, 201, accountMade,
		`"displayName":"Nia Okafor"`, `"email":"nia@example.com"`, `"providerId":"email"`, `"username":"nia"`))
	if !signedIn(a) || countUsers(t, app) != 1 || !testutil.FindByUsername(t, app, "nia").Verified() {
		t.Fatal("no session or no confirmed account")
	}

	a = j.Do(t, verifyCode("the code again", otpID, code, 400, codeRefused, "This code has already been used. Request a new code."))
	if signedIn(a) {
		t.Fatal("a replayed code signed in")
	}

	// the next sign-in with a new code finds the same account
	otpID, code = askCode(t, j, app, "NIA@example.com", testutil.Writes(1, 0, 0, map[string]int{"OnMailerSend": 1})) // the code (the proof is there)
	j.Do(t, verifyCode("a new code", otpID, code, 200, codeRefused, `"username":"nia"`))
	if countUsers(t, app) != 1 {
		t.Fatal("a second account was created")
	}
}

func TestEmailCodeExpired(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	j := testutil.NewJourney(t, app)
	otpID, code := askCode(t, j, app, "late@example.com", codeAsked)
	expire(t, app, otpID)
	a := j.Do(t, verifyCode("an expired code", otpID, code, 400, testutil.Writes(0, 0, 1), // the expired code, deleted
		"This code has expired. Request a new code."))
	if signedIn(a) || countUsers(t, app) != 0 {
		t.Fatal("signed in after expiry")
	}
}

func TestEmailCodeNoEnumeration(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	m := testutil.CreateMember(t, app, "priya", testutil.MemberOpts{Email: "priya@example.com"})
	m.SetVerified(true)
	if err := app.Save(m); err != nil {
		t.Fatal(err)
	}
	j := testutil.NewJourney(t, app)
	ask := func(email string) testutil.Answer {
		return j.Step(t, tests.ApiScenario{Name: "a code asked for " + email, Method: http.MethodPost, URL: "/api/auth/email-code/request",
			Body: strings.NewReader(`{"email":"` + email + `","displayName":"P"}`), Headers: map[string]string{"Origin": testutil.Origin},
			ExpectedStatus: 200, ExpectedContent: []string{`"otpId":"`}, ExpectedEvents: codeAsked})
	}
	known, unknown := ask("priya@example.com"), ask("nobody@example.com")
	shape := func(a testutil.Answer) string {
		return regexp.MustCompile(`"[^"]*"\s*:\s*"[^"]*"`).ReplaceAllStringFunc(a.Body, func(s string) string {
			return strings.SplitN(s, ":", 2)[0]
		})
	}
	if shape(known) != shape(unknown) {
		t.Fatalf("answers differ: %s / %s", known.Body, unknown.Body)
	}
	a, _ := mailbox.Read(mailbox.Dir(app), "priya@example.com")
	c, _ := mailbox.Read(mailbox.Dir(app), "nobody@example.com")
	if len(a) != 1 || len(c) != 1 || eightDigits.ReplaceAllString(a[0].Text, "") != eightDigits.ReplaceAllString(c[0].Text, "") {
		t.Fatal("the mails differ between known and unknown addresses")
	}

	// the known, confirmed account is signed in (not duplicated)
	// the code still running is mailed again (nothing new is stored)
	otpID, code := askCode(t, j, app, "priya@example.com", testutil.Writes(0, 0, 0, map[string]int{"OnMailerSend": 1}))
	j.Do(t, verifyCode("priya's code", otpID, code, 200, codeRefused, `"id":"`+m.Id+`"`))
	if countUsers(t, app) != 1 {
		t.Fatal("duplicated account")
	}
}

// An account holding an address it never proved (stored before addresses
// had to be proven) neither blocks the address's owner nor is taken over:
// the owner's code signs them into their own new account, and the address
// leaves the other account for its pendingEmail.
func TestEmailCodeUnprovenAddressBlocksNobody(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	m := unproven(t, app, "priya", "priya@example.com")
	j := testutil.NewJourney(t, app)
	otpID, code := askCode(t, j, app, "priya@example.com", codeAsked)
	a := j.Do(t, verifyCode("the owner's code", otpID, code, 201,
		testutil.Writes(1, 1, 0), `"email":"priya@example.com"`)) // the owner's account; priya's unproven address set aside as pending
	after := testutil.Find(t, app, "users", m.Id)
	if !signedIn(a) || countUsers(t, app) != 2 {
		t.Fatal("the owner of the address was not signed in to an account of their own")
	}
	if after.Verified() || after.Email() != "" || after.GetString("pendingEmail") != "priya@example.com" || !after.ValidatePassword(testutil.Password) {
		t.Fatalf("the account holding the address unproven was changed or taken over: %v", after.PublicExport())
	}
}

func TestEmailCodeRateLimits(t *testing.T) {
	t.Parallel()
	// per address, see TestAStrangerCannotReplaceOrBlockTheMembersCode
	cfg := testutil.Config()
	cfg.RateLimits = true
	app := apptest.NewApp(t, cfg)
	defer app.Cleanup()
	j := testutil.NewJourney(t, app) // every step from one client address
	for i := range 6 {
		email := "client" + string(rune('a'+i)) + "@example.com"
		s := tests.ApiScenario{Name: "request " + strconv.Itoa(i+1), Method: http.MethodPost, URL: "/api/auth/email-code/request",
			Body: strings.NewReader(`{"email":"` + email + `","displayName":"C"}`), Headers: map[string]string{"Origin": testutil.Origin},
			ExpectedStatus: 200, ExpectedContent: []string{`"otpId":"`}, ExpectedEvents: codeAsked}
		if i == 5 { // the per-client limit: five a window
			s.ExpectedStatus, s.ExpectedContent, s.ExpectedEvents = 429, []string{`"status":429`}, testutil.Writes(0, 0, 0)
		}
		j.Step(t, s)
	}
}

func TestEmailCodeValidation(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, nil)
	origin := map[string]string{"Origin": testutil.Origin}
	noMail := func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		if msgs, _ := mailbox.Read(mailbox.Dir(app), ""); len(msgs) != 0 || countUsers(t, app) != 0 {
			t.Error("a refused request sent mail or created an account")
		}
	}
	refusedEarly := map[string]int{"*": 0} // refused before anything is stored or mailed
	scenarios := []tests.ApiScenario{
		{
			Name:            "missing both",
			Method:          http.MethodPost,
			URL:             "/api/auth/email-code/request",
			Body:            strings.NewReader(`{}`),
			Headers:         origin,
			ExpectedStatus:  400,
			ExpectedContent: []string{`"message":"Please provide both email and display name."`, `"message":"Email is required"`, `"message":"Display name is required"`},
			ExpectedEvents:  refusedEarly,
			TestAppFactory:  factory,
			AfterTestFunc:   noMail,
		},
		{
			Name:            "invalid e-mail",
			Method:          http.MethodPost,
			URL:             "/api/auth/email-code/request",
			Body:            strings.NewReader(`{"email":"Eve <eve@example.com>","displayName":"E"}`),
			Headers:         origin,
			ExpectedStatus:  400,
			ExpectedContent: []string{`"message":"Enter a valid e-mail address"`},
			ExpectedEvents:  refusedEarly,
			TestAppFactory:  factory,
			AfterTestFunc:   noMail,
		},
		{
			Name:            "wrong types",
			Method:          http.MethodPost,
			URL:             "/api/auth/email-code/request",
			Body:            strings.NewReader(`{"email":["a@b.c"],"displayName":5}`),
			Headers:         origin,
			ExpectedStatus:  400,
			ExpectedContent: []string{`"status":400`},
			ExpectedEvents:  refusedEarly,
			TestAppFactory:  factory,
			AfterTestFunc:   noMail,
		},
		{
			Name:            "malformed JSON",
			Method:          http.MethodPost,
			URL:             "/api/auth/email-code/request",
			Body:            strings.NewReader(`{"email":`),
			Headers:         origin,
			ExpectedStatus:  400,
			ExpectedContent: []string{`"message":"The request body is not valid JSON."`},
			ExpectedEvents:  refusedEarly,
			TestAppFactory:  factory,
			AfterTestFunc:   noMail,
		},
		{
			Name:            "oversized body",
			Method:          http.MethodPost,
			URL:             "/api/auth/email-code/request",
			Body:            strings.NewReader(`{"email":"` + strings.Repeat("x", 20<<10) + `"}`),
			Headers:         origin,
			ExpectedStatus:  413,
			ExpectedContent: []string{`"status":413`},
			ExpectedEvents:  refusedEarly,
			TestAppFactory:  factory,
			AfterTestFunc:   noMail,
		},
		{
			Name:            "overlong display name",
			Method:          http.MethodPost,
			URL:             "/api/auth/email-code/request",
			Body:            strings.NewReader(`{"email":"a@example.com","displayName":"` + strings.Repeat("x", 81) + `"}`),
			Headers:         origin,
			ExpectedStatus:  400,
			ExpectedContent: []string{"Display name must be at most 80 characters"},
			ExpectedEvents:  refusedEarly,
			TestAppFactory:  factory,
			AfterTestFunc:   noMail,
		},
		{
			Name:            "verify without fields",
			Method:          http.MethodPost,
			URL:             "/api/auth/email-code/verify",
			Body:            strings.NewReader(`{}`),
			Headers:         origin,
			ExpectedStatus:  400,
			ExpectedContent: []string{`"message":"Request a code first"`, `"message":"Enter the code from the e-mail"`, `"message":"Display name is required"`},
			ExpectedEvents:  refusedEarly,
			TestAppFactory:  factory,
			AfterTestFunc:   noMail,
		},
		{
			Name:            "verify an unknown code id",
			Method:          http.MethodPost,
			URL:             "/api/auth/email-code/verify",
			Body:            strings.NewReader(`{"otpId":"abc123","code":"123456","displayName":"X"}`),
			Headers:         origin,
			ExpectedStatus:  400,
			ExpectedContent: []string{"This code is no longer valid. Request a new code."},
			ExpectedEvents:  refusedEarly,
			TestAppFactory:  factory,
			AfterTestFunc:   noMail,
		},
		{Name: "cross-site request", Method: http.MethodPost, URL: "/api/auth/email-code/request",
			Body: strings.NewReader(`{"email":"a@example.com","displayName":"A"}`), Headers: map[string]string{"Origin": "https://evil.example"},
			ExpectedStatus: 403, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{"Cross-origin request rejected."}, TestAppFactory: factory, AfterTestFunc: noMail},
	}
	for _, s := range scenarios {
		s.Test(t)
	}
}
