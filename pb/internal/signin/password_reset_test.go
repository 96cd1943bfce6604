package signin_test

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/queue"
	"sponsorbridge/pb/internal/testutil"
)

const (
	resetRequestPath = "/api/auth/password-reset/request"
	resetConfirmPath = "/api/auth/password-reset/confirm"
	resetSubject     = "Your SponsorBridge password reset code: "
	msgResetWrong    = "That code is not right, or it is no longer valid. Check the newest e-mail, or ask for a new code."
)

func resetRequest(b *browser, login string) *httpRec {
	return b.do(http.MethodPost, resetRequestPath, `{"login":"`+login+`"}`, nil)
}

func resetConfirm(b *browser, login, code, password string) *httpRec {
	return b.do(http.MethodPost, resetConfirmPath, `{"login":"`+login+`","code":"`+code+`","password":"`+password+`"}`, nil)
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

// resetCode asks for a reset of login and reads the code mailed to address.
func resetCode(t testing.TB, app core.App, b *browser, login, address string) string {
	t.Helper()
	expectStatus(t, resetRequest(b, login), http.StatusOK, `"expiresInMinutes":10`)
	mails := resetMails(t, app, address)
	if len(mails) == 0 {
		t.Fatalf("no reset mail to %s", address)
	}
	code := sixDigits.FindString(mails[0].Text)
	if code == "" {
		t.Fatalf("no code in %q", mails[0].Text)
	}
	return code
}

// A forgotten password: a code to the proven address, a new password, and
// every session of the account ends; the address is told, and the account
// can be signed in with the new password only.
func TestPasswordResetSetsANewPasswordAndEndsEverySession(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t, nil)
	m := testutil.CreateMember(t, app, "kai", testutil.MemberOpts{Email: "kai@example.com"})
	phone, laptop := newBrowser(t, app), testutil.Cookie(t, m)
	expectStatus(t, phone.do(http.MethodPost, "/api/login", `{"username":"kai","password":"`+testutil.Password+`"}`, nil), 200)
	b := phone.sibling("203.0.113.20")

	code := resetCode(t, app, b, "kai@example.com", "kai@example.com")
	mail := resetMails(t, app, "kai@example.com")[0]
	if !strings.Contains(mail.Text, "for your account kai") || !strings.Contains(mail.Text, "expires in 10 minutes") {
		t.Errorf("the mail does not name the account or the expiry: %q", mail.Text)
	}
	rec := resetConfirm(b, "kai@example.com", code, "brand-new-pass")
	expectStatus(t, rec, 200, `"username":"kai"`)
	if b.signedIn() {
		t.Error("the reset signed the browser in; the member signs in with the new password")
	}

	if rec := phone.do(http.MethodGet, "/api/user", "", nil); rec.Code != 401 {
		t.Errorf("the session signed in before the reset still works: %d", rec.Code)
	}
	if rec := b.do(http.MethodGet, "/api/user", "", laptop); rec.Code != 401 {
		t.Errorf("another session still works: %d", rec.Code)
	}
	expectStatus(t, b.do(http.MethodPost, "/api/login", `{"username":"kai","password":"`+testutil.Password+`"}`, nil), 401)
	expectStatus(t, b.do(http.MethodPost, "/api/login", `{"username":"kai","password":"brand-new-pass"}`, nil), 200)

	queue.Of(app).Wait()
	msgs, _ := mailbox.Read(mailbox.Dir(app), "kai@example.com")
	if len(msgs) == 0 || msgs[0].Subject != "Your SponsorBridge password was changed" {
		t.Errorf("the proven address was not told of the new password: %v", msgs)
	}
	// the code works once
	expectStatus(t, resetConfirm(b, "kai", code, "another-pass"), 400, msgResetWrong)
}

// Two requests racing with one code: one sets its password, the other is
// refused, and one notice goes out.
func TestAResetCodeWorksOnceUnderConcurrency(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t, nil)
	m := testutil.CreateMember(t, app, "kai", testutil.MemberOpts{Email: "kai@example.com"})
	b := newBrowser(t, app)
	code := resetCode(t, app, b, "kai", "kai@example.com")

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
			rec := resetConfirm(b.sibling("203.0.113."+string(rune('1'+i%9))), "kai", code, password)
			mu.Lock()
			defer mu.Unlock()
			statuses[rec.Code]++
			if rec.Code == 200 {
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
	if after := testutil.Find(t, app, "users", m.Id); !after.ValidatePassword(won) {
		t.Error("the stored password is not the one the successful request set")
	}
	queue.Of(app).Wait()
	msgs, _ := mailbox.Read(mailbox.Dir(app), "kai@example.com")
	notices := 0
	for _, msg := range msgs {
		if msg.Subject == "Your SponsorBridge password was changed" {
			notices++
		}
	}
	if notices != 1 {
		t.Errorf("%d notices of a new password, want 1", notices)
	}
}

