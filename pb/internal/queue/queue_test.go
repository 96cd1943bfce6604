package queue_test

import (
	"errors"
	"log/slog"
	"runtime"
	"slices"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"sponsorbridge/pb/internal/queue"
)

var quiet = slog.New(slog.DiscardHandler)

// Close waits for the job running and the job waiting behind it, and
// refuses (and counts) what comes after it began. synctest.Wait returns
// once every goroutine is blocked: a Close that did not wait would have
// returned by then.
func TestCloseWaitsForEveryQueuedJob(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		q := queue.New(quiet)
		release := make(chan struct{})
		var ran []string
		if err := q.Go(queue.Alerts, func() error { <-release; ran = append(ran, "running"); return nil }); err != nil {
			t.Fatal(err)
		}
		if err := q.Go(queue.Matches, func() error { ran = append(ran, "waiting"); return nil }); err != nil {
			t.Fatal(err)
		}
		closed := make(chan struct{})
		go func() { q.Close(); close(closed) }()
		synctest.Wait()
		select {
		case <-closed:
			close(release)
			q.Wait()
			t.Fatal("Close returned while a job was running and another waited")
		default:
		}
		if err := q.Go(queue.Mail, func() error { ran = append(ran, "after close"); return nil }); !errors.Is(err, queue.ErrStopping) {
			t.Fatalf("a job queued after Close began: %v", err)
		}
		close(release)
		<-closed
		if !slices.Equal(ran, []string{"running", "waiting"}) {
			t.Fatalf("ran %v", ran)
		}
		st := q.Stats()
		if st[queue.Alerts].Done != 1 || st[queue.Matches].Done != 1 || st[queue.Mail].RefusedStopping != 1 || st[queue.Mail].Done != 0 {
			t.Fatalf("stats %+v", st)
		}
	})
}

// Jobs of one lane start in the order they were queued, whatever their kind.
func TestJobsOfALaneRunInOrder(t *testing.T) {
	q := queue.New(quiet)
	var got []int
	for i := range 300 {
		kind := queue.Alerts
		if i%3 == 0 {
			kind = queue.Matches
		}
		if err := q.Go(kind, func() error { got = append(got, i); return nil }); err != nil {
			t.Fatal(err)
		}
	}
	q.Wait()
	for i, v := range got {
		if v != i {
			t.Fatalf("job %d ran as number %d: %v", v, i, got[:i+1])
		}
	}
	if len(got) != 300 {
		t.Fatalf("%d jobs ran", len(got))
	}
}

// The mail lane tries MailWorkers mails at once, never more, and a mail
// server that hangs does not hold alerts and matches up.
func TestMailRunsBesideListingsWithItsOwnWorkers(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		q := queue.New(quiet)
		hung := make(chan struct{})
		var running, most atomic.Int32
		for range 10 {
			_ = q.Go(queue.Mail, func() error {
				n := running.Add(1)
				if n > most.Load() {
					most.Store(n)
				}
				<-hung
				running.Add(-1)
				return nil
			})
		}
		alerted := false
		_ = q.Go(queue.Alerts, func() error { alerted = true; return nil })
		synctest.Wait()
		st := q.Stats()[queue.Mail]
		if !alerted || st.Running != queue.MailWorkers || st.Waiting != 10-queue.MailWorkers {
			t.Fatalf("alerted %v; mail %+v", alerted, st)
		}
		close(hung)
		q.Wait()
		if most.Load() != queue.MailWorkers || q.Stats()[queue.Mail].Done != 10 {
			t.Fatalf("at most %d at once; %+v", most.Load(), q.Stats()[queue.Mail])
		}
	})
}

