package mailbox_test

import (
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/queue"
	"sponsorbridge/pb/internal/testutil"
)

// The queue drains when the app stops, but a mail server that hangs does
// not hold the stop: the mail job in the middle of its try stops waiting
// for the answer (SendTimeout is 30 s, Fly.io's whole stop is 30 s), its
// mail stays in the outbox, claimed, and the next start tries it again.
// The session's late answer is not written into the stopped app.
func TestAHungMailServerDoesNotHoldTheStop(t *testing.T) {
	w, _ := noticeWorld(t)
	w.smtp.Fail(testutil.SMTPFault{Stage: "rcpt", Hang: true})
	mailbox.Send(w.app, testMessage("ann@example.com"))
	testutil.Eventually(t, 5*time.Second, "the mail job to open a session", func() bool { return w.smtp.Sessions() > 0 })

	start := time.Now()
	if err := w.app.OnTerminate().Trigger(&core.TerminateEvent{App: w.app}, func(*core.TerminateEvent) error { return nil }); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Fatalf("the stop waited %v for the mail server", took)
	}
	rows := outbox(t, w.app)
	if len(rows) != 1 || rows[0].Attempts != 1 || rows[0].Claim == "" {
		t.Fatalf("the mail does not wait, claimed, for the next start: %+v", rows)
	}
	w.smtp.Release() // the hung session ends; its answer is refused by the stopped queue
	testutil.Eventually(t, 5*time.Second, "the late answer to be refused", func() bool {
		return queue.Of(w.app).Stats()[queue.Mail].RefusedStopping > 0
	})
	if rows := outbox(t, w.app); len(rows) != 1 || rows[0].Claim == "" {
		t.Fatalf("the late answer touched the outbox of the stopped app: %+v", rows)
	}

	if err := mailbox.AtStart(w.app); err != nil { // the next start
		t.Fatal(err)
	}
	if err := mailbox.RetryDueAt(w.app, time.Now()); err != nil {
		t.Fatal(err)
	}
	if got := w.smtp.WaitMails(t, 1); len(got) != 1 || len(outbox(t, w.app)) != 0 {
		t.Fatalf("%d mails; outbox %+v", len(got), outbox(t, w.app))
	}
}
