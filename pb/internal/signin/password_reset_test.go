package signin_test

import (
	"fmt"
	"maps"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/queue"
	"sponsorbridge/pb/internal/session"
	"sponsorbridge/pb/internal/signin"
	"sponsorbridge/pb/internal/testutil"
)

const (
	resetRequestPath = "/api/auth/password-reset/request"
	resetConfirmPath = "/api/auth/password-reset/confirm"
	resetSubject     = "Your SponsorBridge password reset code: "
	msgResetWrong    = "That code is not right, or it is no longer valid. Check the newest e-mail, or ask for a new code."
	msgResetTooMany  = "Too many wrong codes were typed for this username or e-mail address. Try again in 24 hours."
	msgBadLogin      = "Invalid username or password."
	msgAccountLocked = "Too many failed sign-in attempts for this account."
	noticeSubject    = "Your SponsorBridge password was changed"
)

var (
	// a reset code issued on a key without one: the key's proof and the
	// code (mailed after the answer, to a member's proven address only)
	resetIssued = testutil.WritesAmidMail(2, 0)
	// a new code on a key whose proof is there
	resetReissued = testutil.WritesAmidMail(1, 0)
	// the key's code still valid: answered again, nothing stored
	resetAnsweredAgain = testutil.WritesAmidMail(0, 0)
	// the password set: the member (the code goes by one statement, the
	// notice after the answer)
	passwordSet = testutil.WritesAmidMail(0, 1)
	// a refused reset: wrong codes are counted in SQL, outside the record hooks
	resetRefused = map[string]int{"*": 0}
	// a password sign-in, let in or not: nothing stored
	signInEvents = map[string]int{"*": 0}
)

// afterTheQueue waits for the mail a step left to the background queue,
// so that its events stay out of the next step's.
func afterTheQueue(_ testing.TB, app *tests.TestApp, _ *http.Response) { queue.Of(app).Wait() }

// resetAsked is the call of a reset request for login.
func resetAsked(name, login string, status int, events map[string]int, content ...string) testutil.Call {
	return testutil.Call{Name: name, Method: http.MethodPost, URL: resetRequestPath,
		Body:   `{"login":"` + login + `"}`,
		Status: status, Events: events, Want: content, After: afterTheQueue}
}

// resetConfirmed is the call of a reset of login's password with code.
func resetConfirmed(name, login, code, password string, status int, events map[string]int, content ...string) testutil.Call {
	return testutil.Call{Name: name, Method: http.MethodPost, URL: resetConfirmPath,
		Body:   `{"login":"` + login + `","code":"` + code + `","password":"` + password + `"}`,
		Status: status, Events: events, Want: content, After: afterTheQueue}
}

// passwordSignIn is the call of a sign-in as username with password.
func passwordSignIn(name, username, password string, status int, content ...string) testutil.Call {
	return testutil.Call{Name: name, Method: http.MethodPost, URL: "/api/login",
		Body:   `{"username":"` + username + `","password":"` + password + `"}`,
		Status: status, Events: signInEvents, Want: content}
}

// whoAmI is the call of GET /api/user with headers (a session cookie).
func whoAmI(name string, headers map[string]string, status int, content string) testutil.Call {
	return testutil.Call{Name: name, Method: http.MethodGet, URL: "/api/user", Headers: headers,
		Status: status, Events: testutil.NoWrites(), Want: []string{content}}
}

// from is s sent by the client at ip, for an app that reads the client's
// address from X-Real-Ip (proxied).
func from(ip string, c testutil.Call) testutil.Call {
	c.Headers = maps.Clone(c.Headers)
	if c.Headers == nil {
		c.Headers = map[string]string{"Origin": testutil.Origin}
	}
	c.Headers["X-Real-Ip"] = ip
	return c
}

// proxied is the test configuration with the client's address read from
// X-Real-Ip, so that one app serves clients at many addresses.
func proxied(rateLimits bool) *config.Config {
	cfg := testutil.Config()
	cfg.RateLimits = rateLimits
	cfg.TrustedProxyHeaders = []string{"X-Real-Ip"}
	return cfg
}