// A lane holds at most its bound of waiting jobs; past it Go refuses and
// counts, and the other lane is not affected.
func TestALaneRefusesPastItsBound(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		q := queue.NewBounded(quiet, 2, 2)
		release := make(chan struct{})
		block := func() error { <-release; return nil }
		if err := q.Go(queue.Alerts, block); err != nil { // running: not waiting
			t.Fatal(err)
		}
		synctest.Wait()
		for range 2 {
			if err := q.Go(queue.Matches, block); err != nil {
				t.Fatal(err)
			}
		}
		if err := q.Go(queue.Alerts, block); !errors.Is(err, queue.ErrFull) {
			t.Fatalf("a third waiting job: %v", err)
		}
		if err := q.Go(queue.Mail, func() error { return nil }); err != nil {
			t.Fatalf("the mail lane refused: %v", err)
		}
		close(release)
		q.Wait()
		st := q.Stats()
		if st[queue.Alerts].RefusedFull != 1 || st[queue.Alerts].Done != 1 || st[queue.Matches].Done != 2 || st[queue.Mail].Done != 1 {
			t.Fatalf("stats %+v", st)
		}
	})
}

// A job that fails or panics is counted as failed and the worker goes on.
func TestAFailedOrPanickingJobIsCounted(t *testing.T) {
	q := queue.New(quiet)
	ran := false
	_ = q.Go(queue.Alerts, func() error { return errors.New("no listing") })
	_ = q.Go(queue.Alerts, func() error { panic("boom") })
	_ = q.Go(queue.Alerts, func() error { ran = true; return nil })
	q.Wait()
	st := q.Stats()[queue.Alerts]
	if !ran || st.Failed != 2 || st.Done != 1 {
		t.Fatalf("ran %v, %+v", ran, st)
	}
}

// Wait covers jobs that jobs queue (an alert's mail).
func TestWaitCoversJobsQueuedByJobs(t *testing.T) {
	q := queue.New(quiet)
	var mailed atomic.Bool
	_ = q.Go(queue.Alerts, func() error {
		return q.Go(queue.Mail, func() error { mailed.Store(true); return nil })
	})
	q.Wait()
	if !mailed.Load() {
		t.Fatal("Wait returned before the job's mail was out")
	}
}

// The wait-time histogram records how long each job waited to start.
func TestWaitTimeIsRecorded(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		q := queue.New(quiet)
		_ = q.Go(queue.Alerts, func() error { time.Sleep(3 * time.Second); return nil })
		_ = q.Go(queue.Matches, func() error { return nil })
		q.Wait()
		st := q.Stats()
		a, m := st[queue.Alerts], st[queue.Matches]
		if a.WaitCount != 1 || a.WaitSum != 0 || a.WaitBucketCounts[0] != 1 {
			t.Fatalf("alerts %+v", a)
		}
		// 3 s behind the alert: in the 5 s bucket, not the 1 s one
		i5, i1 := slices.Index(queue.WaitBuckets, 5), slices.Index(queue.WaitBuckets, 1)
		if m.WaitCount != 1 || m.WaitSum != 3 || m.WaitBucketCounts[i5] != 1 || m.WaitBucketCounts[i1] != 0 {
			t.Fatalf("matches %+v", m)
		}
	})
}

// The listing lane's bound in memory: a full lane of jobs shaped like the
// real ones (a kind and a listing id) takes a couple of megabytes.
func TestTheBoundsHoldAndTheirMemoryIsSmall(t *testing.T) {
	q := queue.New(quiet)
	release := make(chan struct{})
	_ = q.Go(queue.Alerts, func() error { <-release; return nil })
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for i := range queue.MaxListingJobs {
		table, id := "sponsorship_requests", "abcdefghijklmno"[:15-i%2]
		if err := q.Go(queue.Matches, func() error { _ = table + id; return nil }); err != nil {
			t.Fatalf("job %d: %v", i, err)
		}
	}
	if err := q.Go(queue.Alerts, func() error { return nil }); !errors.Is(err, queue.ErrFull) {
		t.Fatalf("past the bound: %v", err)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	per := float64(after.HeapAlloc-before.HeapAlloc) / queue.MaxListingJobs
	t.Logf("%d waiting listing jobs: %.1f MB, %.0f bytes each", queue.MaxListingJobs, per*queue.MaxListingJobs/1e6, per)
	if per > 400 {
		t.Errorf("a waiting job takes %.0f bytes", per)
	}
	close(release)
	q.Wait()
}
