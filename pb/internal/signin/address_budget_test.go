package signin_test

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/signin"
	"sponsorbridge/pb/internal/testutil"
	"sponsorbridge/pb/internal/when"
)

const (
	requestPath = "/api/auth/email-code/request"
	verifyPath  = "/api/auth/email-code/verify"
)

// expire moves a code's creation back past its ten minutes.
func expire(t testing.TB, app core.App, otpID string) {
	t.Helper()
	if _, err := app.DB().NewQuery("UPDATE _otps SET created = {:c} WHERE id = {:id}").
		Bind(dbx.Params{"c": when.Stored(time.Now().Add(-11 * time.Minute)), "id": otpID}).Execute(); err != nil {
		t.Fatal(err)
	}
}

func mailsTo(t testing.TB, app *tests.TestApp, address string) []mailbox.Message {
	t.Helper()
	msgs, err := mailbox.Read(mailbox.Dir(app), address)
	if err != nil {
		t.Fatal(err)
	}
	return msgs
}

// codeAskedFor is a code request for email riding cookies (name=value
// pairs), checked as events says; it answers the code id.
func codeAskedFor(t *testing.T, j *testutil.Journey, name, email string, events map[string]int, cookies ...string) string {
	t.Helper()
	var otp struct {
		OTPID string `json:"otpId"`
	}
	j.Do(t, testutil.Call{Name: name, Method: http.MethodPost, URL: requestPath,
		Body:    `{"email":"` + email + `","displayName":"Nia Okafor"}`,
		Headers: withCookies(cookies...), Status: 200, Want: []string{`"otpId":"`}, Events: events}).Decode(t, &otp)
	return otp.OTPID
}

// withCookies are the headers of a same-origin request carrying cookies.
func withCookies(cookies ...string) map[string]string {
	h := map[string]string{"Origin": testutil.Origin}
	if len(cookies) > 0 {
		h["Cookie"] = strings.Join(cookies, "; ")
	}
	return h
}

var (
	// a code answered again: mailed again once, then not
	resent, answeredAgain = map[string]int{"*": 0, "OnMailerSend": 1}, map[string]int{"*": 0}
	// a wrong code is counted by one statement, outside the record hooks
	wrongCode = map[string]int{"*": 0}
)

// A stranger who asks for codes for a member's address gets the member's
// current code id (the code only goes to the address), so the member's
// code keeps working, and nobody's requests shut the member out: before,
// each request replaced the code and three used up the address's
// allowance for 15 minutes.
func TestAStrangerCannotReplaceOrBlockTheMembersCode(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	j := testutil.NewJourney(t, app)
	otpID := codeAskedFor(t, j, "the member asks", "nia@example.com", codeAsked)
	code := mailedCode(t, app, "nia@example.com")

	for i := range 5 {
		events := answeredAgain
		if i == 0 {
			events = resent
		}
		if got := codeAskedFor(t, j, "a stranger asks, "+strconv.Itoa(i+1), "nia@example.com", events); got != otpID {
			t.Fatalf("request %d of a stranger replaced the member's code: %v, want %s", i+1, got, otpID)
		}
	}
	if got := codeAskedFor(t, j, `the member's "Send a new code"`, "nia@example.com", answeredAgain); got != otpID {
		t.Fatalf("the member's resend answered %s, want %s", got, otpID)
	}

	mails := mailsTo(t, app, "nia@example.com")
	if len(mails) != 2 {
		t.Errorf("%d mails for one code, want 2 (the code and one resend)", len(mails))
	}
	for _, m := range mails {
		if !strings.Contains(m.Text, code) {
			t.Errorf("a resend carries another code: %q", m.Text)
		}
	}
	j.Do(t, verifyCode("the member's code", otpID, code, 201, accountMade, `"email":"nia@example.com"`))

	// a used code makes room for a new one, and so does an expired one
	next := codeAskedFor(t, j, "a code after the used one", "nia@example.com", testutil.Writes(1, 0, 0, map[string]int{"OnMailerSend": 1}))
	if next == otpID {
		t.Fatal("a used code was answered again")
	}
	expire(t, app, next)
	if last := codeAskedFor(t, j, "a code after the expired one", "nia@example.com", testutil.Writes(1, 0, 1, map[string]int{"OnMailerSend": 1})); last == next {
		t.Fatal("an expired code was answered again")
	}
}