// resetMails are the reset mails to address, newest first, once the
// background queue (which sends them after the answer) is idle.
func resetMails(t testing.TB, app core.App, address string) []mailbox.Message {
	t.Helper()
	queue.Of(app).Wait()
	msgs, err := mailbox.Read(mailbox.Dir(app), address)
	if err != nil {
		t.Fatal(err)
	}
	out := msgs[:0]
	for _, m := range msgs {
		if strings.HasPrefix(m.Subject, resetSubject) {
			out = append(out, m)
		}
	}
	return out
}

// notices counts the mails to address telling of a new password.
func notices(t testing.TB, app core.App, address string) int {
	t.Helper()
	queue.Of(app).Wait()
	msgs, err := mailbox.Read(mailbox.Dir(app), address)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, m := range msgs {
		if m.Subject == noticeSubject {
			n++
		}
	}
	return n
}

// newestResetCode is the code of the newest reset mail to address.
func newestResetCode(t testing.TB, app core.App, address string) string {
	t.Helper()
	mails := resetMails(t, app, address)
	if len(mails) == 0 {
		t.Fatalf("no reset mail to %s", address)
	}
	code := eightDigits.FindString(mails[0].Text)
	if code == "" {
		t.Fatalf("no code in %q", mails[0].Text)
	}
	return code
}

// resetCode asks for a reset of login, a step of j that writes events, and
// reads the code mailed to address.
func resetCode(t *testing.T, j *testutil.Journey, app core.App, login, address string, events map[string]int) string {
	t.Helper()
	j.Do(t, resetAsked("a reset asked for "+login, login, 200, events, `{"expiresInMinutes":10}`))
	return newestResetCode(t, app, address)
}

// A forgotten password: a code to the proven address, a new password, and
// every session of the account ends; the address is told, and the account
// can be signed in with the new password only.
func TestPasswordResetSetsANewPasswordAndEndsEverySession(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	m := testutil.CreateMember(t, app, "kai", testutil.MemberOpts{Email: "kai@example.com"})
	laptop := testutil.Cookie(t, m)
	j := testutil.NewJourney(t, app)
	phone := j.Do(t, passwordSignIn("the phone signs in", "kai", testutil.Password, 200, `"username":"kai"`)).Cookie(session.CookieName)
	if phone == "" {
		t.Fatal("the phone's sign-in set no session")
	}

	// a page open on the phone, and another member's
	phonePage := testutil.Listen(t, j, app, "the phone's page listens", map[string]string{"Cookie": session.CookieName + "=" + phone, "Origin": testutil.Origin}, session.EndedTopic)
	testutil.CreateMember(t, app, "lea", testutil.MemberOpts{})
	leasPage := testutil.Listen(t, j, app, "another member's page listens", testutil.Cookie(t, testutil.FindByUsername(t, app, "lea")), session.EndedTopic)

	code := resetCode(t, j, app, "kai@example.com", "kai@example.com", resetIssued)
	mail := resetMails(t, app, "kai@example.com")[0]
	if !strings.Contains(mail.Text, "for your account kai") || !strings.Contains(mail.Text, "expires in 10 minutes") {
		t.Errorf("the mail does not name the account or the expiry: %q", mail.Text)
	}
	a := j.Do(t, resetConfirmed("the right code", "kai@example.com", code, "brand-new-pass", 200, passwordSet, `{"username":"kai"}`))
	if signedIn(a) {
		t.Error("the reset signed the browser in; the member signs in with the new password")
	}
	// the open page is told at once, and why (it moves to the sign-in with a line)
	if m, ok := testutil.Heard(phonePage); !ok || m.Name != session.EndedTopic || string(m.Data) != `{"reason":"password_reset"}` {
		t.Errorf("the phone's open page heard %q %s (%v), want the reset", m.Name, m.Data, ok)
	}
	if m, ok := testutil.Heard(leasPage); ok {
		t.Errorf("another member's page heard %q %s", m.Name, m.Data)
	}

	j.Do(t, whoAmI("the session signed in before the reset", map[string]string{"Cookie": session.CookieName + "=" + phone}, 401, `"status":401`))
	j.Do(t, whoAmI("another session", laptop, 401, `"status":401`))
	j.Do(t, passwordSignIn("the old password", "kai", testutil.Password, 401, msgBadLogin))
	j.Do(t, passwordSignIn("the new password", "kai", "brand-new-pass", 200, `"username":"kai"`))

	if n := notices(t, app, "kai@example.com"); n != 1 {
		t.Errorf("%d notices of the new password to the proven address, want 1", n)
	}
	j.Do(t, resetConfirmed("the code again", "kai", code, "another-pass", 400, resetRefused, msgResetWrong))
}

