package mailbox

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/mail"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/mailer"
	"github.com/pocketbase/pocketbase/tools/security"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/metrics"
	"sponsorbridge/pb/internal/queue"
)

// The outbox (mail_outbox) keeps background mails the mail server did not
// take at the first try, and RetryDue tries them again: after 1 minute, then
// 2, 4, 8, 16, 32 and then every hour, 10 tries in all (the last about 4
// hours after the first), then the mail is given up. The bounds:
const (
	// MaxAttempts is how often a background mail is tried in all.
	MaxAttempts = 10
	// MaxQueued is how many mails wait at most; past it a failed mail is
	// given up at once (logged and counted), so a mail server that is down
	// for days cannot fill the disk.
	MaxQueued = 5000
	// maxQueuedBytes bounds one waiting mail (the app's largest, a digest
	// of 50 items, is about 40 KB).
	maxQueuedBytes = 256 << 10
	// retryBatch is how many due mails one run of the retry job tries.
	retryBatch = 100
	// Lease is how long a mail whose try has not answered stays claimed:
	// after it, the mail is tried again (its hung session may still end).
	Lease = 15 * time.Minute
)

const outboxCollection = "mail_outbox"

// Backoff is the pause after the n-th failed try.
func Backoff(n int) time.Duration {
	if n >= 7 {
		return time.Hour
	}
	return time.Minute << (n - 1)
}

// stored is a mail as the outbox keeps it (no attachments: the app's mails
// have none).
type stored struct {
	From    mail.Address      `json:"from"`
	To      []mail.Address    `json:"to"`
	Cc      []mail.Address    `json:"cc,omitempty"`
	Bcc     []mail.Address    `json:"bcc,omitempty"`
	Subject string            `json:"subject"`
	HTML    string            `json:"html"`
	Text    string            `json:"text"`
	Headers map[string]string `json:"headers,omitempty"`
}

func (s stored) message() *mailer.Message {
	return &mailer.Message{From: s.From, To: s.To, Cc: s.Cc, Bcc: s.Bcc, Subject: s.Subject, HTML: s.HTML, Text: s.Text, Headers: s.Headers}
}

// Send sends a background mail: a job on the queue's mail lane gives it
// one try (Deliver). A mail the queue refuses (its mail lane is full, or
// the app is stopping) goes to the outbox untried, and the retry job sends
// it within a minute: no mail is dropped for want of a worker.
func Send(app core.App, msg *mailer.Message) {
	err := queue.Of(app).Go(queue.Mail, func() error { return Deliver(app, msg) })
	if err != nil {
		enqueue(app, core.GenerateDefaultRandomId(), "", msg, 0, time.Now(), err)
	}
}

// Deliver is a background mail's first try, made by the queue's mail lane
// (Send): when it fails for now, the mail waits in the outbox for RetryDue.
// It answers once the mail is sent, waiting or given up; the error says
// that it will not arrive (refused, or it could not wait: the failure is
// logged and counted already).
func Deliver(app core.App, msg *mailer.Message) error {
	id := core.GenerateDefaultRandomId()
	if sessionsOf(app).isStopping() {
		// the queue drains as the app stops: a mail server that hangs must not
		// hold the stop (Fly.io allows 30 s), so the next start sends these
		return waitOrGiveUp(enqueue(app, id, "", msg, 0, time.Now(), errStopping))
	}
	claim := security.RandomString(16)
	queued := make(chan bool, 1)
	late := func(err error) {
		if <-queued {
			settleLater(app, id, claim, 1, err)
		}
	}
	err := attempt(app, msg, SendTimeout, late)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, errTimeout):
		// claimed until the lease ends: the session may still deliver it (the
		// next start releases the claims of a stopped process)
		ok := enqueue(app, id, claim, msg, 1, time.Now().Add(Lease), err)
		queued <- ok
		return waitOrGiveUp(ok)
	case errors.Is(err, errStopping): // not tried: the next start sends it
		return waitOrGiveUp(enqueue(app, id, "", msg, 0, time.Now(), err))
	case addressRefused(err):
		app.Logger().Warn(msgAddressRefused, "to", recipients(msg), "subject", msg.Subject, "error", err.Error())
		return fmt.Errorf("mailbox: refused: %w", err)
	case Permanent(err):
		app.Logger().Error("Mail refused: not sent", "to", recipients(msg), "subject", msg.Subject, "error", err.Error())
		return fmt.Errorf("mailbox: refused: %w", err)
	}
	return waitOrGiveUp(enqueue(app, id, "", msg, 1, time.Now().Add(Backoff(1)), err))
}

// msgAddressRefused is the log line of a mail refused because of its
// receiver's address: a warning, since the mail system works.
const msgAddressRefused = "Mail refused: the receiver's address does not exist"