// Every login takes the same path: a member's address or username, an
// address or name nobody has, a member without a proven address, an
// address held unproven. Status and body are the same for each, at the
// request, at a wrong code and at the budget's end; only a member's proven
// address gets mail.
func TestPasswordResetAnswersTheSameForEveryLogin(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t, nil)
	testutil.CreateMember(t, app, "byaddress", testutil.MemberOpts{Email: "byaddress@example.com"})
	testutil.CreateMember(t, app, "byname", testutil.MemberOpts{Email: "byname@example.com"})
	testutil.CreateMember(t, app, "noaddress", testutil.MemberOpts{})
	unproven(t, app, "legacy", "legacy@example.com")
	b := newBrowser(t, app)

	logins := []struct{ login string }{
		{"byaddress@example.com"}, {"ByName"}, // members with a proven address
		{"nobody@example.com"}, {"nobody"}, // no account
		{"noaddress"}, {"legacy@example.com"}, // an account without a proven address
	}
	same := func(step string, recs []*httpRec) {
		t.Helper()
		for i, rec := range recs {
			if rec.Code != recs[0].Code || rec.Body.String() != recs[0].Body.String() || !closeSeconds(rec, recs[0]) {
				t.Errorf("%s: %q answers %d %s; %q answers %d %s", step, logins[i].login, rec.Code, rec.Body,
					logins[0].login, recs[0].Code, recs[0].Body)
			}
			for _, leak := range []string{"@", "otpId", `"username"`, "byaddress", "byname"} {
				if strings.Contains(rec.Body.String(), leak) {
					t.Errorf("%s: the answer for %q has %q: %s", step, logins[i].login, leak, rec.Body)
				}
			}
		}
	}

	var recs []*httpRec
	for _, l := range logins {
		recs = append(recs, resetRequest(b, l.login))
	}
	same("request", recs)
	if recs[0].Code != 200 {
		t.Fatalf("request: %d %s", recs[0].Code, recs[0].Body)
	}
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
		recs = recs[:0]
		for _, l := range logins {
			recs = append(recs, resetConfirm(b, l.login, "000000", "new-password"))
		}
		same(fmt.Sprintf("wrong code %d", try), recs)
		want := 400
		if try == 11 {
			want = 429
		}
		if recs[0].Code != want {
			t.Fatalf("wrong code %d: %d %s, want %d", try, recs[0].Code, recs[0].Body, want)
		}
	}
	expectStatus(t, recs[0], 429, "Too many wrong codes were typed for this username or e-mail address. Try again in 24 hours.")
}

// closeSeconds: the two answers' Retry-After are both absent or within a
// second (each counts from its own first wrong code, a moment apart).
func closeSeconds(a, b *httpRec) bool {
	x, errX := strconv.Atoi(a.Header().Get("Retry-After"))
	y, errY := strconv.Atoi(b.Header().Get("Retry-After"))
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
	app := testutil.NewApp(t, nil)
	testutil.CreateMember(t, app, "kai", testutil.MemberOpts{Email: "kai@example.com"})
	other := testutil.CreateMember(t, app, "other", testutil.MemberOpts{})
	b := newBrowser(t, app)

	// two sign-in mails (the code's allowance), then a reset still mails
	otpID, signInCode := requestCode(t, app, b, "kai@example.com")
	expectStatus(t, codeRequest(b, "kai@example.com"), 200)
	resetCodeValue := resetCode(t, app, b, "kai", "kai@example.com")
	if resetCodeValue == signInCode {
		t.Fatal("the reset mail carries the sign-in code")
	}
	expectStatus(t, codeRequest(b, "kai@example.com"), 200, `"otpId":"`+otpID+`"`) // still the same sign-in code

	// a sign-in code sets no password
	expectStatus(t, resetConfirm(b, "kai", signInCode, "new-password"), 400, msgResetWrong)
	// a reset code signs nobody in (by the reset code's own id too)
	var resetOTP string
	if err := app.DB().NewQuery("SELECT id FROM _otps WHERE sentTo = 'password-reset:kai@example.com'").Row(&resetOTP); err != nil {
		t.Fatal(err)
	}
	expectStatus(t, verify(b, resetOTP, resetCodeValue), 400, "This code is no longer valid. Request a new code.")
	expectStatus(t, verify(b, otpID, resetCodeValue), 400, "That code is not right.")
	// and confirms no address in Settings
	other.Set("pendingEmail", "kai@example.com")
	if err := app.Save(other); err != nil {
		t.Fatal(err)
	}
	expectStatus(t, b.do(http.MethodPost, "/api/user/email/confirm", `{"code":"`+resetCodeValue+`"}`, testutil.Cookie(t, other)), 400)
	if b.signedIn() {
		t.Fatal("a reset code signed in")
	}

	// both codes still work for their own purpose
	expectStatus(t, resetConfirm(b, "kai", resetCodeValue, "new-password"), 200)
	expectStatus(t, verify(b, otpID, signInCode), 200, `"username":"kai"`)
}