// Thirty requests at once for one address make one code and two mails.
func TestConcurrentCodeRequestsMakeOneCode(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	srv := testutil.Serve(t, app) // requests at the same time: a real server
	var wg sync.WaitGroup
	var mu sync.Mutex
	ids := map[string]int{}
	for range 30 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			status, body := testutil.DoRead(t, srv, http.MethodPost, requestPath, `{"email":"burst@example.com","displayName":"Someone"}`,
				map[string]string{"Origin": testutil.Origin})
			mu.Lock()
			defer mu.Unlock()
			if status != 200 {
				ids["status "+strconv.Itoa(status)]++
				return
			}
			var otp struct {
				OTPID string `json:"otpId"`
			}
			_ = json.Unmarshal([]byte(body), &otp)
			ids[otp.OTPID]++
		}()
	}
	wg.Wait()
	if len(ids) != 1 || ids[""] != 0 {
		t.Errorf("30 requests at once answered %v, want one code for all", ids)
	}
	if n := len(mailsTo(t, app, "burst@example.com")); n != 2 {
		t.Errorf("30 requests at once sent %d mails, want 2", n)
	}
}

// Wrong codes count per address over all its codes: ten a day, then no
// code is compared for the address, the right one included, until the
// day is over. Before, each new code brought five fresh guesses (about
// 1,440 a day). The count is in the database: a restart keeps it.
func TestWrongCodesAreCountedPerAddressAcrossCodes(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	j := testutil.NewJourney(t, app)
	otpID := codeAskedFor(t, j, "a code", "target@example.com", codeAsked)
	code := mailedCode(t, app, "target@example.com")
	for i := range 5 {
		j.Do(t, verifyCode("a wrong code "+strconv.Itoa(i+1), otpID, wrong(code), 400, wrongCode, "That code is not right."))
	}
	expire(t, app, otpID)
	otpID = codeAskedFor(t, j, "a new code", "target@example.com", testutil.Writes(1, 0, 1, map[string]int{"OnMailerSend": 1}))
	code = mailedCode(t, app, "target@example.com")
	for i := range 5 {
		j.Do(t, verifyCode("a wrong new code "+strconv.Itoa(i+1), otpID, wrong(code), 400, wrongCode, "That code is not right."))
	}
	past := verifyCode("the right code past the budget", otpID, code, 429, wrongCode,
		"Too many wrong codes were typed for this e-mail address. Try again in 24 hours.", `"code":"validation_code_too_many"`)
	past.NotWant = []string{`"username"`}
	a := j.Do(t, past)
	if a.Header.Get("Retry-After") == "" {
		t.Error("no Retry-After")
	}
	if signedIn(a) || countUsers(t, app) != 0 {
		t.Fatal("signed in past the budget")
	}
	// another address has its own budget
	other := codeAskedFor(t, j, "a code for another address", "other@example.com", codeAsked)
	j.Do(t, verifyCode("its right code", other, mailedCode(t, app, "other@example.com"), 201, accountMade, `"email":"other@example.com"`))

	restarted := apptest.NewAppFromDir(t, app.DataDir(), nil)
	defer restarted.Cleanup()
	testutil.NewJourney(t, restarted).Do(t, verifyCode("after a restart", otpID, code, 429, wrongCode, "Too many wrong codes"))

	// the day over, the address's code works again
	if _, err := app.DB().NewQuery("UPDATE email_proofs SET failuresSince = {:s} WHERE email = 'target@example.com'").
		Bind(dbx.Params{"s": when.Stored(time.Now().Add(-25 * time.Hour))}).Execute(); err != nil {
		t.Fatal(err)
	}
	j.Do(t, verifyCode("the next day", otpID, code, 201, accountMade, `"email":"target@example.com"`))
}

