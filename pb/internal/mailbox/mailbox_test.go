package mailbox_test

import (
	"net/mail"
	"os"
	"testing"

	"github.com/pocketbase/pocketbase/tools/mailer"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/testutil"
)

func send(t *testing.T, app interface{ NewMailClient() mailer.Mailer }, to, subject string) {
	t.Helper()
	err := app.NewMailClient().Send(&mailer.Message{From: mail.Address{Address: "no-reply@example.com"},
		To: []mail.Address{{Address: to}}, Subject: subject, Text: "body of " + subject})
	if err != nil {
		t.Fatal(err)
	}
}

func TestWithoutSMTPMailLandsInTheMailbox(t *testing.T) {
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	testutil.Handler(t, app) // runs the start-up hooks
	send(t, app, "a@example.com", "first")
	send(t, app, "b@example.com", "second")
	send(t, app, "a@example.com", "third")

	all, err := mailbox.Read(mailbox.Dir(app), "")
	if err != nil || len(all) != 3 || all[0].Subject != "third" || all[2].Subject != "first" {
		t.Fatalf("mailbox (newest first): %+v %v", all, err)
	}
	mine, _ := mailbox.Read(mailbox.Dir(app), "A@example.com")
	if len(mine) != 2 || mine[0].Text != "body of third" {
		t.Fatalf("per-address read: %+v", mine)
	}
	if app.TestMailer.TotalSend() != 0 {
		t.Fatal("mail left the machine without SMTP")
	}
	info, err := os.Stat(mailbox.Dir(app))
	if err != nil || info.Mode().Perm() != 0o700 {
		t.Fatalf("mailbox dir: %v %v", info, err)
	}
}

func TestSMTPFromTheEnvironment(t *testing.T) {
	cfg := testutil.Config()
	cfg.SMTPHost, cfg.SMTPPort, cfg.SMTPUsername, cfg.SMTPPassword, cfg.SMTPTLS = "smtp.example.com", 465, "mailer", "pw", true
	cfg.MailFrom = "SponsorBridge Team <hello@sponsorbridge.example>"
	app := apptest.NewApp(t, cfg)
	defer app.Cleanup()
	testutil.Handler(t, app)

	s := app.Settings()
	if !s.SMTP.Enabled || s.SMTP.Host != "smtp.example.com" || s.SMTP.Port != 465 || !s.SMTP.TLS ||
		s.Meta.SenderAddress != "hello@sponsorbridge.example" || s.Meta.SenderName != "SponsorBridge Team" {
		t.Fatalf("settings not applied: %+v %+v", s.SMTP, s.Meta)
	}
	send(t, app, "a@example.com", "via smtp")
	if app.TestMailer.TotalSend() != 1 {
		t.Fatal("with SMTP the mail should go to the SMTP client")
	}
	if msgs, _ := mailbox.Read(mailbox.Dir(app), ""); len(msgs) != 0 {
		t.Fatal("with SMTP nothing is kept in the development mailbox")
	}

	bad := testutil.Config()
	bad.MailFrom = "not an address"
	badApp := apptest.NewApp(t, bad)
	defer badApp.Cleanup()
	if err := mailbox.ApplySettings(badApp, badApp.Settings(), bad); err == nil {
		t.Fatal("an invalid MAIL_FROM was accepted")
	}
}
