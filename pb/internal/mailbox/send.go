package mailbox

import (
	"errors"
	"io"
	"net"
	"net/http"
	"net/textproto"
	"strings"
	"sync"
	"syscall"
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/mailer"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/metrics"
)

// Every mail leaves through PocketBase's own client (app.NewMailClient():
// SMTP with AUTH and STARTTLS or implicit TLS, or the development mailbox).
// This file wraps it with what it lacks: a time limit, a bound on sessions
// at once, and the difference between a failure worth another try and one
// that is final. Two ways to send, chosen by who waits:
//
//   - SendNow, for codes: the member waits for the answer, so the request
//     tries up to codeAttempts times within CodeBudget and then says
//     plainly whether the code went out. A code never waits in the outbox:
//     a code that arrives after the member gave up is worse than none.
//   - Send, for everything else (outbox.go): a job of the background queue
//     (pb/internal/queue) gives it one try (Deliver), then the outbox and
//     tries with a growing pause, across restarts.
//
// The bounds (docs/security.md, "Mail"):
var (
	// CodeBudget is the longest a request that mails a code waits for the
	// mail server, its tries and pauses included.
	CodeBudget = 10 * time.Second
	// codeAttempts is how often a code mail is tried within CodeBudget;
	// the pauses are CodePause, then twice that.
	codeAttempts = 3
	// CodePause is the first pause between a code mail's tries.
	CodePause = time.Second
	// SendTimeout is the longest one try of a background mail may take
	// before it counts as failed for now (it goes on, see attempt).
	SendTimeout = 30 * time.Second
)

// MaxSessions is how many mails are with the mail server at once, hung
// sessions included: PocketBase's client sets no deadline of its own, so a
// server that accepts and never answers holds a session until it hangs up.
const MaxSessions = 8

var (
	errBusy    = errors.New("mailbox: every mail session is in use")
	errTimeout = errors.New("mailbox: the mail server did not answer in time")
)

// Permanent tells whether err means the mail will never go as it is: a 5xx
// reply, mail not set up, a TLS or authentication setup the server refuses.
// A 4xx reply, a dropped, refused or reset connection, a lookup that failed
// and no answer in time are temporary: trying again later may work.
func Permanent(err error) bool {
	var reply *textproto.Error
	if errors.As(err, &reply) {
		return reply.Code >= 500
	}
	var netErr net.Error
	switch {
	case errors.Is(err, errBusy), errors.Is(err, errTimeout), errors.Is(err, errStopping),
		errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF),
		errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.EPIPE),
		errors.As(err, &netErr):
		return false
	}
	return true
}

// sessions bounds the app's mail sessions (one per app: tests run many).
type sessions struct {
	slots chan struct{}
	retry sync.Mutex // one retry run at a time (outbox.go)

	mu      sync.Mutex
	stopped chan struct{} // closed while the app stops: background mail waits for the next start
}

const sessionsKey = "sbMailSessions"

func sessionsOf(app core.App) *sessions {
	return app.Store().GetOrSet(sessionsKey, func() any {
		return &sessions{slots: make(chan struct{}, MaxSessions), stopped: make(chan struct{})}
	}).(*sessions)
}

// stop: the app stops; tries waiting for a session or an answer give up.
func (s *sessions) stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	select {
	case <-s.stopped:
	default:
		close(s.stopped)
	}
}

// start: the app serves (again).
func (s *sessions) start() {
	s.mu.Lock()
	defer s.mu.Unlock()
	select {
	case <-s.stopped:
		s.stopped = make(chan struct{})
	default:
	}
}

// stopping is closed while the app stops.
func (s *sessions) stopping() <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stopped
}

func (s *sessions) isStopping() bool {
	select {
	case <-s.stopping():
		return true
	default:
		return false
	}
}

// attempt sends msg once, waiting at most wait for a free session and the
// server's answer. When the time is up first, or the app stops meanwhile,
// the session goes on in its goroutine (it cannot be cut short) and holds
// its slot until it ends; late, when not nil, then gets its result, and
// attempt answers errTimeout. A stop before a session was free answers
// errStopping: the mail was not tried.
func attempt(app core.App, msg *mailer.Message, wait time.Duration, late func(error)) error {
	timer := time.NewTimer(wait)
	defer timer.Stop()
	s := sessionsOf(app)
	stopping := s.stopping()
	select {
	case s.slots <- struct{}{}:
	case <-timer.C:
		return errBusy
	case <-stopping:
		return errStopping
	}
	var (
		mu        sync.Mutex
		abandoned bool
		result    = make(chan error, 1)
	)
	go func() {
		err := app.NewMailClient().Send(msg)
		<-s.slots
		mu.Lock()
		gone := abandoned
		result <- err
		mu.Unlock()
		if gone && late != nil {
			late(err)
		}
	}()
	select {
	case err := <-result:
		return err
	case <-timer.C:
	case <-stopping: // the stop must not wait for the mail server (Fly.io allows 30 s)
	}
	mu.Lock()
	defer mu.Unlock()
	select {
	case err := <-result: // it ended as the time ran out
		return err
	default:
		abandoned = true
		app.Logger().Warn("Mail: the mail server has not answered in time; the session goes on in the background",
			"subject", msg.Subject, "wait", wait.String())
		return errTimeout
	}
}

