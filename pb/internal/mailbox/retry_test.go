package mailbox_test

import (
	"log/slog"
	"net/http"
	"net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/mailer"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/queue"
	"sponsorbridge/pb/internal/testutil"
)

// noticeWorld: ann has a proven address; changing her password mails her an
// account notice, a background mail.
func noticeWorld(t *testing.T) (*world, *core.Record) {
	t.Helper()
	var ann *core.Record
	w := newWorld(t, smtpOptions(), config.SMTPAuthPlain, func(app core.App) {
		ann = testutil.CreateMember(t, app, "ann", testutil.MemberOpts{Email: "ann@example.com"})
	})
	return w, ann
}

var passwords = []string{testutil.Password, "another-pass-2"}

// notice changes ann's password (each call flips it) and waits for the
// notice's first try.
func notice(t *testing.T, w *world, ann *core.Record) {
	t.Helper()
	current := passwords[0]
	if !testutil.Find(t, w.app, "users", ann.Id).ValidatePassword(current) {
		current = passwords[1]
	}
	next := passwords[0]
	if next == current {
		next = passwords[1]
	}
	if code, out := testutil.DoRead(t, w.srv, http.MethodPost, "/api/user/password",
		`{"currentPassword":"`+current+`","newPassword":"`+next+`"}`, testutil.Cookie(t, testutil.Find(t, w.app, "users", ann.Id))); code != 200 {
		t.Fatalf("password change: %d %s", code, out)
	}
	queue.Of(w.app).Wait()
}

type outboxRow struct {
	ID          string `db:"id"`
	Attempts    int    `db:"attempts"`
	NextAttempt string `db:"nextAttempt"`
	Claim       string `db:"claim"`
	LastError   string `db:"lastError"`
}

func (r outboxRow) next(t *testing.T) time.Time {
	t.Helper()
	d, err := types.ParseDateTime(r.NextAttempt)
	if err != nil {
		t.Fatal(err)
	}
	return d.Time()
}

func outbox(t *testing.T, app core.App) []outboxRow {
	t.Helper()
	var rows []outboxRow
	if err := app.DB().Select("id", "attempts", "nextAttempt", "claim", "lastError").From("mail_outbox").All(&rows); err != nil {
		t.Fatal(err)
	}
	return rows
}

func near(got, want time.Time) bool { return got.Sub(want).Abs() < 5*time.Second }

// A 4xx answer or a dropped connection keeps the mail: it waits in the
// outbox and is tried again after 1 minute, then 2, until the server takes
// it, once (it was lost at the first failure before).
func TestATemporaryFailureIsRetriedWithBackoffUntilDelivered(t *testing.T) {
	for _, c := range []struct {
		name  string
		fault testutil.SMTPFault
	}{
		{"421 at the greeting", testutil.SMTPFault{Stage: "greeting", Reply: "421 4.3.2 Service not available, closing channel"}},
		{"451 at RCPT (greylisting)", testutil.SMTPFault{Stage: "rcpt", Reply: "451 4.7.1 Greylisted, please try again later"}},
		{"451 after the data", testutil.SMTPFault{Stage: "data", Reply: "451 4.3.0 Local error in processing"}},
		{"connection dropped after MAIL", testutil.SMTPFault{Stage: "mail", Drop: true}},
	} {
		t.Run(c.name, func(t *testing.T) {
			w, ann := noticeWorld(t)
			w.smtp.Fail(c.fault, c.fault)
			start := time.Now()
			notice(t, w, ann)

			rows := outbox(t, w.app)
			if len(rows) != 1 || rows[0].Attempts != 1 || !near(rows[0].next(t), start.Add(time.Minute)) || rows[0].LastError == "" {
				t.Fatalf("after the first failure the outbox holds %+v", rows)
			}
			if n := len(w.smtp.Mails()); n != 0 {
				t.Fatalf("%d mails arrived", n)
			}
			if err := mailbox.RetryDueAt(w.app, start.Add(30*time.Second)); err != nil {
				t.Fatal(err)
			}
			if w.smtp.Sessions() != 1 {
				t.Fatalf("tried again before its minute: %d sessions", w.smtp.Sessions())
			}

			due := rows[0].next(t)
			if err := mailbox.RetryDueAt(w.app, due); err != nil { // second try: fails again
				t.Fatal(err)
			}
			rows = outbox(t, w.app)
			if len(rows) != 1 || rows[0].Attempts != 2 || !near(rows[0].next(t), due.Add(2*time.Minute)) || rows[0].Claim != "" {
				t.Fatalf("after the second failure the outbox holds %+v", rows)
			}
			if err := mailbox.RetryDueAt(w.app, due.Add(time.Minute)); err != nil {
				t.Fatal(err)
			}
			if w.smtp.Sessions() != 2 {
				t.Fatalf("tried again before its 2 minutes: %d sessions", w.smtp.Sessions())
			}
			if err := mailbox.RetryDueAt(w.app, rows[0].next(t)); err != nil { // third try: taken
				t.Fatal(err)
			}
			if rows := outbox(t, w.app); len(rows) != 0 {
				t.Fatalf("a delivered mail is still waiting: %+v", rows)
			}
			if err := mailbox.RetryDueAt(w.app, due.Add(24*time.Hour)); err != nil {
				t.Fatal(err)
			}
			mails := w.smtp.Mails()
			if len(mails) != 1 || w.smtp.Sessions() != 3 {
				t.Fatalf("%d mails in %d sessions, want 1 in 3 (no loss, no duplicate)", len(mails), w.smtp.Sessions())
			}
			checkMail(t, mails[0], "ann@example.com", "Your SponsorBridge password was changed")
			if tmp, perm, sent := w.metric(t, temporary), w.metric(t, permanent), w.metric(t, sentTotal); tmp != 2 || perm != 0 || sent != 1 {
				t.Errorf("metrics: temporary %v, permanent %v, sent %v", tmp, perm, sent)
			}
			// the retries are logged: the second failure, and the try that sent it
			if lines := logs(t, w.app, "Mail failed again; it waits in the outbox for another try"); len(lines) != 1 ||
				lines[0].Level != int(slog.LevelWarn) || lines[0].Data["attempts"] != float64(2) || lines[0].Data["nextAttempt"] == nil {
				t.Errorf("retry log lines: %+v", lines)
			}
			if lines := logs(t, w.app, "Mail sent from the outbox"); len(lines) != 1 || lines[0].Data["attempts"] != float64(3) {
				t.Errorf("sent log lines: %+v", lines)
			}
		})
	}
}

