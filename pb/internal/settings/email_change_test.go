package settings_test

import (
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/testutil"
)

var sixDigits = regexp.MustCompile(`\b\d{6}\b`)

// codeSentTo reads the newest code mailed to address from the development mailbox.
func codeSentTo(t testing.TB, app *tests.TestApp, address string) string {
	t.Helper()
	mails, err := mailbox.Read(mailbox.Dir(app), address)
	if err != nil || len(mails) == 0 {
		t.Fatalf("no mail to %s (%v)", address, err)
	}
	code := sixDigits.FindString(mails[0].Text)
	if code == "" {
		t.Fatalf("no code in %q", mails[0].Text)
	}
	return code
}

func post(t *testing.T, srv *httptest.Server, who *tests.TestApp, username, path, body string) (int, string) {
	t.Helper()
	return testutil.DoRead(t, srv, http.MethodPost, path, body, testutil.Cookie(t, testutil.FindByUsername(t, who, username)))
}

// A new address waits, unproven, until the code mailed to it comes back;
// then it is the member's, confirmed.
func TestEmailChangeNeedsTheCode(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	srv := testutil.Serve(t, app)

	status, body := post(t, srv, app, "priya", "/api/user/email", `{"email":"Priya.New@Example.com"}`)
	if status != 200 || !strings.Contains(body, `"email":"priya@example.com"`) || !strings.Contains(body, `"pendingEmail":"priya.new@example.com"`) {
		t.Fatalf("request: %d %s", status, body)
	}
	if p := priya(t, app); p.Email() != "priya@example.com" {
		t.Fatalf("the address changed before it was proven: %q", p.Email())
	}
	code := codeSentTo(t, app, "priya.new@example.com")

	status, body = post(t, srv, app, "priya", "/api/user/email/confirm", `{"code":"000000"}`)
	if status != 400 || !strings.Contains(body, "That code is not right.") {
		t.Errorf("wrong code: %d %s", status, body)
	}
	status, body = post(t, srv, app, "dan", "/api/user/email/confirm", `{"code":"`+code+`"}`)
	if status != 400 || !strings.Contains(body, "There is no e-mail address waiting for a code.") {
		t.Errorf("another member with the code: %d %s", status, body)
	}
	status, body = post(t, srv, app, "priya", "/api/user/email/confirm", `{"code":"`+code+`"}`)
	if status != 200 || !strings.Contains(body, `"email":"priya.new@example.com"`) || !strings.Contains(body, `"pendingEmail":""`) {
		t.Fatalf("right code: %d %s", status, body)
	}
	if p := priya(t, app); p.Email() != "priya.new@example.com" || !p.Verified() {
		t.Errorf("stored: %q verified=%v", p.Email(), p.Verified())
	}
	status, body = post(t, srv, app, "priya", "/api/user/email/confirm", `{"code":"`+code+`"}`)
	if status != 400 {
		t.Errorf("the code again: %d %s", status, body)
	}
}

// A member who types someone else's address holds nothing: the real owner
// signs in with a code to that address as if it were free.
func TestUnprovenAddressNeverBlocksItsOwner(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	srv := testutil.Serve(t, app)
	if status, body := post(t, srv, app, "priya", "/api/user/email", `{"email":"owner@example.org"}`); status != 200 {
		t.Fatalf("%d %s", status, body)
	}

	origin := map[string]string{"Origin": ""}
	status, body := testutil.DoRead(t, srv, http.MethodPost, "/api/auth/email-code/request", `{"email":"owner@example.org","displayName":"Real Owner"}`, origin)
	if status != 200 {
		t.Fatalf("owner's code request: %d %s", status, body)
	}
	otpID := regexp.MustCompile(`"otpId":"([^"]+)"`).FindStringSubmatch(body)[1]
	status, body = testutil.DoRead(t, srv, http.MethodPost, "/api/auth/email-code/verify",
		`{"otpId":"`+otpID+`","code":"`+codeSentTo(t, app, "owner@example.org")+`","displayName":"Real Owner"}`, origin)
	if status != 201 || !strings.Contains(body, `"email":"owner@example.org"`) || !strings.Contains(body, `"displayName":"Real Owner"`) {
		t.Fatalf("the owner could not sign in with their address: %d %s", status, body)
	}
	// priya's pending change can no longer win the address
	status, body = post(t, srv, app, "priya", "/api/user/email/confirm", `{"code":"123456"}`)
	if status == 200 || priya(t, app).Email() != "priya@example.com" {
		t.Errorf("priya took the owner's address: %d %s", status, body)
	}
}

