package mailbox_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/mail"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/logger"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/queue"
	"sponsorbridge/pb/internal/savedsearch"
	"sponsorbridge/pb/internal/testutil"
)

const metricsToken = "metrics-token-0123456789"

// world is the app with its mail going to a stand-in SMTP server through
// PocketBase's own client, set up from the SMTP_* settings as a start does.
type world struct {
	app  *tests.TestApp
	smtp *testutil.SMTPServer
	srv  *httptest.Server
}

func newWorld(t *testing.T, opts testutil.SMTPOptions, auth string, seed func(app core.App)) *world {
	t.Helper()
	smtp := testutil.StartSMTP(t, opts)
	cfg := testutil.Config()
	cfg.MailDevMailbox = false
	smtp.Configure(cfg)
	cfg.SMTPAuth = auth
	cfg.MetricsToken = metricsToken
	cfg.LogsMaxDays = 1 // test apps keep no logs otherwise
	app := apptest.NewAppRealMail(t, cfg)
	t.Cleanup(app.Cleanup)
	if seed != nil {
		seed(app)
	}
	return &world{app: app, smtp: smtp, srv: testutil.Serve(t, app)}
}

func smtpOptions() testutil.SMTPOptions {
	return testutil.SMTPOptions{Username: "mailer", Password: "smtp-secret", StartTLS: true}
}

// metric reads one sample of the exposition (-1 when absent).
func (w *world) metric(t *testing.T, sample string) float64 {
	t.Helper()
	_, body := testutil.DoRead(t, w.srv, http.MethodGet, "/api/metrics", "", map[string]string{"Authorization": "Bearer " + metricsToken})
	m := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(sample) + ` (\S+)$`).FindStringSubmatch(body)
	if m == nil {
		return -1
	}
	v, _ := strconv.ParseFloat(m[1], 64)
	return v
}

// waitMetric waits until a sample reads want (a session that ends after
// the answer counts its try when it ends) and answers what it read.
func (w *world) waitMetric(t *testing.T, sample string, want float64) float64 {
	t.Helper()
	var got float64
	testutil.Eventually(t, 5*time.Second, fmt.Sprintf("%s to read %v", sample, want), func() bool {
		got = w.metric(t, sample)
		return got == want
	})
	return got
}

const (
	sentTotal = `sponsorbridge_mail_sent_total`
	temporary = `sponsorbridge_mail_failures_total{kind="temporary"}`
	permanent = `sponsorbridge_mail_failures_total{kind="permanent"}`
	address   = `sponsorbridge_mail_failures_total{kind="address"}`
)

// logs flushes the log batch and answers the lines with this message.
func logs(t *testing.T, app *tests.TestApp, message string) []*core.Log {
	t.Helper()
	if err := app.Logger().Handler().(*logger.BatchHandler).WriteAll(context.WithValue(context.Background(), logger.BlockKey, true)); err != nil {
		t.Fatal(err)
	}
	var out []*core.Log
	if err := app.LogQuery().AndWhere(dbx.HashExp{"message": message}).All(&out); err != nil {
		t.Fatal(err)
	}
	return out
}

// checkMail asserts what every mail needs to be read by a mail client: the
// sender and receiver, a subject, a date, a message id, and a text and an
// HTML part of one multipart/alternative body.
func checkMail(t *testing.T, m testutil.SMTPMail, to, subject string) testutil.ParsedMail {
	t.Helper()
	p, err := m.Parse()
	if err != nil {
		t.Fatalf("the mail does not parse: %v\n%s", err, m.Data)
	}
	if m.From != "hello@sponsorbridge.example" || len(m.To) != 1 || m.To[0] != to {
		t.Errorf("envelope: from %q to %v", m.From, m.To)
	}
	from, err := mail.ParseAddress(p.Header.Get("From"))
	if err != nil || from.Address != "hello@sponsorbridge.example" || from.Name != "SponsorBridge" {
		t.Errorf("From: %q %v", p.Header.Get("From"), err)
	}
	if got, err := p.Header.AddressList("To"); err != nil || len(got) != 1 || got[0].Address != to {
		t.Errorf("To: %q %v", p.Header.Get("To"), err)
	}
	if !strings.HasPrefix(p.Subject, subject) {
		t.Errorf("Subject %q, want it to start with %q", p.Subject, subject)
	}
	if d, err := p.Header.Date(); err != nil || time.Since(d) > time.Minute || time.Since(d) < -time.Minute {
		t.Errorf("Date: %q %v", p.Header.Get("Date"), err)
	}
	if !regexp.MustCompile(`^<[^@<>\s]+@sponsorbridge\.example>$`).MatchString(p.Header.Get("Message-Id")) {
		t.Errorf("Message-ID: %q", p.Header.Get("Message-Id"))
	}
	if strings.Join(p.Types, " ") != "multipart/mixed multipart/alternative text/plain text/html" {
		t.Errorf("body parts: %v", p.Types)
	}
	if strings.TrimSpace(p.Text) == "" || !strings.Contains(p.HTML, "<p") {
		t.Errorf("text part %q, HTML part %q", p.Text, p.HTML)
	}
	return p
}

const posting = `{"title":"%s","description":"Books and benches for a village school","requestedAmount":"400",` +
	`"location":"Pune","categories":["Education"],"eventDate":"%s"}`