// A member's address that does not exist (5.1.1) is refused for good but
// is not the mail system failing: logged as a warning, counted as
// kind="address", not as permanent (which MailFailing alerts on).
func TestAMistypedAddressIsNotAMailFailure(t *testing.T) {
	w, ann := noticeWorld(t)
	w.smtp.Fail(testutil.SMTPFault{Stage: "rcpt", Reply: "550 5.1.1 No such user here"})
	notice(t, w, ann)
	if rows := outbox(t, w.app); len(rows) != 0 {
		t.Fatalf("a refused mail waits for another try: %+v", rows)
	}
	lines := logs(t, w.app, "Mail refused: the receiver's address does not exist")
	if len(lines) != 1 || lines[0].Level != int(slog.LevelWarn) {
		t.Fatalf("log lines: %+v", lines)
	}
	if errs := logs(t, w.app, "Mail refused: not sent"); len(errs) != 0 {
		t.Errorf("logged as an error too: %+v", errs)
	}
	if perm, addr := w.metric(t, permanent), w.metric(t, address); perm != 0 || addr != 1 {
		t.Errorf("metrics: permanent %v, address %v; want 0, 1", perm, addr)
	}
}

// A 5xx answer is final: the mail is not kept, the failure is logged with
// its receiver and counted as permanent.
func TestARefusedMailIsLoggedCountedAndNotRetried(t *testing.T) {
	w, ann := noticeWorld(t)
	w.smtp.Fail(testutil.SMTPFault{Stage: "rcpt", Reply: "554 5.7.1 Relay access denied"})
	notice(t, w, ann)
	if rows := outbox(t, w.app); len(rows) != 0 {
		t.Fatalf("a refused mail waits for another try: %+v", rows)
	}
	if err := mailbox.RetryDueAt(w.app, time.Now().Add(24*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if w.smtp.Sessions() != 1 || len(w.smtp.Mails()) != 0 {
		t.Fatalf("%d sessions, %d mails", w.smtp.Sessions(), len(w.smtp.Mails()))
	}
	lines := logs(t, w.app, "Mail refused: not sent")
	if len(lines) != 1 || lines[0].Level != int(slog.LevelError) {
		t.Fatalf("log lines: %+v", lines)
	}
	if to, _ := lines[0].Data["to"].([]any); len(to) != 1 || to[0] != "ann@example.com" {
		t.Errorf("the log line names %v", lines[0].Data["to"])
	}
	if perm, tmp := w.metric(t, permanent), w.metric(t, temporary); perm != 1 || tmp != 0 {
		t.Errorf("metrics: permanent %v, temporary %v", perm, tmp)
	}
}

// A mail that keeps failing for now is given up after MaxAttempts tries,
// about 4 hours after the first (logged, counted as permanent).
func TestTriesRunOut(t *testing.T) {
	w, ann := noticeWorld(t)
	for range mailbox.MaxAttempts {
		w.smtp.Fail(testutil.SMTPFault{Stage: "rcpt", Reply: "452 4.2.2 Mailbox full"})
	}
	start := time.Now()
	notice(t, w, ann)
	var last time.Time
	for try := 2; try <= mailbox.MaxAttempts; try++ {
		rows := outbox(t, w.app)
		if len(rows) != 1 || rows[0].Attempts != try-1 {
			t.Fatalf("before try %d: %+v", try, rows)
		}
		last = rows[0].next(t)
		if err := mailbox.RetryDueAt(w.app, last); err != nil {
			t.Fatal(err)
		}
	}
	if rows := outbox(t, w.app); len(rows) != 0 {
		t.Fatalf("after %d tries the mail still waits: %+v", mailbox.MaxAttempts, rows)
	}
	if span := last.Sub(start); span < 4*time.Hour || span > 4*time.Hour+5*time.Minute {
		t.Errorf("the last try came %v after the first", span)
	}
	if w.smtp.Sessions() != mailbox.MaxAttempts || len(logs(t, w.app, "Mail given up: not sent")) != 1 {
		t.Errorf("%d sessions; given-up lines: %d", w.smtp.Sessions(), len(logs(t, w.app, "Mail given up: not sent")))
	}
	if perm, tmp := w.metric(t, permanent), w.metric(t, temporary); perm != 1 || tmp != float64(mailbox.MaxAttempts) {
		t.Errorf("metrics: permanent %v, temporary %v", perm, tmp)
	}
	for n, want := range map[int]time.Duration{1: time.Minute, 2: 2 * time.Minute, 6: 32 * time.Minute, 7: time.Hour, 9: time.Hour} {
		if got := mailbox.Backoff(n); got != want {
			t.Errorf("pause after try %d: %v, want %v", n, got, want)
		}
	}
}

// The outbox holds at most MaxQueued mails: past that a failed mail is given
// up at once, logged and counted, and the outbox does not grow.
func TestTheOutboxIsBounded(t *testing.T) {
	w, ann := noticeWorld(t)
	_, err := w.app.DB().NewQuery(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {:max})
		INSERT INTO mail_outbox (id, message, attempts, nextAttempt, claim, lastError, created, updated)
		SELECT printf('filler%09d', i), '{}', 1, '2999-01-01 00:00:00.000Z', '', 'x', '2026-01-01 00:00:00.000Z', '2026-01-01 00:00:00.000Z' FROM n`).
		Bind(dbx.Params{"max": mailbox.MaxQueued}).Execute()
	if err != nil {
		t.Fatal(err)
	}
	w.smtp.Fail(testutil.SMTPFault{Stage: "rcpt", Reply: "451 4.7.1 Try again later"})
	notice(t, w, ann)
	if n, _ := w.app.CountRecords("mail_outbox"); n != mailbox.MaxQueued {
		t.Fatalf("the outbox holds %d mails, at most %d", n, mailbox.MaxQueued)
	}
	if len(logs(t, w.app, "Mail given up: it failed and cannot wait for another try")) != 1 {
		t.Error("the mail given up was not logged")
	}
	if perm := w.metric(t, permanent); perm != 1 {
		t.Errorf("permanent failures %v", perm)
	}
	if got := w.metric(t, "sponsorbridge_mail_retry_pending"); got != mailbox.MaxQueued {
		t.Errorf("sponsorbridge_mail_retry_pending %v", got)
	}
}

// A mail server that accepts and never answers holds no mail and no request
// for long: the try counts as failed for now after SendTimeout, the mail
// stays claimed while the session lasts, and the session's own end (here:
// it hangs up) reschedules it.
func TestAServerThatDoesNotAnswer(t *testing.T) {
	shortTimes(t, 300*time.Millisecond, 10*time.Millisecond, 200*time.Millisecond)
	w, ann := noticeWorld(t)
	w.smtp.Fail(testutil.SMTPFault{Stage: "mail", Hang: true})
	start := time.Now()
	notice(t, w, ann)
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("the notice waited %v for a hung server", took)
	}
	rows := outbox(t, w.app)
	if len(rows) != 1 || rows[0].Claim == "" || !near(rows[0].next(t), start.Add(mailbox.Lease)) {
		t.Fatalf("a mail in a hung session: %+v", rows)
	}
	if err := mailbox.RetryDueAt(w.app, start.Add(5*time.Minute)); err != nil {
		t.Fatal(err)
	}
	if w.smtp.Sessions() != 1 {
		t.Fatal("a claimed mail was tried again while its session lasts")
	}

	w.smtp.Release() // the session hangs up: the try failed for now
	testutil.Eventually(t, 10*time.Second, "the session's end to be recorded", func() bool {
		rows = outbox(t, w.app)
		return len(rows) != 1 || rows[0].Claim == ""
	})
	if len(rows) != 1 || rows[0].Attempts != 1 || !near(rows[0].next(t), time.Now().Add(time.Minute)) {
		t.Fatalf("after the hung session ended: %+v", rows)
	}
	if err := mailbox.RetryDueAt(w.app, rows[0].next(t)); err != nil {
		t.Fatal(err)
	}
	if len(w.smtp.Mails()) != 1 || len(outbox(t, w.app)) != 0 {
		t.Fatalf("%d mails, outbox %+v", len(w.smtp.Mails()), outbox(t, w.app))
	}
}

// At most MaxSessions mails are with the mail server at once: with every
// session hung, a code request gets its answer within CodeBudget and opens
// no further connection.
func TestSessionsAreBounded(t *testing.T) {
	shortTimes(t, 300*time.Millisecond, 10*time.Millisecond, 200*time.Millisecond)
	w, _ := noticeWorld(t)
	for range mailbox.MaxSessions {
		w.smtp.Fail(testutil.SMTPFault{Stage: "greeting", Hang: true})
	}
	var wg sync.WaitGroup
	for i := range mailbox.MaxSessions {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mailbox.Deliver(w.app, testMessage("hung"+string(rune('a'+i))+"@example.com"))
		}()
	}
	wg.Wait()
	if got := w.smtp.Sessions(); got != mailbox.MaxSessions {
		t.Fatalf("%d sessions, want %d", got, mailbox.MaxSessions)
	}
	start := time.Now()
	code, body := testutil.DoRead(t, w.srv, http.MethodPost, "/api/auth/email-code/request",
		`{"email":"nia@example.com","displayName":"Nia"}`, map[string]string{"Origin": testutil.Origin})
	if code != http.StatusServiceUnavailable || !strings.Contains(body, mailbox.MsgCodeNotNow) || time.Since(start) > 2*time.Second {
		t.Fatalf("with every session hung: %d %s after %v", code, body, time.Since(start))
	}
	if got := w.smtp.Sessions(); got != mailbox.MaxSessions {
		t.Fatalf("a ninth session was opened: %d", got)
	}

	w.smtp.Release()
	deadline := time.Now().Add(10 * time.Second)
	for {
		code, _ = testutil.DoRead(t, w.srv, http.MethodPost, "/api/auth/email-code/request",
			`{"email":"nia@example.com","displayName":"Nia"}`, map[string]string{"Origin": testutil.Origin})
		if code == 200 || time.Now().After(deadline) {
			break
		}
	}
	if code != 200 {
		t.Fatalf("sessions released, the code request still answers %d", code)
	}
}

func testMessage(to string) *mailer.Message {
	return &mailer.Message{From: mail.Address{Name: "SponsorBridge", Address: "hello@sponsorbridge.example"},
		To: []mail.Address{{Address: to}}, Subject: "A note", Text: "Hello", HTML: "<p>Hello</p>"}
}

// A stopping app does not wait on the mail server: background mail sent
// once the queue is closed (Send refused) waits in the outbox untried, and
// the next start sends it at once, claims of the previous process's
// sessions released.
func TestAStoppingServerKeepsItsMailForTheNextStart(t *testing.T) {
	w, _ := noticeWorld(t)
	if err := w.app.OnTerminate().Trigger(&core.TerminateEvent{App: w.app}, func(*core.TerminateEvent) error { return nil }); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	mailbox.Send(w.app, testMessage("ann@example.com"))
	if took := time.Since(start); took > time.Second || w.smtp.Sessions() != 0 {
		t.Fatalf("a stopping app tried the mail server (%v, %d sessions)", took, w.smtp.Sessions())
	}
	rows := outbox(t, w.app)
	if len(rows) != 1 || rows[0].Attempts != 0 || rows[0].next(t).After(time.Now()) {
		t.Fatalf("the mail does not wait for the next start: %+v", rows)
	}

	// a claim left by a session of the stopped process
	if _, err := w.app.DB().NewQuery("UPDATE mail_outbox SET claim = 'previous', nextAttempt = {:t}").
		Bind(dbx.Params{"t": types.NowDateTime().Add(mailbox.Lease).String()}).Execute(); err != nil {
		t.Fatal(err)
	}
	if err := mailbox.AtStart(w.app); err != nil { // what the next start does (sbMailOutboxClaims)
		t.Fatal(err)
	}
	rows = outbox(t, w.app)
	if len(rows) != 1 || rows[0].Claim != "" || rows[0].next(t).After(time.Now()) {
		t.Fatalf("at start: %+v", rows)
	}
	if err := mailbox.RetryDueAt(w.app, time.Now()); err != nil {
		t.Fatal(err)
	}
	if len(w.smtp.Mails()) != 1 || len(outbox(t, w.app)) != 0 {
		t.Fatalf("%d mails; outbox %+v", len(w.smtp.Mails()), outbox(t, w.app))
	}
}
