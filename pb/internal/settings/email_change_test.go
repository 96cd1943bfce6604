package settings_test

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

var eightDigits = regexp.MustCompile(`\b\d{8}\b`)

var (
	// asking for an address: the code and its proof stored, the address set
	// pending, the code mailed while the member waits
	asked = testutil.Writes(2, 1, 0, map[string]int{"OnMailerSend": 1})
	// a refused code (wrong ones are counted in SQL, outside the record hooks)
	refused = testutil.NoWrites()
)

// codeSentTo reads the newest code mailed to address from the development mailbox.
func codeSentTo(t testing.TB, app *tests.TestApp, address string) string {
	t.Helper()
	mails, err := mailbox.Read(mailbox.Dir(app), address)
	if err != nil || len(mails) == 0 {
		t.Fatalf("no mail to %s (%v)", address, err)
	}
	code := eightDigits.FindString(mails[0].Text)
	if code == "" {
		t.Fatalf("no code in %q", mails[0].Text)
	}
	return code
}

// post is one request of username's to path, as a scenario on j.
func post(t *testing.T, j *testutil.Journey, app *tests.TestApp, name, username, path, body string,
	status int, events map[string]int, content ...string) testutil.Answer {
	t.Helper()
	return j.Step(t, tests.ApiScenario{Name: name, Method: http.MethodPost, URL: path, Body: strings.NewReader(body),
		Headers:        testutil.Cookie(t, testutil.FindByUsername(t, app, username)),
		ExpectedStatus: status, ExpectedEvents: events, ExpectedContent: content})
}

// A new address waits, unproven, until the code mailed to it comes back;
// then it is the member's, confirmed.
func TestEmailChangeNeedsTheCode(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	j := testutil.NewJourney(t, app)

	post(t, j, app, "a new address asked for", "priya", "/api/user/email", `{"email":"Priya.New@Example.com"}`,
		200, asked, `"email":"priya@example.com"`, `"pendingEmail":"priya.new@example.com"`)
	if p := priya(t, app); p.Email() != "priya@example.com" {
		t.Fatalf("the address changed before it was proven: %q", p.Email())
	}
	code := codeSentTo(t, app, "priya.new@example.com")

	wrong := "000000"
	if code == wrong {
		wrong = "111111"
	}
	post(t, j, app, "a wrong code", "priya", "/api/user/email/confirm", `{"code":"`+wrong+`"}`,
		400, refused, "That code is not right.")
	post(t, j, app, "another member with the code", "dan", "/api/user/email/confirm", `{"code":"`+code+`"}`,
		400, refused, "There is no e-mail address waiting for a code.")
	post(t, j, app, "the right code", "priya", "/api/user/email/confirm", `{"code":"`+code+`"}`,
		200, testutil.WritesAmidMail(0, 1), `"email":"priya.new@example.com"`, `"pendingEmail":""`) // the old address is told in the background
	if p := priya(t, app); p.Email() != "priya.new@example.com" || !p.Verified() {
		t.Errorf("stored: %q verified=%v", p.Email(), p.Verified())
	}
	post(t, j, app, "the code again", "priya", "/api/user/email/confirm", `{"code":"`+code+`"}`,
		400, refused, `"status":400`)
}

// A member who types someone else's address holds nothing: the real owner
// signs in with a code to that address as if it were free.
func TestUnprovenAddressNeverBlocksItsOwner(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	j := testutil.NewJourney(t, app)
	post(t, j, app, "priya asks for someone else's address", "priya", "/api/user/email", `{"email":"owner@example.org"}`,
		200, asked, `"pendingEmail":"owner@example.org"`)

	origin := map[string]string{"Origin": testutil.Origin}
	var otp struct {
		OTPID string `json:"otpId"`
	}
	j.Step(t, tests.ApiScenario{Name: "its owner asks for a sign-in code", Method: http.MethodPost, URL: "/api/auth/email-code/request",
		Body: strings.NewReader(`{"email":"owner@example.org","displayName":"Real Owner"}`), Headers: origin,
		ExpectedStatus: 200, ExpectedEvents: map[string]int{"*": 0, "OnMailerSend": 1}, ExpectedContent: []string{`"otpId":"`}}).Decode(t, &otp)
	j.Step(t, tests.ApiScenario{Name: "and signs in with it", Method: http.MethodPost, URL: "/api/auth/email-code/verify",
		Body:    strings.NewReader(`{"otpId":"` + otp.OTPID + `","code":"` + codeSentTo(t, app, "owner@example.org") + `","displayName":"Real Owner"}`),
		Headers: origin, ExpectedStatus: 201, ExpectedEvents: testutil.Writes(1, 0, 0), // the owner's account
		ExpectedContent: []string{`"email":"owner@example.org"`, `"displayName":"Real Owner"`}})
	// priya's pending change cannot win the address any more
	post(t, j, app, "priya's pending change", "priya", "/api/user/email/confirm", `{"code":"123456"}`, 400, refused, `"status":400`)
	if priya(t, app).Email() != "priya@example.com" {
		t.Error("priya took the owner's address")
	}
}