// Wrong codes are counted per address across purposes: five wrong sign-in
// codes and five wrong reset codes spend the address's ten.
func TestResetWrongCodesShareTheAddressBudget(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t, nil)
	testutil.CreateMember(t, app, "kai", testutil.MemberOpts{Email: "kai@example.com"})
	b := newBrowser(t, app)
	otpID, signInCode := requestCode(t, app, b, "kai@example.com")
	code := resetCode(t, app, b, "kai", "kai@example.com")
	for range 5 {
		expectStatus(t, verify(b, otpID, wrong(signInCode)), 400)
		expectStatus(t, resetConfirm(b, "kai@example.com", wrong(code), "new-password"), 400)
	}
	rec := resetConfirm(b, "kai", code, "new-password")
	expectStatus(t, rec, 429, "Too many wrong codes were typed for this username or e-mail address. Try again in 24 hours.")
	if rec.Header().Get("Retry-After") == "" {
		t.Error("no Retry-After")
	}
}

// The per-address bound: however many clients ask, one code, mailed twice.
// The per-client limits: 5 requests and 10 confirmations a minute.
func TestPasswordResetRateLimits(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t, nil)
	testutil.CreateMember(t, app, "kai", testutil.MemberOpts{Email: "kai@example.com"})
	b := newBrowser(t, app)
	for i := range 6 {
		expectStatus(t, resetRequest(b.sibling("203.0.113."+string(rune('1'+i))), "kai"), 200)
	}
	mails := resetMails(t, app, "kai@example.com")
	if len(mails) != 2 {
		t.Errorf("%d reset mails for 6 requests, want 2", len(mails))
	}
	if len(mails) == 2 && sixDigits.FindString(mails[0].Text) != sixDigits.FindString(mails[1].Text) {
		t.Error("a resend carries another code")
	}

	cfg := testutil.Config()
	cfg.RateLimits = true
	limited := newBrowser(t, testutil.NewApp(t, cfg))
	var statuses []int
	for i := range 6 {
		statuses = append(statuses, resetRequest(limited, "name"+string(rune('a'+i))).Code)
	}
	if statuses[4] != 200 || statuses[5] != 429 {
		t.Errorf("per-client limit of requests: %v", statuses)
	}
	if rec := resetRequest(limited.sibling("198.51.100.7"), "another"); rec.Code != 200 {
		t.Errorf("another client was limited too: %d", rec.Code)
	}
	statuses = statuses[:0]
	for range 11 {
		statuses = append(statuses, resetConfirm(limited, "kai", "123456", "short").Code) // refused before any code is compared
	}
	if statuses[9] != 400 || statuses[10] != 429 {
		t.Errorf("per-client limit of confirmations: %v", statuses)
	}
}

// An expired code sets no password; a new request makes a new one.
func TestResetCodeExpires(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t, nil)
	testutil.CreateMember(t, app, "kai", testutil.MemberOpts{Email: "kai@example.com"})
	b := newBrowser(t, app)
	code := resetCode(t, app, b, "kai", "kai@example.com")
	var otpID string
	if err := app.DB().NewQuery("SELECT id FROM _otps WHERE sentTo LIKE 'password-reset:%'").Row(&otpID); err != nil {
		t.Fatal(err)
	}
	expire(t, app, otpID)
	expectStatus(t, resetConfirm(b, "kai", code, "new-password"), 400, msgResetWrong)
	fresh := resetCode(t, app, b, "kai", "kai@example.com")
	expectStatus(t, resetConfirm(b, "kai", fresh, "new-password"), 200)
}

// The failed sign-ins that made the member ask for a reset do not lock out
// the new password: the reset proves the account, so its lock is lifted.
func TestAResetLiftsTheSignInLock(t *testing.T) {
	t.Parallel()
	cfg := testutil.Config()
	cfg.RateLimits = true
	app := testutil.NewApp(t, cfg)
	testutil.CreateMember(t, app, "kai", testutil.MemberOpts{Email: "kai@example.com"})
	b := newBrowser(t, app)
	login := func(ip, password string) int {
		return b.sibling(ip).do(http.MethodPost, "/api/login", `{"username":"kai","password":"`+password+`"}`, nil).Code
	}
	for i := range 6 {
		login("198.51.100."+string(rune('1'+i)), "forgotten-pass")
	}
	if got := login("198.51.100.9", testutil.Password); got != 429 {
		t.Fatalf("the account is not locked after 6 failures: %d", got)
	}
	code := resetCode(t, app, b, "kai", "kai@example.com")
	expectStatus(t, resetConfirm(b, "kai", code, "brand-new-pass"), 200)
	if got := login("203.0.113.9", "brand-new-pass"); got != 200 {
		t.Errorf("the new password from a new browser: %d, want 200", got)
	}
}

// What an outsider's reset requests cost in the database: each login
// nobody has leaves a proof (its stand-in address) and a code until its
// next request. Measured per login, to bound it (docs/security.md,
// "Forgotten passwords"); the per-client limit bounds how many a client adds.
func TestResetRowsPerUnknownLogin(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t, nil)
	b := newBrowser(t, app)
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
	resetRequest(b, "warmup") // the tables' first pages
	before := size()
	const n = 400
	for i := range n {
		login := fmt.Sprintf("nobody%04d", i)
		if i%2 == 1 {
			login += "@example.com"
		}
		expectStatus(t, resetRequest(b, login), 200)
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
