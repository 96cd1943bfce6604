package ops_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/testutil"
)

const (
	passwordPath = "/api/collections/_superusers/auth-with-password"
	otpPath      = "/api/collections/_superusers/request-otp"
	codePath     = "/api/collections/_superusers/auth-with-otp"
	rootAddress  = "root@example.com"
	rootPassword = "root-pass-123"
)

func createRoot(t testing.TB, app core.App) *core.Record {
	t.Helper()
	su, err := app.FindCollectionByNameOrId(core.CollectionNameSuperusers)
	if err != nil {
		t.Fatal(err)
	}
	root := core.NewRecord(su)
	root.SetEmail(rootAddress)
	root.SetPassword(rootPassword)
	if err := app.Save(root); err != nil {
		t.Fatal(err)
	}
	return root
}

type answer struct {
	status  int
	body    string
	cookies map[string]string
	MFAID   string `json:"mfaId"`
	OTPID   string `json:"otpId"`
	Token   string `json:"token"`
}

// send posts body from client address ip with the given cookies.
func send(t testing.TB, srv *httptest.Server, path, body, ip string, cookies map[string]string) answer {
	t.Helper()
	headers := map[string]string{"X-Real-Ip": ip}
	var jar []string
	for name, value := range cookies {
		jar = append(jar, (&http.Cookie{Name: name, Value: value}).String())
	}
	if len(jar) > 0 {
		headers["Cookie"] = strings.Join(jar, "; ")
	}
	res, raw := testutil.Send(t, srv, http.MethodPost, path, body, headers)
	if res == nil { // Send failed the test
		return answer{}
	}
	a := answer{status: res.StatusCode, body: raw, cookies: map[string]string{}}
	_ = json.Unmarshal([]byte(raw), &a)
	for _, c := range res.Cookies() {
		a.cookies[c.Name] = c.Value
	}
	return a
}

func password(identity, pass, mfaID string) string {
	return `{"identity":"` + identity + `","password":"` + pass + `","mfaId":"` + mfaID + `"}`
}

// newestCode waits for the background mail of a superuser code and reads it.
func newestCode(t testing.TB, app *tests.TestApp, want int) string {
	t.Helper()
	var mails []mailbox.Message
	testutil.Eventually(t, 5*time.Second, fmt.Sprintf("%d code mails", want), func() bool {
		mails, _ = mailbox.Read(mailbox.Dir(app), rootAddress)
		return len(mails) >= want
	})
	return regexp.MustCompile(`\b\d{8}\b`).FindString(mails[0].HTML)
}

// A wrong password, and an address that is no superuser's, get what a
// right password gets: 401 and an MFA id. Before, a wrong password got
// 400, so a guesser learned the password without the mailed code.
func TestSuperuserPasswordIsNotConfirmedWithoutTheCode(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, func(t testing.TB, app core.App) { createRoot(t, app) })
	noToken := []string{`"token"`, `"record"`, "Failed to authenticate"}
	scenarios := []tests.ApiScenario{
		{
			Name:               "a wrong password",
			Method:             http.MethodPost,
			URL:                passwordPath,
			Body:               strings.NewReader(`{"identity":"root@example.com","password":"wrong-pass-1"}`),
			ExpectedStatus:     401,
			ExpectedContent:    []string{`"mfaId":"`},
			NotExpectedContent: noToken,
			ExpectedEvents:     map[string]int{"*": 0, "OnRecordAuthWithPasswordRequest": 1},
			TestAppFactory:     factory,
		},
		{
			Name:               "an address that is no superuser's",
			Method:             http.MethodPost,
			URL:                passwordPath,
			Body:               strings.NewReader(`{"identity":"nobody@example.com","password":"wrong-pass-1"}`),
			ExpectedStatus:     401,
			ExpectedContent:    []string{`"mfaId":"`},
			NotExpectedContent: noToken,
			ExpectedEvents:     map[string]int{"*": 0, "OnRecordAuthWithPasswordRequest": 1},
			TestAppFactory:     factory,
		},
		{
			Name:               "the right password: the same answer (only the server stores an MFA record)",
			Method:             http.MethodPost,
			URL:                passwordPath,
			Body:               strings.NewReader(`{"identity":"root@example.com","password":"` + rootPassword + `"}`),
			ExpectedStatus:     401,
			ExpectedContent:    []string{`"mfaId":"`},
			NotExpectedContent: noToken,
			ExpectedEvents: testutil.Writes(1, 0, 0, map[string]int{ // the MFA record
				"OnRecordAuthWithPasswordRequest": 1, "OnRecordAuthRequest": 1,
			}),
			TestAppFactory: factory,
		},
	}
	for _, s := range scenarios {
		s.Test(t)
	}
}