// Requests racing with one code: one sets its password, the others are
// refused, and one notice goes out.
func TestAResetCodeWorksOnceUnderConcurrency(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	m := testutil.CreateMember(t, app, "kai", testutil.MemberOpts{Email: "kai@example.com"})
	srv := testutil.Serve(t, app) // requests at the same time: a real server
	origin := map[string]string{"Origin": testutil.Origin}
	if status, body := testutil.DoRead(t, srv, http.MethodPost, resetRequestPath, `{"login":"kai"}`, origin); status != 200 {
		t.Fatalf("the reset request answered %d: %s", status, body)
	}
	code := newestResetCode(t, app, "kai@example.com")

	app.ResetEventCalls()
	const n = 20
	var wg sync.WaitGroup
	var mu sync.Mutex
	statuses := map[int]int{}
	won := ""
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			password := "racing-pass-" + string(rune('a'+i))
			status, _ := testutil.DoRead(t, srv, http.MethodPost, resetConfirmPath,
				`{"login":"kai","code":"`+code+`","password":"`+password+`"}`, origin)
			mu.Lock()
			defer mu.Unlock()
			statuses[status]++
			if status == 200 {
				won = password
			}
		}()
	}
	wg.Wait()
	// The losers are refused: 400 while the address has wrong-code budget
	// left; a loser that compares after the winner used the code spends
	// that budget (the code is no longer valid), so under a slow scheduler
	// the last ones may meet the budget's 429 instead.
	if statuses[200] != 1 || statuses[400]+statuses[429] != n-1 {
		t.Fatalf("%d requests with one code: %v, want one 200 and %d refused (400, or 429 once the wrong-code budget is spent)", n, statuses, n-1)
	}
	queue.Of(app).Wait()
	// all of them together: the winner's member saved and its notice mailed
	testutil.ExpectEvents(t, app, testutil.Writes(0, 1, 0, map[string]int{"OnMailerSend": 1}))
	if after := testutil.Find(t, app, "users", m.Id); !after.ValidatePassword(won) {
		t.Error("the stored password is not the one the successful request set")
	}
	if got := notices(t, app, "kai@example.com"); got != 1 {
		t.Errorf("%d notices of a new password, want 1", got)
	}
}

// Every login takes the same path: a member's address or username, an
// address or name nobody has, a member without a proven address, an
// address held unproven. Status and body are the same for each, at the
// request, at a wrong code and at the budget's end; only a member's proven
// address gets mail.
func TestPasswordResetAnswersTheSameForEveryLogin(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	testutil.CreateMember(t, app, "byaddress", testutil.MemberOpts{Email: "byaddress@example.com"})
	testutil.CreateMember(t, app, "byname", testutil.MemberOpts{Email: "byname@example.com"})
	testutil.CreateMember(t, app, "noaddress", testutil.MemberOpts{})
	unproven(t, app, "legacy", "legacy@example.com")
	j := testutil.NewJourney(t, app)

	logins := []string{
		"byaddress@example.com", "ByName", // members with a proven address
		"nobody@example.com", "nobody", // no account
		"noaddress", "legacy@example.com", // an account without a proven address
	}
	leaks := []string{"@", "otpId", `"username"`, "byaddress", "byname"}
	same := func(step string, answers []testutil.Answer) {
		t.Helper()
		for i, a := range answers {
			if a.Status != answers[0].Status || a.Body != answers[0].Body || !closeSeconds(a, answers[0]) {
				t.Errorf("%s: %q answers %d %s; %q answers %d %s", step, logins[i], a.Status, a.Body,
					logins[0], answers[0].Status, answers[0].Body)
			}
		}
	}

	var answers []testutil.Answer
	for _, login := range logins {
		s := resetAsked("a reset asked for "+login, login, 200, resetIssued, `{"expiresInMinutes":10}`) // a code on every login's key
		s.NotWant = leaks
		answers = append(answers, j.Do(t, s))
	}
	same("request", answers)
	for _, address := range []string{"byaddress@example.com", "byname@example.com"} {
		if got := len(resetMails(t, app, address)); got != 1 {
			t.Errorf("%d reset mails to the proven address %s, want 1", got, address)
		}
	}
	for _, address := range []string{"legacy@example.com", "nobody@example.com"} {
		if got := len(resetMails(t, app, address)); got != 0 {
			t.Errorf("%d reset mails to %s, which is no member's proven address", got, address)
		}
	}

	for try := 1; try <= 11; try++ {
		answers = answers[:0]
		status, content := 400, msgResetWrong
		if try == 11 {
			status, content = 429, msgResetTooMany
		}
		for _, login := range logins {
			s := resetConfirmed(fmt.Sprintf("wrong code %d for %s", try, login), login, "000000", "new-password", status, resetRefused, content)
			s.NotWant = leaks
			answers = append(answers, j.Do(t, s))
		}
		same(fmt.Sprintf("wrong code %d", try), answers)
	}
}