var errGivenUp = errors.New("mailbox: the mail failed and could not wait in the outbox")

func waitOrGiveUp(waiting bool) error {
	if waiting {
		return nil
	}
	return errGivenUp
}

// settleLater records the answer of a session that ended after its try
// gave up waiting. It runs as a job: the session's goroutine cannot be
// cut short and may end after the app stopped, and a job never touches a
// stopped app. Refused (the app is stopping), the mail stays claimed: the
// next start releases the claim and tries it again.
func settleLater(app core.App, id, claim string, tries int, err error) {
	_ = queue.Of(app).Go(queue.Mail, func() error {
		settle(app, id, claim, tries, err, time.Now())
		return nil
	})
}

var errStopping = errors.New("the server is stopping; the next start sends it")

// bindOutbox lets the outbox outlive a stop: mails of the background
// queue's last jobs wait for the next start, and claims of sessions that
// ended with the previous process are released at start (a claimed mail
// would otherwise wait out its lease).
func bindOutbox(app core.App) {
	app.OnTerminate().Bind(&hook.Handler[*core.TerminateEvent]{
		Id: "sbMailStopping",
		// after the requests drained (codes are sent while members wait),
		// before the background queue drains (priority 0, pb/internal/queue)
		Priority: -100,
		Func: func(e *core.TerminateEvent) error {
			sessionsOf(e.App).stop()
			return e.Next()
		},
	})
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Id: "sbMailOutboxClaims",
		Func: func(e *core.ServeEvent) error {
			if err := AtStart(e.App); err != nil {
				return err
			}
			return e.Next()
		},
	})
}

// AtStart makes the mails claimed by the previous process's sessions due
// at once (and an app served again after a stop sends mail again).
func AtStart(app core.App) error {
	sessionsOf(app).start()
	_, err := app.DB().Update(outboxCollection, dbx.Params{"claim": "", "nextAttempt": dateTime(time.Now())},
		dbx.NewExp("[[claim]] != ''")).Execute()
	if err != nil {
		return fmt.Errorf("mailbox: releasing the outbox's claims: %w", err)
	}
	return nil
}

// enqueue stores msg in the outbox, unless the outbox is full or the mail
// too big (then it is given up: logged and counted). The count and the
// insert are one statement, so racing mails cannot pass MaxQueued.
func enqueue(app core.App, id, claim string, msg *mailer.Message, attempts int, next time.Time, cause error) bool {
	raw, err := json.Marshal(stored{From: msg.From, To: msg.To, Cc: msg.Cc, Bcc: msg.Bcc, Subject: msg.Subject,
		HTML: msg.HTML, Text: msg.Text, Headers: msg.Headers})
	if err == nil && len(raw) > maxQueuedBytes {
		err = fmt.Errorf("the mail is %d bytes, more than the outbox keeps (%d)", len(raw), maxQueuedBytes)
	}
	if err == nil {
		err = insert(app, dbx.Params{
			"id": id, "message": string(raw), "attempts": attempts, "next": dateTime(next), "claim": claim,
			"lastError": clip(cause.Error(), 1000), "now": types.NowDateTime().String(), "max": MaxQueued,
		})
	}
	if err != nil {
		metrics.MailFailed(app, true)
		app.Logger().Error("Mail given up: it failed and cannot wait for another try", "to", recipients(msg),
			"subject", msg.Subject, "cause", cause.Error(), "error", err.Error())
		return false
	}
	app.Logger().Warn("Mail failed for now; it waits in the outbox for another try", "to", recipients(msg),
		"subject", msg.Subject, "attempts", attempts, "next", dateTime(next), "error", cause.Error())
	return true
}

func insert(app core.App, params dbx.Params) error {
	res, err := app.DB().NewQuery(`INSERT INTO {{mail_outbox}} ([[id]], [[message]], [[attempts]], [[nextAttempt]], [[claim]], [[lastError]], [[created]], [[updated]])
			SELECT {:id}, {:message}, {:attempts}, {:next}, {:claim}, {:lastError}, {:now}, {:now}
			WHERE (SELECT COUNT(*) FROM {{mail_outbox}}) < {:max}`).Bind(params).Execute()
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("the outbox is full (%d mails wait)", MaxQueued)
	}
	return nil
}

// RetryDue tries the outbox's mails whose pause is over (the sbRetryMail
// job, every minute). One run at a time; a run tries at most retryBatch.
func RetryDue(app core.App) error { return RetryDueAt(app, time.Now()) }