// The holder of the right code, after a wrong password, is told to start
// again; no token is issued.
func TestAWrongPasswordThenTheRightCodeSignsNobodyIn(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	createRoot(t, app)
	j := testutil.NewJourney(t, app)
	var first, otp answer
	j.Step(t, tests.ApiScenario{Name: "a wrong password", Method: http.MethodPost, URL: passwordPath,
		Body: strings.NewReader(password(rootAddress, "wrong-pass-1", "")), ExpectedStatus: 401, ExpectedContent: []string{`"mfaId":"`},
		ExpectedEvents: map[string]int{"*": 0, "OnRecordAuthWithPasswordRequest": 1}}).Decode(t, &first)
	j.Step(t, tests.ApiScenario{Name: "a code by mail", Method: http.MethodPost, URL: otpPath,
		Body: strings.NewReader(`{"email":"root@example.com"}`), ExpectedStatus: 200, ExpectedContent: []string{`"otpId":"`},
		ExpectedEvents: map[string]int{"OnRecordRequestOTPRequest": 1, "OnRecordCreate": 1}}).Decode(t, &otp)
	code := newestCode(t, app, 1)
	j.Step(t, tests.ApiScenario{Name: "the right code after the wrong password", Method: http.MethodPost, URL: codePath,
		Body:           strings.NewReader(`{"otpId":"` + otp.OTPID + `","password":"` + code + `","mfaId":"` + first.MFAID + `"}`),
		ExpectedStatus: 400, ExpectedContent: []string{"The password or the code was not right. Please sign in again."},
		NotExpectedContent: []string{`"token"`}, ExpectedEvents: map[string]int{"OnRecordCreate": 0, "OnRecordAuthRequest": 0}})
}

// limitedApp is an app with the rate limits on, reading the client's
// address from X-Real-Ip.
func limitedApp(t *testing.T) *tests.TestApp {
	cfg := testutil.Config()
	cfg.RateLimits = true
	cfg.TrustedProxyHeaders = []string{"X-Real-Ip"}
	app := apptest.NewApp(t, cfg)
	t.Cleanup(app.Cleanup)
	return app
}

// Password guesses at a superuser's address stop after five, whatever
// client addresses they come from (before: only PocketBase's per-client
// limit, so each new client address brought 57,600 a day); the browser
// that completed a sign-in before still gets in.
func TestSuperuserPasswordGuessesAreCountedPerAddress(t *testing.T) {
	app := limitedApp(t)
	srv := testutil.Serve(t, app) // the guesses come at once
	createRoot(t, app)

	first := send(t, srv, passwordPath, password(rootAddress, rootPassword, ""), "10.0.0.1", nil)
	otp := send(t, srv, otpPath, `{"email":"root@example.com"}`, "10.0.0.1", nil)
	done := send(t, srv, codePath, `{"otpId":"`+otp.OTPID+`","password":"`+newestCode(t, app, 1)+`","mfaId":"`+first.MFAID+`"}`, "10.0.0.1", nil)
	device := done.cookies[limits.SuperuserDevices.Cookie]
	if done.status != 200 || done.Token == "" || device == "" {
		t.Fatalf("the superuser's sign-in: %d %s, device cookie %q", done.status, done.body, device)
	}

	var wg sync.WaitGroup
	var mu sync.Mutex
	count := map[int]int{}
	for i := range 100 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a := send(t, srv, passwordPath, password(rootAddress, "guess-"+strconv.Itoa(i), ""), "10.1.0."+strconv.Itoa(i+1), nil)
			mu.Lock()
			count[a.status]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	if count[401] != 5 || count[429] != 95 {
		t.Errorf("100 guesses from 100 client addresses: %v, want 5 × 401 and 95 × 429", count)
	}
	if a := send(t, srv, passwordPath, password(rootAddress, rootPassword, ""), "10.2.0.1", nil); a.status != 429 {
		t.Errorf("the right password from a new browser during the lock: %d", a.status)
	}
	a := send(t, srv, passwordPath, password(rootAddress, rootPassword, ""), "10.0.0.1", map[string]string{limits.SuperuserDevices.Cookie: device})
	if a.status != 401 || a.MFAID == "" {
		t.Errorf("the superuser's own browser during the lock: %d %s", a.status, a.body)
	}
}

