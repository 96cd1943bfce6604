package mailbox_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/testutil"
)

// A code is mailed while the member waits, so the answer says whether it
// went: a refusal naming the address (550 5.1.1) is a 400 on the email
// field; another refusal (our sender, AUTH, policy) a 502; not taken in time
// (4xx, dropped, no answer) a 503 with Retry-After, after at most 3 tries
// within CodeBudget. Either way the code is withdrawn and nothing is
// queued. Before, every failure answered 500 "We could not send the code.
// Please try again later." after a single try.
func TestCodeMailFailuresAreAnswered(t *testing.T) {
	shortTimes(t, 2*time.Second, 10*time.Millisecond, 200*time.Millisecond)
	greylist := testutil.SMTPFault{Stage: "rcpt", Reply: "451 4.7.1 Greylisted, please try again later"}
	for _, c := range []struct {
		name      string
		faults    []testutil.SMTPFault
		status    int
		message   string
		sessions  int
		mails     int
		temporary float64
		permanent float64
		address   float64
	}{
		// the member's typing, not the mail system: not a permanent failure (MailFailing)
		{name: "no such mailbox", faults: []testutil.SMTPFault{{Stage: "rcpt", Reply: "550 5.1.1 No such user here"}},
			status: http.StatusBadRequest, message: mailbox.MsgAddressRefused, sessions: 1, address: 1},
		{name: "our sender refused", faults: []testutil.SMTPFault{{Stage: "mail", Reply: "554 5.7.1 Sender address not verified"}},
			status: http.StatusBadGateway, message: mailbox.MsgCodeRefused, sessions: 1, permanent: 1},
		{name: "greylisted three times", faults: []testutil.SMTPFault{greylist, greylist, greylist},
			status: http.StatusServiceUnavailable, message: mailbox.MsgCodeNotNow, sessions: 3, temporary: 3, permanent: 1},
		{name: "dropped, then taken", faults: []testutil.SMTPFault{{Stage: "mail", Drop: true}},
			status: http.StatusOK, message: `"otpId"`, sessions: 2, mails: 1, temporary: 1},
		{name: "no answer at all", faults: []testutil.SMTPFault{{Stage: "greeting", Hang: true}},
			status: http.StatusServiceUnavailable, message: mailbox.MsgCodeNotNow, sessions: 1, temporary: 1, permanent: 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := newWorld(t, smtpOptions(), config.SMTPAuthPlain, nil)
			w.smtp.Fail(c.faults...)
			start := time.Now()
			res, body := testutil.Send(t, w.srv, http.MethodPost, "/api/auth/email-code/request", `{"email":"nia@example.com","displayName":"Nia"}`, map[string]string{"Origin": testutil.Origin})
			took := time.Since(start)
			if res.StatusCode != c.status || !strings.Contains(body, c.message) {
				t.Fatalf("answered %d %s, want %d %q", res.StatusCode, body, c.status, c.message)
			}
			if took > mailbox.CodeBudget+time.Second {
				t.Errorf("the member waited %v (budget %v)", took, mailbox.CodeBudget)
			}
			w.smtp.Release()
			if c.status == http.StatusServiceUnavailable && res.Header.Get("Retry-After") != "60" {
				t.Errorf("Retry-After %q", res.Header.Get("Retry-After"))
			}
			if w.smtp.Sessions() != c.sessions || len(w.smtp.Mails()) != c.mails {
				t.Errorf("%d sessions, %d mails; want %d, %d", w.smtp.Sessions(), len(w.smtp.Mails()), c.sessions, c.mails)
			}
			if n, _ := w.app.CountRecords(core.CollectionNameOTPs); (n == 1) != (c.status == 200) {
				t.Errorf("%d codes stand after answering %d", n, c.status)
			}
			if n, _ := w.app.CountRecords("mail_outbox"); n != 0 {
				t.Errorf("a code mail was queued (%d)", n)
			}
			if tmp, perm, addr := w.waitMetric(t, temporary, c.temporary), w.metric(t, permanent), w.metric(t, address); tmp != c.temporary || perm != c.permanent || addr != c.address {
				t.Errorf("metrics: temporary %v, permanent %v, address %v; want %v, %v, %v", tmp, perm, addr, c.temporary, c.permanent, c.address)
			}
		})
	}
}

// The answers carry the message (the web app shows it in its toast).
func TestCodeMailAnswersSayWhy(t *testing.T) {
	shortTimes(t, 2*time.Second, 10*time.Millisecond, 200*time.Millisecond)
	w := newWorld(t, smtpOptions(), config.SMTPAuthPlain, func(app core.App) {
		testutil.CreateMember(t, app, "dan", testutil.MemberOpts{Email: "dan@example.com"})
	})
	w.smtp.Fail(testutil.SMTPFault{Stage: "rcpt", Reply: "550 5.1.1 <nia@example.com>: Recipient address rejected"},
		testutil.SMTPFault{Stage: "rcpt", Reply: "554 5.7.1 Relay access denied"})
	code, body := testutil.DoRead(t, w.srv, http.MethodPost, "/api/auth/email-code/request",
		`{"email":"nia@example.com","displayName":"Nia"}`, map[string]string{"Origin": testutil.Origin})
	if code != http.StatusBadRequest || strings.Contains(body, "otpId") ||
		!strings.Contains(body, `"email":{"code":"validation_address_refused","message":"`+mailbox.MsgAddressRefused+`"}`) {
		t.Errorf("sign-in code: %d %s", code, body)
	}
	// the settings' address confirmation sends the same code the same way
	code, body = testutil.DoRead(t, w.srv, http.MethodPost, "/api/user/email", `{"email":"dan2@example.com"}`,
		testutil.Cookie(t, testutil.FindByUsername(t, w.app, "dan")))
	if code != http.StatusBadGateway || !strings.Contains(body, `"message":"`+mailbox.MsgCodeRefused+`"`) {
		t.Errorf("address confirmation: %d %s", code, body)
	}
	if got := testutil.FindByUsername(t, w.app, "dan").GetString("pendingEmail"); got != "" {
		t.Errorf("the address waits although no code went: %q", got)
	}
}
