package sponsoring_test

import (
	"context"
	"database/sql"
	"fmt"
	"runtime"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/app"
	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/messaging"
	"sponsorbridge/pb/internal/sponsoring"
	"sponsorbridge/pb/internal/testutil"
)

// holding is an app whose write transactions are measured from their
// first statement to their commit (the first after-commit callback,
// registered before any save's): the time the action holds the app's one
// writer, and the CPU its goroutine spends meanwhile (locked to its thread,
// whose CPU clock does not count what other goroutines or processes do on
// a busy machine). Everything else goes to the app.
type holding struct {
	core.App
	held, cpu *time.Duration
	inTx      *atomic.Bool // the statements logged meanwhile are counted in statements
}

func (h holding) RunInTransaction(fn func(tx core.App) error) error {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	return h.App.RunInTransaction(func(tx core.App) error {
		began, cpu := time.Now(), threadCPU()
		h.inTx.Store(true)
		tx.TxInfo().OnComplete(func(error) error {
			h.inTx.Store(false)
			*h.held += time.Since(began)
			*h.cpu += threadCPU() - cpu
			return nil
		})
		return fn(tx)
	})
}

// countStatements counts the statements the app's writing connection runs
// while inTx (its transactions' queries are logged through it).
func countStatements(b *testing.B, app core.App, inTx *atomic.Bool, n *atomic.Int64) {
	d, ok := app.NonconcurrentDB().(*dbx.DB)
	if !ok {
		b.Fatalf("the app's writing database is a %T, not a *dbx.DB", app.NonconcurrentDB())
	}
	count := func() {
		if inTx.Load() {
			n.Add(1)
		}
	}
	d.QueryLogFunc = func(context.Context, time.Duration, string, *sql.Rows, error) { count() }
	d.ExecLogFunc = func(context.Context, time.Duration, string, sql.Result, error) { count() }
}

// threadCPU is the calling thread's CPU time (Linux's RUSAGE_THREAD).
func threadCPU() time.Duration {
	const rusageThread = 1
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkWrites runs each write class of make load alone, one at a time,
// on a database with some history (members, conversations, notifications),
// and reports the time it holds the one writer a write (held-µs/op), the
// CPU spent meanwhile (held-cpu-µs/op: the figure a busy machine blurs
// least), the SQL statements it runs meanwhile (statements/op, besides its
// BEGIN and COMMIT: a count no machine blurs) and the whole time (ns/op: reads before, the transaction, the hooks
// after).
// The writer is what writes queue on under load (docs/measurements.md, "The
// whole app under a community's load"): go test -run '^$' -bench Writes
// ./pb/internal/sponsoring/
func BenchmarkWrites(b *testing.B) {
	a := apptest.NewApp(b, nil)
	const people = 40
	members := make([]*core.Record, people)
	for i := range members {
		members[i] = testutil.CreateMember(b, a, fmt.Sprintf("bench%03d", i), testutil.MemberOpts{Subscribed: true})
	}
	poster := members[0]
	var held, cpu time.Duration
	var inTx atomic.Bool
	var statements atomic.Int64
	countStatements(b, a, &inTx, &statements)
	timed := holding{App: a, held: &held, cpu: &cpu, inTx: &inTx}
	run := func(b *testing.B, prepare func(i int) func() error) {
		held, cpu = 0, 0
		statements.Store(0)
		b.ResetTimer()
		for i := range b.N {
			b.StopTimer()
			if i%50 == 0 { // as a served app does beside the writer (app.CheckpointEvery)
				if err := app.Checkpoint(a); err != nil {
					b.Fatal(err)
				}
			}
			write := prepare(i)
			b.StartTimer()
			if err := write(); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(held.Microseconds())/float64(b.N), "held-µs/op")
		b.ReportMetric(float64(cpu.Microseconds())/float64(b.N), "held-cpu-µs/op")
		b.ReportMetric(float64(statements.Load())/float64(b.N), "statements/op")
	}
	b.Run("message", func(b *testing.B) {
		convs := map[int]string{}
		run(b, func(i int) func() error {
			from, to := 1+i%(people-1), 1+(i+1+i/(people-1))%(people-1)
			if from == to {
				to = 1 + to%(people-1)
			}
			key := min(from, to)*people + max(from, to)
			if _, ok := convs[key]; !ok {
				s, err := messaging.StartConversation(a, members[from].Id, messaging.StartRequest{UserID: members[to].Id})
				if err != nil {
					b.Fatal(err)
				}
				convs[key] = s.Conversation.Id
			}
			return func() error {
				_, err := messaging.SendMessage(timed, members[from], convs[key], messaging.MessageRequest{Body: fmt.Sprintf("Message %d about the banner", i)})
				return err
			}
		})
	})
	others := 0 // b.Run runs a benchmark more than once: every member new
	b.Run("start conversation", func(b *testing.B) {
		run(b, func(i int) func() error {
			others++
			other := testutil.CreateMember(b, a, fmt.Sprintf("start%06d", others), testutil.MemberOpts{})
			return func() error {
				_, err := messaging.StartConversation(timed, members[1+i%(people-1)].Id, messaging.StartRequest{UserID: other.Id})
				return err
			}
		})
	})
	b.Run("apply", func(b *testing.B) {
		run(b, func(i int) func() error {
			offer := testutil.CreateListing(b, a, "sponsorships", poster, testutil.ListingOpts{Approved: true, Reviewed: true})
			return func() error {
				_, err := sponsoring.Apply(timed, members[1+i%(people-1)], offer.Id, sponsoring.ApplyBody{MessageBody: sponsoring.MessageBody{Message: "We would love to have you."}})
				return err
			}
		})
	})
	b.Run("decide", func(b *testing.B) { // accept (a deal opens) and decline in turn
		run(b, func(i int) func() error {
			offer := testutil.CreateListing(b, a, "sponsorships", poster, testutil.ListingOpts{Approved: true, Reviewed: true})
			application, err := sponsoring.Apply(a, members[1+i%(people-1)], offer.Id, sponsoring.ApplyBody{MessageBody: sponsoring.MessageBody{Message: "Count us in."}})
			if err != nil {
				b.Fatal(err)
			}
			verdict := []string{sponsoring.StatusAccepted, sponsoring.StatusDeclined}[i%2]
			return func() error {
				_, err := sponsoring.Decide(timed, poster, application.Id, verdict)
				return err
			}
		})
	})
	b.Run("pledge", func(b *testing.B) {
		run(b, func(i int) func() error {
			request := testutil.CreateListing(b, a, "sponsorship_requests", poster, testutil.ListingOpts{Approved: true, Reviewed: true, Amount: 10_000})
			amount := sponsoring.PledgeAmount(25)
			return func() error {
				_, err := sponsoring.Pledge(timed, members[1+i%(people-1)], request.Id, sponsoring.PledgeBody{
					MessageBody: sponsoring.MessageBody{Message: "Happy to help."}, Amount: &amount})
				return err
			}
		})
	})
}
