package settings_test

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/mailbox"
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

// A new address waits, unproven, until the code mailed to it comes back;
// then it is the member's, confirmed.
func TestEmailChangeNeedsTheCode(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	j := testutil.NewJourney(t, app)

	j.Do(t, testutil.Call{Name: "a new address asked for", Who: "priya", Method: http.MethodPost, URL: "/api/user/email", Body: `{"email":"Priya.New@Example.com"}`, Status: 200, Events: asked, Want: []string{`"email":"priya@example.com"`, `"pendingEmail":"priya.new@example.com"`}})
	if p := priya(t, app); p.Email() != "priya@example.com" {
		t.Fatalf("the address changed before it was proven: %q", p.Email())
	}
	code := codeSentTo(t, app, "priya.new@example.com")

	wrong := "000000"
	if code == wrong {
		wrong = "111111"
	}
	j.Do(t, testutil.Call{Name: "a wrong code", Who: "priya", Method: http.MethodPost, URL: "/api/user/email/confirm", Body: `{"code":"` + wrong + `"}`, Status: 400, Events: refused, Want: []string{"That code is not right."}})
	j.Do(t, testutil.Call{Name: "another member with the code", Who: "dan", Method: http.MethodPost, URL: "/api/user/email/confirm", Body: `{"code":"` + code + `"}`, Status: 400, Events: refused, Want: []string{"There is no e-mail address waiting for a code."}})
	j.Do(t, testutil.Call{Name: "the right code", Who: "priya", Method: http.MethodPost, URL: "/api/user/email/confirm", Body: `{"code":"` + code + `"}`, Status: 200, Events: testutil.WritesAmidMail(0, 1), Want: []string{`"email":"priya.new@example.com"`, `"pendingEmail":""`}}) // the old address is told in the background
	if p := priya(t, app); p.Email() != "priya.new@example.com" || !p.Verified() {
		t.Errorf("stored: %q verified=%v", p.Email(), p.Verified())
	}
	j.Do(t, testutil.Call{Name: "the code again", Who: "priya", Method: http.MethodPost, URL: "/api/user/email/confirm", Body: `{"code":"` + code + `"}`, Status: 400, Events: refused, Want: []string{`"status":400`}})
}

// A member who types someone else's address holds nothing: the real owner
// signs in with a code to that address as if it were free.
func TestUnprovenAddressNeverBlocksItsOwner(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	j := testutil.NewJourney(t, app)
	j.Do(t, testutil.Call{Name: "priya asks for someone else's address", Who: "priya", Method: http.MethodPost, URL: "/api/user/email", Body: `{"email":"owner@example.org"}`, Status: 200, Events: asked, Want: []string{`"pendingEmail":"owner@example.org"`}})

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
	j.Do(t, testutil.Call{Name: "priya's pending change", Who: "priya", Method: http.MethodPost, URL: "/api/user/email/confirm", Body: `{"code":"123456"}`, Status: 400, Events: refused, Want: []string{`"status":400`}})
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
	taken := j.Do(t, testutil.Call{Name: "an address another member holds", Who: "priya", Method: http.MethodPost, URL: "/api/user/email", Body: `{"email":"dan@example.com"}`, Status: 200, Events: asked, Want: []string{`"pendingEmail":"dan@example.com"`}})
	codeSentTo(t, app, "dan@example.com")
	free := j.Do(t, testutil.Call{Name: "an address nobody holds", Who: "priya", Method: http.MethodPost, URL: "/api/user/email", Body: `{"email":"free@example.com"}`, Status: 200, Events: asked, Want: []string{`"pendingEmail":"free@example.com"`}})
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
	j.Do(t, testutil.Call{Name: "the taken address again", Who: "priya", Method: http.MethodPost, URL: "/api/user/email", Body: `{"email":"dan@example.com"}`, Status: 200, Events: testutil.Writes(0, 1, 0, map[string]int{"OnMailerSend": 1}), Want: []string{`"pendingEmail":"dan@example.com"`}})
	j.Do(t, testutil.Call{Name: "proven but taken", Who: "priya", Method: http.MethodPost, URL: "/api/user/email/confirm", Body: `{"code":"` + codeSentTo(t, app, "dan@example.com") + `"}`, Status: 409, Events: testutil.Writes(0, 1, 0), Want: []string{"already belongs to another SponsorBridge account"}})
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
	j.Do(t, testutil.Call{Name: "a new address asked for", Who: "priya", Method: http.MethodPost, URL: "/api/user/email", Body: `{"email":"guarded@example.com"}`, Status: 200, Events: asked, Want: []string{`"pendingEmail":"guarded@example.com"`}})
	code := codeSentTo(t, app, "guarded@example.com")
	wrong := "000000"
	if code == wrong {
		wrong = "111111"
	}
	for i := range 10 {
		j.Do(t, testutil.Call{Name: fmt.Sprintf("wrong code %d", i+1), Who: "priya", Method: http.MethodPost, URL: "/api/user/email/confirm", Body: `{"code":"` + wrong + `"}`, Status: 400, Events: refused, Want: []string{"That code is not right."}})
	}
	j.Do(t, testutil.Call{Name: "the right code past the budget", Who: "priya", Method: http.MethodPost, URL: "/api/user/email/confirm", Body: `{"code":"` + code + `"}`, Status: 429, Events: refused, Want: []string{"Too many wrong codes were typed for this e-mail address. Try again in 24 hours."}})
	if priya(t, app).Email() != "priya@example.com" {
		t.Error("the address changed past the budget")
	}
}