// closeSeconds: the two answers' Retry-After are both absent or within a
// second (each counts from its own first wrong code, a moment apart).
func closeSeconds(a, b testutil.Answer) bool {
	x, errX := strconv.Atoi(a.Header.Get("Retry-After"))
	y, errY := strconv.Atoi(b.Header.Get("Retry-After"))
	if errX != nil || errY != nil {
		return (errX != nil) == (errY != nil)
	}
	return x-y <= 1 && y-x <= 1
}

// A code is for one purpose: a sign-in code sets no password, a reset code
// signs nobody in and confirms no address, and the two do not replace or
// use up each other.
func TestResetAndSignInCodesAreKeptApart(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	testutil.CreateMember(t, app, "kai", testutil.MemberOpts{Email: "kai@example.com"})
	other := testutil.CreateMember(t, app, "other", testutil.MemberOpts{})
	j := testutil.NewJourney(t, app)
	signInCodeAsked := func(name string, events map[string]int, content string) {
		j.Step(t, tests.ApiScenario{Name: name, Method: http.MethodPost, URL: requestPath,
			Body: strings.NewReader(`{"email":"kai@example.com","displayName":"Someone"}`), Headers: map[string]string{"Origin": testutil.Origin},
			ExpectedStatus: 200, ExpectedEvents: events, ExpectedContent: []string{content}})
	}

	// two sign-in mails (the code's allowance), then a reset still mails
	otpID, signInCode := askCode(t, j, app, "kai@example.com", codeAsked)
	signInCodeAsked("the sign-in code asked again", resent, `"otpId":"`+otpID+`"`)
	resetCodeValue := resetCode(t, j, app, "kai", "kai@example.com", resetReissued) // the address's proof is there
	if resetCodeValue == signInCode {
		t.Fatal("the reset mail carries the sign-in code")
	}
	signInCodeAsked("the sign-in code asked after the reset", answeredAgain, `"otpId":"`+otpID+`"`) // still the same sign-in code

	var answers []testutil.Answer
	// a sign-in code sets no password
	answers = append(answers, j.Do(t, resetConfirmed("the sign-in code for a reset", "kai", signInCode, "new-password", 400, resetRefused, msgResetWrong)))
	// a reset code signs nobody in (by the reset code's own id too)
	var resetOTP string
	if err := app.DB().NewQuery("SELECT id FROM _otps WHERE sentTo = 'password-reset:kai@example.com'").Row(&resetOTP); err != nil {
		t.Fatal(err)
	}
	answers = append(answers,
		j.Do(t, verifyCode("the reset code by its own id", resetOTP, resetCodeValue, 400, codeRefused, "This code is no longer valid. Request a new code.")),
		j.Do(t, verifyCode("the reset code for the sign-in code", otpID, resetCodeValue, 400, codeRefused, "That code is not right.")))
	// and confirms no address in Settings
	other.Set("pendingEmail", "kai@example.com")
	if err := app.Save(other); err != nil {
		t.Fatal(err)
	}
	answers = append(answers, j.Step(t, tests.ApiScenario{Name: "the reset code for an address in Settings", Method: http.MethodPost,
		URL: "/api/user/email/confirm", Body: strings.NewReader(`{"code":"` + resetCodeValue + `"}`), Headers: testutil.Cookie(t, other),
		ExpectedStatus: 400, ExpectedEvents: codeRefused, ExpectedContent: []string{`"status":400`}}))
	for _, a := range answers {
		if signedIn(a) {
			t.Fatalf("a refused code signed in: %s", a.Body)
		}
	}

	// both codes still work for their own purpose
	j.Do(t, resetConfirmed("the reset code for a reset", "kai", resetCodeValue, "new-password", 200, passwordSet, `{"username":"kai"}`))
	j.Do(t, verifyCode("the sign-in code for a sign-in", otpID, signInCode, 200, testutil.NoWrites(), `"username":"kai"`))
}

