package signin_test

import (
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/session"
	"sponsorbridge/pb/internal/signin"
	"sponsorbridge/pb/internal/testutil"
)

const (
	requestPath = "/api/auth/email-code/request"
	verifyPath  = "/api/auth/email-code/verify"
)

func codeRequest(b *browser, email string) *httpRec {
	return b.do(http.MethodPost, requestPath, `{"email":"`+email+`","displayName":"Someone"}`, nil)
}

// expire moves a code's creation back past its ten minutes.
func expire(t testing.TB, app core.App, otpID string) {
	t.Helper()
	if _, err := app.DB().NewQuery("UPDATE _otps SET created = {:c} WHERE id = {:id}").
		Bind(dbx.Params{"c": time.Now().Add(-11 * time.Minute).UTC().Format("2006-01-02 15:04:05.000Z"), "id": otpID}).Execute(); err != nil {
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

// A stranger who asks for codes for a member's address gets the member's
// current code id (the code only goes to the address), so the member's
// code keeps working, and nobody's requests shut the member out: before,
// each request replaced the code and three used up the address's
// allowance for 15 minutes.
func TestAStrangerCannotReplaceOrBlockTheMembersCode(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t, nil)
	member := newBrowser(t, app)
	otpID, code := requestCode(t, app, member, "nia@example.com")

	stranger := member.sibling("203.0.113.50")
	for i := range 5 {
		rec := codeRequest(stranger, "nia@example.com")
		expectStatus(t, rec, 200)
		if got := decode(t, rec)["otpId"]; got != otpID {
			t.Fatalf("request %d of a stranger replaced the member's code: %v, want %s", i+1, got, otpID)
		}
	}
	rec := codeRequest(member, "nia@example.com") // the member's "Send a new code"
	expectStatus(t, rec, 200, `"otpId":"`+otpID+`"`)

	mails := mailsTo(t, app, "nia@example.com")
	if len(mails) != 2 {
		t.Errorf("%d mails for one code, want 2 (the code and one resend)", len(mails))
	}
	for _, m := range mails {
		if !strings.Contains(m.Text, code) {
			t.Errorf("a resend carries another code: %q", m.Text)
		}
	}
	expectStatus(t, verify(member, otpID, code), 201, `"email":"nia@example.com"`)

	// a used code makes room for a new one, and so does an expired one
	next, _ := requestCode(t, app, stranger, "nia@example.com")
	if next == otpID {
		t.Fatal("a used code was answered again")
	}
	expire(t, app, next)
	if last, _ := requestCode(t, app, stranger, "nia@example.com"); last == next {
		t.Fatal("an expired code was answered again")
	}
}

// Thirty requests at once for one address make one code and two mails.
func TestConcurrentCodeRequestsMakeOneCode(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t, nil)
	b := newBrowser(t, app)
	var wg sync.WaitGroup
	var mu sync.Mutex
	ids := map[string]int{}
	for i := range 30 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rec := codeRequest(b.sibling("198.51.100."+strconv.Itoa(i+1)), "burst@example.com")
			mu.Lock()
			defer mu.Unlock()
			if rec.Code != 200 {
				ids["status "+strconv.Itoa(rec.Code)]++
				return
			}
			id, _ := decode(t, rec)["otpId"].(string)
			ids[id]++
		}()
	}
	wg.Wait()
	if len(ids) != 1 {
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
	app := testutil.NewApp(t, nil)
	b := newBrowser(t, app)
	otpID, code := requestCode(t, app, b, "target@example.com")
	for i := range 5 {
		expectStatus(t, verify(b.sibling("203.0.113."+strconv.Itoa(i+1)), otpID, wrong(code)), 400, "That code is not right.")
	}
	expire(t, app, otpID)
	otpID, code = requestCode(t, app, b, "target@example.com")
	for i := range 5 {
		expectStatus(t, verify(b.sibling("203.0.114."+strconv.Itoa(i+1)), otpID, wrong(code)), 400, "That code is not right.")
	}
	rec := verify(b, otpID, code)
	expectStatus(t, rec, 429, "Too many wrong codes were typed for this e-mail address. Try again in 24 hours.", `"code":"validation_code_too_many"`)
	if rec.Header().Get("Retry-After") == "" {
		t.Error("no Retry-After")
	}
	if b.signedIn() || countUsers(t, app) != 0 {
		t.Fatal("signed in past the budget")
	}
	// another address has its own budget
	other, otherCode := requestCode(t, app, b.sibling("203.0.115.1"), "other@example.com")
	expectStatus(t, verify(b.sibling("203.0.115.1"), other, otherCode), 201)

	restarted := testutil.NewAppFromDir(t, app.DataDir(), nil)
	expectStatus(t, verify(newBrowser(t, restarted), otpID, code), 429, "Too many wrong codes")

	// the day over, the address's code works again
	if _, err := app.DB().NewQuery("UPDATE email_proofs SET failuresSince = {:s} WHERE email = 'target@example.com'").
		Bind(dbx.Params{"s": time.Now().Add(-25 * time.Hour).UTC().Format("2006-01-02 15:04:05.000Z")}).Execute(); err != nil {
		t.Fatal(err)
	}
	expectStatus(t, verify(b, otpID, code), 201, `"email":"target@example.com"`)
}

// Thirty wrong codes at once: exactly ten are compared, the others are
// refused before comparison (the count is one conditional statement).
func TestConcurrentWrongCodesStopAtTheBudget(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t, nil)
	b := newBrowser(t, app)
	otpID, code := requestCode(t, app, b, "race@example.com")
	var wg sync.WaitGroup
	var mu sync.Mutex
	statuses := map[int]int{}
	for i := range 30 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rec := verify(b.sibling("198.51.100."+strconv.Itoa(i+1)), otpID, wrong(code))
			mu.Lock()
			statuses[rec.Code]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	if statuses[400] != 10 || statuses[429] != 20 {
		t.Errorf("30 wrong codes at once: %v, want 10 × 400 and 20 × 429", statuses)
	}
	expectStatus(t, verify(b, otpID, code), 429)
}

// A browser that signed in with a code to the address keeps its own
// budget: a stranger who spends the address's does not shut it out.
func TestTheOwnersBrowserOutlastsAStrangersGuesses(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t, nil)
	owner := newBrowser(t, app)
	otpID, code := requestCode(t, app, owner, "owner@example.com")
	expectStatus(t, verify(owner, otpID, code), 201)
	if owner.cookies[limits.AddressDevices.Cookie] == "" {
		t.Fatal("the browser that signed in was not remembered")
	}
	delete(owner.cookies, session.CookieName) // signed out, device kept

	stranger := owner.sibling("203.0.113.66")
	otpID, code = requestCode(t, app, stranger, "owner@example.com")
	for range 10 {
		verify(stranger, otpID, wrong(code))
	}
	expectStatus(t, verify(stranger, otpID, code), 429)
	expectStatus(t, verify(owner.sibling("203.0.113.67"), otpID, code), 429) // a new browser

	otpID, code = requestCode(t, app, owner, "owner@example.com")
	expectStatus(t, verify(owner, otpID, code), 200, `"email":"owner@example.com"`)
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
				Bind(dbx.Params{"n": wrongs, "s": time.Now().UTC().Format("2006-01-02 15:04:05.000Z"), "e": address}).Execute(); err != nil {
				t.Fatal(err)
			}
			msgs, _ := mailbox.Read(mailbox.Dir(app), address)
			code := sixDigits.FindString(msgs[0].Text)
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
	factory := testutil.Factory(nil, nil)
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