func post(t *testing.T, w *world, as *core.Record, title string) {
	t.Helper()
	body := fmt.Sprintf(posting, title, time.Now().AddDate(0, 1, 0).Format("2006-01-02"))
	if code, out := testutil.DoRead(t, w.srv, http.MethodPost, "/api/sponsorship-requests", body, testutil.Cookie(t, as)); code != 201 {
		t.Fatalf("posting answered %d: %s", code, out)
	}
	queue.Of(w.app).Wait()
}

// The sign-in code, a saved-search alert, a digest of alerts and an account
// notice leave through SMTP (STARTTLS and AUTH PLAIN; TLS from the first
// byte and AUTH LOGIN) with everything a mail client needs.
func TestMailLeavesThroughSMTP(t *testing.T) {
	for _, c := range []struct {
		name string
		opts testutil.SMTPOptions
		auth string
	}{
		{"STARTTLS and AUTH PLAIN", smtpOptions(), config.SMTPAuthPlain},
		{"TLS from the first byte and AUTH LOGIN", testutil.SMTPOptions{Username: "mailer", Password: "smtp-secret", Implicit: true}, config.SMTPAuthLogin},
	} {
		t.Run(c.name, func(t *testing.T) {
			var ann, bob, eve, fay *core.Record
			w := newWorld(t, c.opts, c.auth, func(app core.App) {
				ann = testutil.CreateMember(t, app, "ann", testutil.MemberOpts{Email: "ann@example.com"})
				bob = testutil.CreateMember(t, app, "bob", testutil.MemberOpts{Subscribed: true})
				eve = testutil.CreateMember(t, app, "eve", testutil.MemberOpts{Subscribed: true})
				fay = testutil.CreateMember(t, app, "fay", testutil.MemberOpts{Subscribed: true})
				saved, _ := app.FindCollectionByNameOrId(savedsearch.Collection)
				r := core.NewRecord(saved)
				r.Set("user", ann.Id)
				r.Set("name", "Schools")
				r.Set("kind", "requests")
				r.Set("query", `{"q":"school"}`)
				if err := app.Save(r); err != nil {
					t.Fatal(err)
				}
			})

			// the code, while the member waits
			code, out := testutil.DoRead(t, w.srv, http.MethodPost, "/api/auth/email-code/request",
				`{"email":"nia@example.com","displayName":"Nia"}`, map[string]string{"Origin": testutil.Origin})
			if code != 200 {
				t.Fatalf("code request: %d %s", code, out)
			}
			mails := w.smtp.WaitMails(t, 1)
			codeMail := checkMail(t, mails[0], "nia@example.com", "Your SponsorBridge sign-in code: ")
			digits := strings.TrimPrefix(codeMail.Subject, "Your SponsorBridge sign-in code: ")
			if len(digits) != 8 || !strings.Contains(codeMail.Text, digits) || !strings.Contains(codeMail.HTML, digits) {
				t.Errorf("the code %q is not in both parts", digits)
			}
			if !mails[0].TLS || mails[0].Auth != c.auth {
				t.Errorf("session: TLS %v, AUTH %q", mails[0].TLS, mails[0].Auth)
			}

			// an alert, at once (the first in an hour)
			post(t, w, bob, "School library")
			alert := checkMail(t, w.smtp.WaitMails(t, 2)[1], "ann@example.com", "New listing for your saved search “Schools”")
			if !strings.Contains(alert.Text, "School library") || !strings.Contains(alert.HTML, "School library") ||
				!strings.HasPrefix(alert.Header.Get("List-Unsubscribe"), "<"+testutil.Origin+"/api/email/unsubscribe?") {
				t.Errorf("alert: %q / List-Unsubscribe %q", alert.Text, alert.Header.Get("List-Unsubscribe"))
			}

			// two more within the hour wait for the digest
			post(t, w, eve, "School benches")
			post(t, w, fay, "School books")
			if n := len(w.smtp.Mails()); n != 2 {
				t.Fatalf("%d mails before the hour is up", n)
			}
			if _, err := w.app.DB().NewQuery("UPDATE mail_digests SET lastSentAt = {:t}").
				Bind(dbx.Params{"t": types.NowDateTime().Add(-2 * time.Hour).String()}).Execute(); err != nil {
				t.Fatal(err)
			}
			if err := notify.FlushDigests(w.app); err != nil {
				t.Fatal(err)
			}
			digest := checkMail(t, w.smtp.WaitMails(t, 3)[2], "ann@example.com", "2 new listings for your saved search “Schools”")
			for _, title := range []string{"School benches", "School books"} {
				if !strings.Contains(digest.Text, title) || !strings.Contains(digest.HTML, title) {
					t.Errorf("the digest lacks %q", title)
				}
			}

			// an account notice
			if code, out := testutil.DoRead(t, w.srv, http.MethodPost, "/api/user/password",
				`{"currentPassword":"`+testutil.Password+`","newPassword":"another-pass-2"}`, testutil.Cookie(t, ann)); code != 200 {
				t.Fatalf("password change: %d %s", code, out)
			}
			queue.Of(w.app).Wait()
			checkMail(t, w.smtp.WaitMails(t, 4)[3], "ann@example.com", "Your SponsorBridge password was changed")

			if got := w.metric(t, sentTotal); got != 4 {
				t.Errorf("%s = %v, want 4", sentTotal, got)
			}
			if w.app.TestMailer.TotalSend() != 0 {
				t.Error("a mail went to the test app's recording mailer, not to SMTP")
			}
		})
	}
}