// RetryDueAt is RetryDue as if the clock said now.
func RetryDueAt(app core.App, now time.Time) error {
	s := sessionsOf(app)
	if !s.retry.TryLock() {
		return nil // the previous run still works through its batch
	}
	defer s.retry.Unlock()
	var due []struct {
		ID       string `db:"id"`
		Attempts int    `db:"attempts"`
	}
	err := app.DB().Select("id", "attempts").From(outboxCollection).
		Where(dbx.NewExp("[[nextAttempt]] <= {:now}", dbx.Params{"now": dateTime(now)})).
		OrderBy("nextAttempt ASC").Limit(retryBatch).All(&due)
	if err != nil {
		return err
	}
	for _, row := range due {
		if s.isStopping() {
			return nil // the next start goes on
		}
		// claim it: a retry run on another clock, or a late session, may hold it
		claim := security.RandomString(16)
		tries := row.Attempts + 1
		res, err := app.DB().Update(outboxCollection, dbx.Params{"claim": claim, "attempts": tries,
			"nextAttempt": dateTime(now.Add(Lease)), "updated": types.NowDateTime().String()},
			dbx.And(dbx.HashExp{"id": row.ID}, dbx.NewExp("[[nextAttempt]] <= {:now}", dbx.Params{"now": dateTime(now)}))).Execute()
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			continue
		}
		// one message in memory at a time (each up to maxQueuedBytes)
		var raw string
		if err := app.DB().Select("message").From(outboxCollection).Where(dbx.HashExp{"id": row.ID}).Row(&raw); err != nil {
			return err
		}
		var st stored
		if err := json.Unmarshal([]byte(raw), &st); err != nil {
			_, _ = app.DB().Delete(outboxCollection, dbx.HashExp{"id": row.ID}).Execute()
			metrics.MailFailed(app, true)
			app.Logger().Error("Mail given up: its outbox entry is unreadable", "id", row.ID, "error", err.Error())
			continue
		}
		id := row.ID
		msg := st.message()
		err = attempt(app, msg, SendTimeout, func(err error) { settleLater(app, id, claim, tries, err) })
		if errors.Is(err, errTimeout) || errors.Is(err, errStopping) {
			continue // the session answers later (settleLater), or the lease runs out, or the next start releases it
		}
		settle(app, id, claim, tries, err, now)
	}
	return nil
}

// settle records the outcome of try number tries of a waiting mail: sent
// or refused, it leaves the outbox; failed for now, it waits Backoff(tries)
// unless its tries are spent. A mail claimed again meanwhile (its lease
// ran out) is left to that claim, except that a mail sent is never tried
// again.
func settle(app core.App, id, claim string, tries int, err error, now time.Time) {
	mine := dbx.HashExp{"id": id, "claim": claim}
	switch {
	case err == nil:
		_, _ = app.DB().Delete(outboxCollection, dbx.HashExp{"id": id}).Execute()
		app.Logger().Info("Mail sent from the outbox", "id", id, "attempts", tries)
	case Permanent(err) || tries >= MaxAttempts:
		res, dbErr := app.DB().Delete(outboxCollection, mine).Execute()
		if dbErr != nil {
			app.Logger().Error("Mail outbox: removing a mail failed", "id", id, "error", dbErr.Error())
			return
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return
		}
		if !Permanent(err) {
			metrics.MailFailed(app, true) // its last try counted as temporary
		}
		if addressRefused(err) {
			app.Logger().Warn(msgAddressRefused, "id", id, "attempts", tries, "error", err.Error())
			return
		}
		app.Logger().Error("Mail given up: not sent", "id", id, "attempts", tries, "error", err.Error())
	default:
		next := now.Add(Backoff(tries))
		res, dbErr := app.DB().Update(outboxCollection, dbx.Params{"claim": "", "nextAttempt": dateTime(next),
			"lastError": clip(err.Error(), 1000), "updated": types.NowDateTime().String()}, mine).Execute()
		if dbErr != nil {
			app.Logger().Error("Mail outbox: rescheduling a mail failed", "id", id, "error", dbErr.Error())
			return
		}
		if n, _ := res.RowsAffected(); n == 1 {
			app.Logger().Warn("Mail failed again; it waits in the outbox for another try", "id", id, "attempts", tries,
				"nextAttempt", next.UTC().Format(time.RFC3339), "error", err.Error())
		}
	}
}

func dateTime(t time.Time) string {
	d, _ := types.ParseDateTime(t)
	return d.String()
}

func recipients(msg *mailer.Message) []string {
	out := make([]string, 0, len(msg.To))
	for _, a := range msg.To {
		out = append(out, a.Address)
	}
	return out
}

func clip(s string, n int) string {
	r := []rune(strings.ToValidUTF8(s, "?"))
	if len(r) <= n {
		return string(r)
	}
	return string(r[:n])
}