// Whether an address is another member's or nobody's, the answer and the
// mail are the same; only the member who then proves the address learns
// it was taken.
func TestEmailChangeAnswersTheSameEitherWay(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	j := testutil.NewJourney(t, app)
	shape := func(body, address string) string {
		return strings.ReplaceAll(body, address, "ADDRESS")
	}
	taken := post(t, j, app, "an address another member holds", "priya", "/api/user/email", `{"email":"dan@example.com"}`,
		200, asked, `"pendingEmail":"dan@example.com"`)
	codeSentTo(t, app, "dan@example.com")
	free := post(t, j, app, "an address nobody holds", "priya", "/api/user/email", `{"email":"free@example.com"}`,
		200, asked, `"pendingEmail":"free@example.com"`)
	if shape(free.Body, "free@example.com") != shape(taken.Body, "dan@example.com") {
		t.Errorf("answers differ:\n%s\n%s", taken.Body, free.Body)
	}
	takenMails, _ := mailbox.Read(mailbox.Dir(app), "dan@example.com")
	freeMails, _ := mailbox.Read(mailbox.Dir(app), "free@example.com")
	if len(takenMails) != 1 || len(freeMails) != 1 ||
		eightDigits.ReplaceAllString(takenMails[0].Text, "") != eightDigits.ReplaceAllString(freeMails[0].Text, "") {
		t.Error("the mails differ")
	}

	// dan (who holds the address) proves it on priya's account: now it may be said
	post(t, j, app, "the taken address again", "priya", "/api/user/email", `{"email":"dan@example.com"}`,
		200, testutil.Writes(0, 1, 0, map[string]int{"OnMailerSend": 1}), `"pendingEmail":"dan@example.com"`)
	post(t, j, app, "proven but taken", "priya", "/api/user/email/confirm", `{"code":"`+codeSentTo(t, app, "dan@example.com")+`"}`,
		409, testutil.Writes(0, 1, 0), "already belongs to another SponsorBridge account")
	if p := priya(t, app); p.Email() != "priya@example.com" || p.GetString("pendingEmail") != "" {
		t.Errorf("priya after: %q pending %q", p.Email(), p.GetString("pendingEmail"))
	}
}

// Wrong codes in settings count against the address's budget, the one
// sign-in codes use (ten a day over all its codes), so confirming an
// address in settings is no way around it.
func TestEmailChangeWrongCodesCountPerAddress(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	j := testutil.NewJourney(t, app)
	post(t, j, app, "a new address asked for", "priya", "/api/user/email", `{"email":"guarded@example.com"}`,
		200, asked, `"pendingEmail":"guarded@example.com"`)
	code := codeSentTo(t, app, "guarded@example.com")
	wrong := "000000"
	if code == wrong {
		wrong = "111111"
	}
	for i := range 10 {
		post(t, j, app, fmt.Sprintf("wrong code %d", i+1), "priya", "/api/user/email/confirm", `{"code":"`+wrong+`"}`,
			400, refused, "That code is not right.")
	}
	post(t, j, app, "the right code past the budget", "priya", "/api/user/email/confirm", `{"code":"`+code+`"}`,
		429, refused, "Too many wrong codes were typed for this e-mail address. Try again in 24 hours.")
	if priya(t, app).Email() != "priya@example.com" {
		t.Error("the address changed past the budget")
	}
}