// The wrong codes typed with an address are one count for its sign-in
// and reset codes: 5 of each, then even the right reset code typed with the
// address is refused. Typed with the username, the same code has its own
// count (TestASpentUsernameBudgetDoesNotTellItsAddress says why).
func TestResetWrongCodesShareTheAddressBudget(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	testutil.CreateMember(t, app, "kai", testutil.MemberOpts{Email: "kai@example.com"})
	j := testutil.NewJourney(t, app)
	otpID, signInCode := askCode(t, j, app, "kai@example.com", codeAsked)
	code := resetCode(t, j, app, "kai", "kai@example.com", resetReissued)
	for i := range 5 {
		n := strconv.Itoa(i + 1)
		j.Do(t, verifyCode("a wrong sign-in code "+n, otpID, wrong(signInCode), 400, codeRefused, "That code is not right."))
		j.Do(t, resetConfirmed("a wrong reset code "+n, "kai@example.com", wrong(code), "new-password", 400, resetRefused, msgResetWrong))
	}
	a := j.Do(t, resetConfirmed("the right reset code past the budget", "kai@example.com", code, "new-password", 429, resetRefused, msgResetTooMany))
	if a.Header.Get("Retry-After") == "" {
		t.Error("no Retry-After")
	}
	j.Do(t, resetConfirmed("the right reset code typed with the username", "kai", code, "new-password", 200, passwordSet, `{"username":"kai"}`))
}

// A stranger who spends a username's wrong codes learns nothing about its
// private address, nor the other way round: every address typed next
// answers alike (the December 2026 red team saw 429 only for the member's own
// address), and so does every username after an address's budget is spent.
func TestASpentUsernameBudgetDoesNotTellItsAddress(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	testutil.CreateMember(t, app, "kai", testutil.MemberOpts{Email: "kai@example.com"})
	testutil.CreateMember(t, app, "dan", testutil.MemberOpts{Email: "dan@example.com"})
	j := testutil.NewJourney(t, app)
	type answer struct {
		status int
		body   string
	}
	// each login asks for a reset, then types one wrong code
	probe := func(login string) answer {
		j.Do(t, resetAsked("a reset asked for "+login, login, 200, nil, `{"expiresInMinutes":10}`))
		a := j.Do(t, resetConfirmed("a guess for "+login, login, "00000000", "new-password", 400, resetRefused, msgResetWrong))
		return answer{a.Status, a.Body}
	}

	code := resetCode(t, j, app, "kai", "kai@example.com", resetIssued)
	for i := range 10 {
		j.Do(t, resetConfirmed("a wrong code for kai "+strconv.Itoa(i+1), "kai", wrong(code), "new-password", 400, resetRefused, msgResetWrong))
	}
	j.Do(t, resetConfirmed("kai's budget is spent", "kai", wrong(code), "new-password", 429, resetRefused, msgResetTooMany))
	own, other, nobody := probe("kai@example.com"), probe("dan@example.com"), probe("nobody@example.com")
	if own != other || own != nobody {
		t.Errorf("after kai's budget, kai's address answers %+v, dan's %+v, nobody's %+v", own, other, nobody)
	}

	// the other way round: dan's address spent (its probe above typed the
	// first wrong code), then the usernames
	dcode := resetCode(t, j, app, "dan@example.com", "dan@example.com", resetAnsweredAgain)
	for i := range 9 {
		j.Do(t, resetConfirmed("a wrong code for dan's address "+strconv.Itoa(i+1), "dan@example.com", wrong(dcode), "new-password", 400, resetRefused, msgResetWrong))
	}
	j.Do(t, resetConfirmed("dan's address's budget is spent", "dan@example.com", wrong(dcode), "new-password", 429, resetRefused, msgResetTooMany))
	byName, otherName := probe("dan"), probe("nobody")
	if byName != otherName {
		t.Errorf("after dan's address's budget, dan answers %+v, a name nobody has %+v", byName, otherName)
	}
}