// One client address gets ten password attempts per 15 minutes (at most
// 960 a day); before, the route took 2 per 3 seconds (57,600 a day).
func TestSuperuserPasswordGuessesAreLimitedPerClient(t *testing.T) {
	app := limitedApp(t)
	j := testutil.NewJourney(t, app) // serving applies the settings
	rule, ok := app.Settings().RateLimits.FindRateLimitRule(
		[]string{"_superusers:authWithPassword", "_superusers:auth", "*:authWithPassword", "*:auth"}, core.RateLimitRuleAudienceAll, core.RateLimitRuleAudienceGuest)
	if perDay := float64(rule.MaxRequests) * 86400 / float64(rule.Duration); !ok || perDay > 1000 {
		t.Errorf("a client may try %.0f superuser passwords a day (rule %+v)", perDay, rule)
	}
	for i := range 11 {
		s := tests.ApiScenario{Name: fmt.Sprintf("attempt %d from one client", i+1), Method: http.MethodPost, URL: passwordPath,
			Body:    strings.NewReader(password("someone"+strconv.Itoa(i)+"@example.com", "guess", "")),
			Headers: map[string]string{"X-Real-Ip": "10.5.0.1"}, ExpectedStatus: 401, ExpectedContent: []string{`"mfaId":"`},
			ExpectedEvents: map[string]int{"*": 0, "OnRecordAuthWithPasswordRequest": 1}}
		if i == 10 {
			s.ExpectedStatus, s.ExpectedContent, s.ExpectedEvents = 429, []string{`"status":429`}, map[string]int{"*": 0}
		}
		j.Step(t, s)
	}
}

// Thirty code requests at once mail the superuser at most three codes
// (before: 21 to 30); every answer names a stored code or is a 429.
func TestConcurrentSuperuserCodeRequestsAreBounded(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	root := createRoot(t, app)
	var mailed atomic.Int64
	app.OnMailerRecordOTPSend().BindFunc(func(e *core.MailerRecordEvent) error {
		defer mailed.Add(1)
		return e.Next()
	})
	srv := testutil.Serve(t, app)

	var wg sync.WaitGroup
	var mu sync.Mutex
	answered := map[string]int{}
	for i := range 30 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a := send(t, srv, otpPath, `{"email":"root@example.com"}`, "10.3.0."+strconv.Itoa(i+1), nil)
			mu.Lock()
			defer mu.Unlock()
			if a.status == 200 {
				answered[a.OTPID]++
			} else {
				answered["status "+strconv.Itoa(a.status)]++
			}
		}()
	}
	wg.Wait()
	otps, err := app.FindAllOTPsByRecord(root)
	if err != nil {
		t.Fatal(err)
	}
	testutil.Eventually(t, 5*time.Second, "a mail for every stored code", func() bool { return mailed.Load() >= int64(len(otps)) })
	if len(otps) > limits.SuperuserCodesMax || mailed.Load() > limits.SuperuserCodesMax {
		t.Errorf("30 requests at once: %d codes stored, %d mailed, want at most %d", len(otps), mailed.Load(), limits.SuperuserCodesMax)
	}
	stored := map[string]bool{}
	for _, o := range otps {
		stored[o.Id] = true
	}
	for id, n := range answered {
		if !stored[id] && id != "status 429" {
			t.Errorf("%d answers name %q, which is no stored code", n, id)
		}
	}
	// past the bound, a request names the last code and makes (and so mails) none
	a := send(t, srv, otpPath, `{"email":"root@example.com"}`, "10.4.0.1", nil)
	if a.status != 200 || !stored[a.OTPID] {
		t.Errorf("a request past the bound: %d %s", a.status, a.body)
	}
	if after, _ := app.FindAllOTPsByRecord(root); len(after) != len(otps) {
		t.Error("a request past the bound made a code")
	}
}