// Whether an address is another member's or nobody's, the answer and the
// mail are the same; only the member who then proves the address learns
// it was taken.
func TestEmailChangeAnswersTheSameEitherWay(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	srv := testutil.Serve(t, app)
	shape := func(body, address string) string {
		return strings.ReplaceAll(body, address, "ADDRESS")
	}
	takenStatus, takenBody := post(t, srv, app, "priya", "/api/user/email", `{"email":"dan@example.com"}`)
	if takenStatus != 200 {
		t.Fatalf("an address another member holds: %d %s", takenStatus, takenBody)
	}
	codeSentTo(t, app, "dan@example.com")
	freeStatus, freeBody := post(t, srv, app, "priya", "/api/user/email", `{"email":"free@example.com"}`)
	if freeStatus != takenStatus || shape(freeBody, "free@example.com") != shape(takenBody, "dan@example.com") {
		t.Errorf("answers differ:\n%d %s\n%d %s", takenStatus, takenBody, freeStatus, freeBody)
	}
	taken, _ := mailbox.Read(mailbox.Dir(app), "dan@example.com")
	free, _ := mailbox.Read(mailbox.Dir(app), "free@example.com")
	if len(taken) != 1 || len(free) != 1 || sixDigits.ReplaceAllString(taken[0].Text, "") != sixDigits.ReplaceAllString(free[0].Text, "") {
		t.Error("the mails differ")
	}

	// dan (who holds the address) proves it on priya's account: now it may be said
	if status, _ := post(t, srv, app, "priya", "/api/user/email", `{"email":"dan@example.com"}`); status != 200 {
		t.Fatal(status)
	}
	status, body := post(t, srv, app, "priya", "/api/user/email/confirm", `{"code":"`+codeSentTo(t, app, "dan@example.com")+`"}`)
	if status != 409 || !strings.Contains(body, "already belongs to another SponsorBridge account") {
		t.Errorf("proven but taken: %d %s", status, body)
	}
	if p := priya(t, app); p.Email() != "priya@example.com" || p.GetString("pendingEmail") != "" {
		t.Errorf("priya after: %q pending %q", p.Email(), p.GetString("pendingEmail"))
	}
}

// Wrong codes in settings count against the address's budget, the one
// sign-in codes use (ten a day over all its codes), so confirming an
// address in settings is no way around it.
func TestEmailChangeWrongCodesCountPerAddress(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	srv := testutil.Serve(t, app)
	if status, body := post(t, srv, app, "priya", "/api/user/email", `{"email":"guarded@example.com"}`); status != 200 {
		t.Fatalf("%d %s", status, body)
	}
	code := codeSentTo(t, app, "guarded@example.com")
	wrong := "000000"
	if code == wrong {
		wrong = "111111"
	}
	for i := range 10 {
		if status, body := post(t, srv, app, "priya", "/api/user/email/confirm", `{"code":"`+wrong+`"}`); status != 400 {
			t.Fatalf("wrong code %d: %d %s", i+1, status, body)
		}
	}
	status, body := post(t, srv, app, "priya", "/api/user/email/confirm", `{"code":"`+code+`"}`)
	if status != 429 || !strings.Contains(body, "Too many wrong codes were typed for this e-mail address. Try again in 24 hours.") {
		t.Fatalf("the right code past the budget: %d %s", status, body)
	}
	if priya(t, app).Email() != "priya@example.com" {
		t.Error("the address changed past the budget")
	}
}