// The per-address bound: however many clients ask, one code, mailed twice.
// The per-client limits: 5 requests and 10 confirmations a minute.
func TestPasswordResetRateLimits(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, proxied(false))
	defer app.Cleanup()
	testutil.CreateMember(t, app, "kai", testutil.MemberOpts{Email: "kai@example.com"})
	j := testutil.NewJourney(t, app)
	for i := range 6 {
		events := resetAnsweredAgain // the code the address has, mailed once more, then not
		if i == 0 {
			events = resetIssued
		}
		j.Do(t, from("203.0.113."+strconv.Itoa(i+1), resetAsked("a client asks, "+strconv.Itoa(i+1), "kai", 200, events, `{"expiresInMinutes":10}`)))
	}
	mails := resetMails(t, app, "kai@example.com")
	if len(mails) != 2 {
		t.Errorf("%d reset mails for 6 requests, want 2", len(mails))
	}
	if len(mails) == 2 && eightDigits.FindString(mails[0].Text) != eightDigits.FindString(mails[1].Text) {
		t.Error("a resend carries another code")
	}

	limited := apptest.NewApp(t, proxied(true))
	defer limited.Cleanup()
	l := testutil.NewJourney(t, limited)
	const client = "198.51.100.1"
	for i := range 6 {
		name := "name" + string(rune('a'+i))
		s := resetAsked("request "+strconv.Itoa(i+1)+" of a client", name, 200, resetIssued, `{"expiresInMinutes":10}`)
		if i == 5 {
			s = resetAsked("request 6 of the client, past its limit", name, 429, resetRefused, `"status":429`)
		}
		l.Do(t, from(client, s))
	}
	l.Do(t, from("198.51.100.7", resetAsked("another client", "another", 200, resetIssued, `{"expiresInMinutes":10}`)))
	for i := range 11 {
		// refused before any code is compared
		s := resetConfirmed("confirmation "+strconv.Itoa(i+1)+" of the client", "kai", "123456", "short", 400, resetRefused,
			"Password must be at least 6 characters")
		if i == 10 {
			s = resetConfirmed("confirmation 11 of the client, past its limit", "kai", "123456", "short", 429, resetRefused, `"status":429`)
		}
		l.Do(t, from(client, s))
	}
}

// An expired code sets no password; a new request makes a new one.
func TestResetCodeExpires(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	testutil.CreateMember(t, app, "kai", testutil.MemberOpts{Email: "kai@example.com"})
	j := testutil.NewJourney(t, app)
	code := resetCode(t, j, app, "kai", "kai@example.com", resetIssued)
	var otpID string
	if err := app.DB().NewQuery("SELECT id FROM _otps WHERE sentTo LIKE 'password-reset:%'").Row(&otpID); err != nil {
		t.Fatal(err)
	}
	expire(t, app, otpID)
	j.Do(t, resetConfirmed("the expired code", "kai", code, "new-password", 400, testutil.Writes(0, 0, 1), msgResetWrong)) // the code, deleted
	fresh := resetCode(t, j, app, "kai", "kai@example.com", resetReissued)
	j.Do(t, resetConfirmed("the new code", "kai", fresh, "new-password", 200, passwordSet, `{"username":"kai"}`))
}

// The failed sign-ins that made the member ask for a reset do not lock out
// the new password: the reset proves the account, so its lock is lifted.
func TestAResetLiftsTheSignInLock(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, proxied(true))
	defer app.Cleanup()
	testutil.CreateMember(t, app, "kai", testutil.MemberOpts{Email: "kai@example.com"})
	j := testutil.NewJourney(t, app)
	for i := range 6 { // from six clients: no client reaches its own limit
		s := passwordSignIn("a forgotten password "+strconv.Itoa(i+1), "kai", "forgotten-pass", 401, msgBadLogin)
		if i == 5 { // five failures lock the account
			s = passwordSignIn("a forgotten password 6, on the locked account", "kai", "forgotten-pass", 429, msgAccountLocked)
		}
		j.Do(t, from("198.51.100."+strconv.Itoa(i+1), s))
	}
	j.Do(t, from("198.51.100.9", passwordSignIn("the right password on the locked account", "kai", testutil.Password, 429, msgAccountLocked)))
	code := resetCode(t, j, app, "kai", "kai@example.com", resetIssued)
	j.Do(t, resetConfirmed("the reset", "kai", code, "brand-new-pass", 200, passwordSet, `{"username":"kai"}`))
	j.Do(t, from("203.0.113.9", passwordSignIn("the new password from a new browser", "kai", "brand-new-pass", 200, `"username":"kai"`)))
}