// NotSent is a mail SendNow could not send.
type NotSent struct {
	// Permanent: the mail server refused it (trying again soon will not
	// help); otherwise it did not take it in time.
	Permanent bool
	// Address: the refusal named the receiver's address (no such mailbox,
	// no such domain, not an address).
	Address bool
	Err     error
}

func (e *NotSent) Error() string { return "mailbox: not sent: " + e.Err.Error() }
func (e *NotSent) Unwrap() error { return e.Err }

// SendNow sends msg while the caller waits (a code): up to codeAttempts
// tries within CodeBudget, pausing CodePause and then twice that after a
// temporary failure. The answer is nil or a *NotSent. A mail it gives up on
// counts as a permanent failure in the metrics: it will not arrive.
func SendNow(app core.App, msg *mailer.Message) error {
	deadline := time.Now().Add(CodeBudget)
	pause := CodePause
	for try := 1; ; try++ {
		err := attempt(app, msg, time.Until(deadline), nil)
		if err == nil {
			return nil
		}
		if Permanent(err) {
			return &NotSent{Permanent: true, Address: addressRefused(err), Err: err}
		}
		if try >= codeAttempts || time.Now().Add(pause).After(deadline) {
			metrics.MailFailed(app, true)
			return &NotSent{Err: err}
		}
		time.Sleep(pause)
		pause *= 2
	}
}

// addressRefused tells whether a 5xx reply names the receiver's address,
// by its enhanced status code (RFC 3463): 5.1.1 bad mailbox, 5.1.2 bad
// domain, 5.1.3 bad address syntax, 5.1.6 mailbox moved, 5.1.10 null MX,
// 5.2.1 mailbox disabled. The sender's own (5.1.7, 5.1.8), AUTH, policy or
// quota refusals are the server's problem, not the member's.
func addressRefused(err error) bool {
	var reply *textproto.Error
	if !errors.As(err, &reply) || reply.Code < 500 {
		return false
	}
	status, _, _ := strings.Cut(strings.TrimSpace(reply.Msg), " ")
	switch status {
	case "5.1.1", "5.1.2", "5.1.3", "5.1.6", "5.1.10", "5.2.1":
		return true
	}
	return false
}

// The answers of a route whose code could not be mailed.
const (
	MsgAddressRefused = "The mail server says this address does not exist. Please check it and try again."
	MsgCodeRefused    = "We could not send the code: our mail server refused it. Please try again later."
	MsgCodeNotNow     = "We could not send the code right now: our mail server did not take it. Please try again in a few minutes."
)

// CodeNotSent is the answer to a request whose code mail failed (err from
// SendNow): 400 on the email field when the refusal named the address (the
// member's typing), 502 when the mail server refused our mail otherwise,
// 503 with Retry-After when it did not take it in time.
func CodeNotSent(e *core.RequestEvent, err error) error {
	var ns *NotSent
	if errors.As(err, &ns) && ns.Address {
		return e.BadRequestError(MsgAddressRefused, validation.Errors{"email": apierr.Field("validation_address_refused", MsgAddressRefused)})
	}
	if ns != nil && ns.Permanent {
		return e.Error(http.StatusBadGateway, MsgCodeRefused, nil)
	}
	e.Response.Header().Set("Retry-After", "60")
	return e.Error(http.StatusServiceUnavailable, MsgCodeNotNow, nil)
}

// countHook counts every try of every mail, ours and PocketBase's own (the
// dashboard's codes): first in line, so that it sees what every later
// handler answered.
func countHook() *hook.Handler[*core.MailerEvent] {
	return &hook.Handler[*core.MailerEvent]{
		Id:       "sbMailCount",
		Priority: -1000,
		Func: func(e *core.MailerEvent) error {
			err := e.Next()
			switch {
			case err != nil && addressRefused(err):
				metrics.MailAddressRefused(e.App) // the member's address, not the mail system
			case err != nil:
				metrics.MailFailed(e.App, Permanent(err))
			default:
				metrics.MailSent(e.App)
			}
			return err
		},
	}
}