// Thirty wrong codes at once: exactly ten are compared, the others are
// refused before comparison (the count is one conditional statement).
func TestConcurrentWrongCodesStopAtTheBudget(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	srv := testutil.Serve(t, app) // requests at the same time: a real server
	status, body := testutil.DoRead(t, srv, http.MethodPost, requestPath, `{"email":"race@example.com","displayName":"Someone"}`,
		map[string]string{"Origin": testutil.Origin})
	var otp struct {
		OTPID string `json:"otpId"`
	}
	if err := json.Unmarshal([]byte(body), &otp); status != 200 || err != nil {
		t.Fatalf("the code request answered %d: %s", status, body)
	}
	code := mailedCode(t, app, "race@example.com")
	var wg sync.WaitGroup
	var mu sync.Mutex
	statuses := map[int]int{}
	for range 30 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			status, _ := testutil.DoRead(t, srv, http.MethodPost, verifyPath,
				`{"otpId":"`+otp.OTPID+`","code":"`+wrong(code)+`","displayName":"Nia Okafor"}`, map[string]string{"Origin": testutil.Origin})
			mu.Lock()
			statuses[status]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	if statuses[400] != 10 || statuses[429] != 20 {
		t.Errorf("30 wrong codes at once: %v, want 10 × 400 and 20 × 429", statuses)
	}
	status, body = testutil.DoRead(t, srv, http.MethodPost, verifyPath,
		`{"otpId":"`+otp.OTPID+`","code":"`+code+`","displayName":"Nia Okafor"}`, map[string]string{"Origin": testutil.Origin})
	if status != 429 {
		t.Errorf("the right code after the budget answered %d: %s", status, body)
	}
}

// A browser that signed in with a code to the address keeps its own
// budget: a stranger who spends the address's does not shut it out.
func TestTheOwnersBrowserOutlastsAStrangersGuesses(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	j := testutil.NewJourney(t, app)
	otpID := codeAskedFor(t, j, "the owner asks", "owner@example.com", codeAsked)
	signedUp := j.Do(t, verifyCode("the owner's code", otpID, mailedCode(t, app, "owner@example.com"), 201, accountMade, `"email":"owner@example.com"`))
	device := signedUp.Cookie(limits.AddressDevices.Cookie)
	if device == "" {
		t.Fatal("the browser that signed in was not remembered")
	}
	// the owner signs out: the device cookie stays, the session goes
	ownersBrowser := limits.AddressDevices.Cookie + "=" + device

	otpID = codeAskedFor(t, j, "a stranger asks", "owner@example.com", testutil.Writes(1, 0, 0, map[string]int{"OnMailerSend": 1}))
	code := mailedCode(t, app, "owner@example.com")
	for i := range 10 {
		j.Do(t, verifyCode("a stranger's guess "+strconv.Itoa(i+1), otpID, wrong(code), 400, wrongCode, "That code is not right."))
	}
	j.Do(t, verifyCode("the stranger with the right code", otpID, code, 429, wrongCode, `"status":429`))
	j.Do(t, verifyCode("a new browser with the right code", otpID, code, 429, wrongCode, `"status":429`))

	otpID = codeAskedFor(t, j, "the owner asks again", "owner@example.com", resent, ownersBrowser)
	fromOwner := verifyCode("the owner's browser with the right code", otpID, code, 200, testutil.NoWrites(), `"email":"owner@example.com"`)
	fromOwner.Headers = withCookies(ownersBrowser)
	j.Do(t, fromOwner)
}