// What an outsider's reset requests cost in the database: each login
// nobody has leaves a proof (its stand-in address) and a code until its
// next request. Measured per login, to bound it (docs/security.md,
// "Forgotten passwords"); the per-client limit bounds how many a client adds.
func TestResetRowsPerUnknownLogin(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	j := testutil.NewJourney(t, app)
	size := func() int64 {
		var pages, pageSize int64
		if err := app.DB().NewQuery("PRAGMA page_count").Row(&pages); err != nil {
			t.Fatal(err)
		}
		if err := app.DB().NewQuery("PRAGMA page_size").Row(&pageSize); err != nil {
			t.Fatal(err)
		}
		return pages * pageSize
	}
	j.Do(t, resetAsked("a first login, for the tables' first pages", "warmup", 200, resetIssued, `{"expiresInMinutes":10}`))
	before := size()
	// 100 logins: a page of 4 KiB more or less moves the answer by 41
	// bytes, well inside the bound (400 cost 2 s of CPU, for 10 bytes)
	const n = 100
	for i := range n {
		login := fmt.Sprintf("nobody%04d", i)
		if i%2 == 1 {
			login += "@example.com"
		}
		j.Do(t, resetAsked("a reset asked for "+login, login, 200, resetIssued, `{"expiresInMinutes":10}`))
	}
	perLogin := (size() - before) / n
	t.Logf("%d bytes of data.db per login nobody has (%d logins)", perLogin, n)
	if perLogin > 1024 {
		t.Errorf("%d bytes per unknown login, want at most 1 KiB", perLogin)
	}
	if msgs, _ := mailbox.Read(mailbox.Dir(app), ""); len(msgs) != 0 {
		t.Errorf("%d mails for logins nobody has", len(msgs))
	}
}

// One client spreads its guesses over many accounts: 50 wrong codes a day
// in all, whichever addresses and routes, then no code it types is
// compared, the right one included, while other clients go on. An IPv6
// client is its /64.
func TestWrongCodesAreCappedPerClient(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, proxied(true))
	defer app.Cleanup()
	var logins, codes []string
	for i := range 12 {
		login := fmt.Sprintf("mem%d@example.com", i)
		testutil.CreateMember(t, app, fmt.Sprintf("mem%d", i), testutil.MemberOpts{Email: login})
		code, err := signin.ResetCodeFor(app, login)
		if err != nil {
			t.Fatal(err)
		}
		logins, codes = append(logins, login), append(codes, code)
	}
	j := testutil.NewJourney(t, app)
	app.Settings().RateLimits.Rules = nil // (after the start applied them) the per-client request limits would stop the test first
	tooMany := "Too many wrong codes were typed from your network today. Try again in 24 hours."
	// client guesses over six accounts (at most 9 each: under the address's 10)
	spend := func(client string, first int) {
		for i := range limits.ClientMaxWrongCodes {
			n := first + i%6
			j.Do(t, from(client, resetConfirmed(fmt.Sprintf("wrong code %d from %s", i+1, client), logins[n], wrong(codes[n]), "new-password",
				400, resetRefused, msgResetWrong)))
		}
	}

	spend("203.0.113.9", 0)
	a := j.Do(t, from("203.0.113.9", resetConfirmed("the right code past the client's 50", logins[0], codes[0], "new-password", 429, resetRefused, tooMany)))
	if a.Header.Get("Retry-After") == "" {
		t.Error("no Retry-After")
	}
	j.Do(t, from("198.51.100.4", resetConfirmed("the right code from another client", logins[0], codes[0], "new-password", 200, passwordSet, `{"username":"mem0"}`)))

	spend("2001:db8:1:2::1", 6)
	j.Do(t, from("2001:db8:1:2:aaaa::7", resetConfirmed("another address of the same /64", logins[6], codes[6], "new-password", 429, resetRefused, tooMany)))
	j.Do(t, from("2001:db8:1:3::1", resetConfirmed("the next /64", logins[6], codes[6], "new-password", 200, passwordSet, `{"username":"mem6"}`)))
}
