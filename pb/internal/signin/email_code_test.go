package signin_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/testutil"
)

var sixDigits = regexp.MustCompile(`\b(\d{6})\b`)

// requestCode asks for a code and reads it from the development mailbox.
func requestCode(t testing.TB, app *tests.TestApp, b *browser, email string) (otpID, code string) {
	t.Helper()
	rec := b.do(http.MethodPost, "/api/auth/email-code/request", `{"email":"`+email+`","displayName":"Nia Okafor"}`, nil)
	expectStatus(t, rec, http.StatusOK, `"otpId":"`)
	otpID, _ = decode(t, rec)["otpId"].(string)
	return otpID, mailedCode(t, app, email)
}

// mailedCode is the code of the newest mail to email in the development mailbox.
func mailedCode(t testing.TB, app core.App, email string) string {
	t.Helper()
	msgs, err := mailbox.Read(mailbox.Dir(app), email)
	if err != nil || len(msgs) == 0 {
		t.Fatalf("no mail for %s in the mailbox: %v", email, err)
	}
	m := sixDigits.FindStringSubmatch(msgs[0].Text)
	if m == nil {
		t.Fatalf("no code in %q", msgs[0].Text)
	}
	return m[1]
}

func verify(b *browser, otpID, code string) *httpRec {
	return b.do(http.MethodPost, "/api/auth/email-code/verify",
		`{"otpId":"`+otpID+`","code":"`+code+`","displayName":"Nia Okafor"}`, nil)
}

func wrong(code string) string {
	if code == "000000" {
		return "111111"
	}
	return "000000"
}

func TestEmailCodeCreatesAccountOnlyWhenProven(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t, nil)
	b := newBrowser(t, app)
	otpID, code := requestCode(t, app, b, "nia@example.com")
	if countUsers(t, app) != 0 {
		t.Fatal("an account was created before the code was proven")
	}

	rec := verify(b, otpID, wrong(code))
	expectStatus(t, rec, 400, "That code is not right. Check the e-mail and try again.")
	if b.signedIn() || countUsers(t, app) != 0 {
		t.Fatal("a wrong code signed in")
	}

	rec = verify(b, otpID, code)
	expectStatus(t, rec, 201, `"displayName":"Nia Okafor"`, `"email":"nia@example.com"`, `"providerId":"email"`, `"username":"nia"`)
	if !b.signedIn() || countUsers(t, app) != 1 || !testutil.FindByUsername(t, app, "nia").Verified() {
		t.Fatal("no session or no confirmed account")
	}

	replay := b.sibling("203.0.113.7")
	rec = verify(replay, otpID, code)
	expectStatus(t, rec, 400, "This code has already been used. Request a new code.")
	if replay.signedIn() {
		t.Fatal("a replayed code signed in")
	}

	// the next sign-in with a new code finds the same account
	again := b.sibling("203.0.113.8")
	otpID, code = requestCode(t, app, again, "NIA@example.com")
	expectStatus(t, verify(again, otpID, code), 200, `"username":"nia"`)
	if countUsers(t, app) != 1 {
		t.Fatal("a second account was created")
	}
}

func TestEmailCodeExpired(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t, nil)
	b := newBrowser(t, app)
	otpID, code := requestCode(t, app, b, "late@example.com")
	expire(t, app, otpID)
	expectStatus(t, verify(b, otpID, code), 400, "This code has expired. Request a new code.")
	if b.signedIn() || countUsers(t, app) != 0 {
		t.Fatal("signed in after expiry")
	}
}

func TestEmailCodeNoEnumeration(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t, nil)
	m := testutil.CreateMember(t, app, "priya", testutil.MemberOpts{Email: "priya@example.com"})
	m.SetVerified(true)
	if err := app.Save(m); err != nil {
		t.Fatal(err)
	}
	b := newBrowser(t, app)
	known := b.do(http.MethodPost, "/api/auth/email-code/request", `{"email":"priya@example.com","displayName":"P"}`, nil)
	unknown := b.do(http.MethodPost, "/api/auth/email-code/request", `{"email":"nobody@example.com","displayName":"P"}`, nil)
	shape := func(rec *httpRec) string {
		return regexp.MustCompile(`"[^"]*"\s*:\s*"[^"]*"`).ReplaceAllStringFunc(rec.Body.String(), func(s string) string {
			return strings.SplitN(s, ":", 2)[0]
		})
	}
	if known.Code != 200 || unknown.Code != 200 || shape(known) != shape(unknown) {
		t.Fatalf("answers differ: %d %s / %d %s", known.Code, known.Body, unknown.Code, unknown.Body)
	}
	a, _ := mailbox.Read(mailbox.Dir(app), "priya@example.com")
	c, _ := mailbox.Read(mailbox.Dir(app), "nobody@example.com")
	if len(a) != 1 || len(c) != 1 || sixDigits.ReplaceAllString(a[0].Text, "") != sixDigits.ReplaceAllString(c[0].Text, "") {
		t.Fatal("the mails differ between known and unknown addresses")
	}

	// the known, confirmed account is signed in (not duplicated)
	otpID, code := requestCode(t, app, b.sibling("203.0.113.30"), "priya@example.com")
	expectStatus(t, verify(b, otpID, code), 200, `"id":"`+m.Id+`"`)
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
	app := testutil.NewApp(t, nil)
	m := unproven(t, app, "priya", "priya@example.com")
	b := newBrowser(t, app)
	otpID, code := requestCode(t, app, b, "priya@example.com")
	expectStatus(t, verify(b, otpID, code), 201, `"email":"priya@example.com"`)
	after := testutil.Find(t, app, "users", m.Id)
	if !b.signedIn() || countUsers(t, app) != 2 {
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
	limited := newBrowser(t, testutil.NewApp(t, cfg))
	statuses := []int{}
	for i := range 6 {
		rec := limited.do(http.MethodPost, "/api/auth/email-code/request",
			`{"email":"client`+string(rune('a'+i))+`@example.com","displayName":"C"}`, nil)
		statuses = append(statuses, rec.Code)
	}
	if statuses[4] != 200 || statuses[5] != 429 {
		t.Fatalf("per-client limit: %v", statuses)
	}
}

func TestEmailCodeValidation(t *testing.T) {
	t.Parallel()
	factory := testutil.Factory(nil, nil)
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