// The same rules as scenarios: what each request answers and writes.
func TestAddressCodeScenarios(t *testing.T) {
	t.Parallel()
	const address = "kai@example.com"
	// issued mails the address's code n times and budget-spends wrong codes
	issued := func(mails, wrongs int, body func(otpID, code string) string) func(testing.TB, core.App, *tests.ApiScenario) {
		return func(t testing.TB, app core.App, s *tests.ApiScenario) {
			var sent signin.Sent
			var err error
			for range mails {
				if sent, err = signin.SendCode(app, address, signin.SignInMail); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := app.DB().NewQuery("UPDATE email_proofs SET failedAttempts = {:n}, failuresSince = {:s} WHERE email = {:e}").
				Bind(dbx.Params{"n": wrongs, "s": when.Stored(time.Now()), "e": address}).Execute(); err != nil {
				t.Fatal(err)
			}
			msgs, _ := mailbox.Read(mailbox.Dir(app), address)
			code := eightDigits.FindString(msgs[0].Text)
			s.Body = strings.NewReader(body(sent.OTPID, code))
			for i, c := range s.ExpectedContent {
				s.ExpectedContent[i] = strings.ReplaceAll(c, "OTPID", sent.OTPID)
			}
		}
	}
	request := func(string, string) string { return `{"email":"` + address + `","displayName":"Kai"}` }
	verifyWith := func(right bool) func(string, string) string {
		return func(otpID, code string) string {
			if !right {
				code = wrong(code)
			}
			return `{"otpId":"` + otpID + `","code":"` + code + `","displayName":"Kai"}`
		}
	}
	attempts := func(want int) func(testing.TB, *tests.TestApp, *http.Response) {
		return func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			var n int
			if err := app.DB().NewQuery("SELECT failedAttempts FROM email_proofs WHERE email = {:e}").Bind(dbx.Params{"e": address}).Row(&n); err != nil || n != want {
				t.Errorf("failedAttempts %d (%v), want %d", n, err, want)
			}
		}
	}
	factory := apptest.Factory(nil, nil)
	origin := map[string]string{"Origin": testutil.Origin}
	scenarios := []*tests.ApiScenario{
		testutil.Prepared(factory, tests.ApiScenario{
			Name: "a request while the code is valid answers it, mailed again", Method: http.MethodPost, URL: requestPath, Headers: origin,
			ExpectedStatus: 200, ExpectedContent: []string{`"otpId":"OTPID"`},
			ExpectedEvents: map[string]int{"*": 0, "OnMailerSend": 1},
		}, issued(1, 0, request)),
		testutil.Prepared(factory, tests.ApiScenario{
			Name: "the next answers it without mail", Method: http.MethodPost, URL: requestPath, Headers: origin,
			ExpectedStatus: 200, ExpectedContent: []string{`"otpId":"OTPID"`},
			ExpectedEvents: map[string]int{"*": 0},
		}, issued(2, 0, request)),
		testutil.Prepared(factory, tests.ApiScenario{
			Name: "a wrong code within the budget is counted", Method: http.MethodPost, URL: verifyPath, Headers: origin,
			ExpectedStatus: 400, ExpectedContent: []string{`"code":"validation_code_wrong"`},
			ExpectedEvents: map[string]int{"*": 0}, AfterTestFunc: attempts(10),
		}, issued(1, 9, verifyWith(false))),
		testutil.Prepared(factory, tests.ApiScenario{
			Name: "past the budget even the right code is not compared", Method: http.MethodPost, URL: verifyPath, Headers: origin,
			ExpectedStatus: 429, ExpectedContent: []string{`"message":"Too many wrong codes were typed for this e-mail address. Try again in 24 hours."`},
			NotExpectedContent: []string{`"username"`}, ExpectedEvents: map[string]int{"*": 0}, AfterTestFunc: attempts(10),
		}, issued(1, 10, verifyWith(true))),
		testutil.Prepared(factory, tests.ApiScenario{
			Name: "the right code within the budget signs in and uses none of it", Method: http.MethodPost, URL: verifyPath, Headers: origin,
			ExpectedStatus: 201, ExpectedContent: []string{`"email":"` + address + `"`},
			ExpectedEvents: map[string]int{"OnRecordCreate": 1, "OnRecordDelete": 0}, AfterTestFunc: attempts(9),
		}, issued(1, 9, verifyWith(true))),
	}
	for _, s := range scenarios {
		s.Test(t)
	}
}
