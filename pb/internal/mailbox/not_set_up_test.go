package mailbox_test

import (
	"errors"
	"net/http"
	"net/mail"
	"os"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/mailer"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/testutil"
)

// Without SMTP and without MAIL_DEV_MAILBOX, no code is written to disk or to
// the log: the routes that must send mail answer 503 (registering with an
// address too: pb/internal/accounts) and other mail fails.
func TestMailOffWithoutSMTPOrOptIn(t *testing.T) {
	cfg := testutil.Config()
	cfg.MailDevMailbox = false
	factory := apptest.Factory(cfg, func(t testing.TB, app core.App) {
		testutil.CreateMember(t, app, "dan", testutil.MemberOpts{Email: "dan@example.com"})
	})
	nothingWritten := func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		if _, err := os.Stat(mailbox.Dir(app)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("the development mailbox exists: %v", err)
		}
		if n, _ := app.CountRecords("_otps"); n != 0 {
			t.Errorf("%d one-time codes were issued", n)
		}
	}
	(&tests.ApiScenario{Name: "sign-in code", Method: http.MethodPost, URL: "/api/auth/email-code/request",
		Headers: map[string]string{"Origin": testutil.Origin},
		Body:    strings.NewReader(`{"email":"new@example.com","displayName":"New"}`), ExpectedStatus: 503, ExpectedEvents: testutil.NoWrites(),
		ExpectedContent: []string{mailbox.MsgNotSetUp}, NotExpectedContent: []string{"otpId"},
		TestAppFactory: factory, AfterTestFunc: nothingWritten}).Test(t)
	testutil.Prepared(factory, tests.ApiScenario{Name: "e-mail change", Method: http.MethodPost, URL: "/api/user/email",
		Body: strings.NewReader(`{"email":"dan2@example.com"}`), ExpectedStatus: 503, ExpectedEvents: testutil.NoWrites(),
		ExpectedContent: []string{mailbox.MsgNotSetUp}, AfterTestFunc: nothingWritten}, testutil.As("dan")).Test(t)
	(&tests.ApiScenario{Name: "password reset", Method: http.MethodPost, URL: "/api/auth/password-reset/request",
		Headers: map[string]string{"Origin": testutil.Origin},
		Body:    strings.NewReader(`{"login":"dan"}`), ExpectedStatus: 503, ExpectedEvents: testutil.NoWrites(),
		ExpectedContent: []string{mailbox.MsgNotSetUp}, NotExpectedContent: []string{"expiresInMinutes"},
		TestAppFactory: factory, AfterTestFunc: nothingWritten}).Test(t)
	(&tests.ApiScenario{Name: "the web app is told", Method: http.MethodGet, URL: "/api/app-config",
		ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`"mail":{"available":false}`}, TestAppFactory: factory}).Test(t)
	(&tests.ApiScenario{Name: "the web app is told when mail leaves", Method: http.MethodGet, URL: "/api/app-config",
		ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`"mail":{"available":true}`}, TestAppFactory: apptest.Factory(nil, nil)}).Test(t)
	(&tests.ApiScenario{Name: "e-mail change, visitor", Method: http.MethodPost, URL: "/api/user/email",
		Headers: map[string]string{"Origin": testutil.Origin},
		Body:    strings.NewReader(`{"email":"dan2@example.com"}`), ExpectedStatus: 401, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`"status":401`},
		TestAppFactory: factory}).Test(t)

	app := apptest.NewApp(t, cfg)
	defer app.Cleanup()
	testutil.Handler(t, app)
	err := app.NewMailClient().Send(&mailer.Message{From: mail.Address{Address: "no-reply@example.com"},
		To: []mail.Address{{Address: "a@example.com"}}, Subject: "note"})
	if !errors.Is(err, mailbox.ErrNotSetUp) {
		t.Fatalf("send without SMTP or mailbox: %v", err)
	}
	if _, err := os.Stat(mailbox.Dir(app)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the development mailbox exists: %v", err)
	}

	// SMTP switched on in the dashboard later: the routes work again (checked per request).
	s := app.Settings()
	s.SMTP.Enabled, s.SMTP.Host, s.SMTP.Port = true, "127.0.0.1", 2525
	if err := app.Save(s); err != nil {
		t.Fatal(err)
	}
	if !mailbox.CanSend(app) {
		t.Error("SMTP enabled in the dashboard, yet mail counts as off")
	}
}
