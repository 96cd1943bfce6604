package mailbox_test

import (
	"encoding/json"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/queue"
	"sponsorbridge/pb/internal/testutil"
)

// The largest mail the app writes, a digest of 50 alerts with the longest
// titles and bodies, fits the outbox's bound for one mail with room to
// spare; docs/security.md ("Mail") takes the numbers from here.
func TestTheLargestMailFitsTheOutbox(t *testing.T) {
	var ann *core.Record
	w := newWorld(t, smtpOptions(), config.SMTPAuthPlain, func(app core.App) {
		ann = testutil.CreateMember(t, app, "ann", testutil.MemberOpts{Email: "ann@example.com"})
	})
	type item struct {
		Title string `json:"title"`
		Body  string `json:"body"`
		Link  string `json:"link"`
	}
	items := make([]item, 50) // digestIn keeps at most 50
	for i := range items {
		items[i] = item{Title: strings.Repeat("T", 200), Body: strings.Repeat("B", 160), Link: "/listings/requests/abcdefghijklmno"}
	}
	pending, _ := json.Marshal(map[string]any{"Key": "alert:x", "Topic": notify.TopicAlerts, "Subject": "New listing",
		"SubjectN": "%d new listings for your saved search “" + strings.Repeat("S", 60) + "”", "Action": "Open the search",
		"ActionPath": "/home?q=" + strings.Repeat("q", 200), "items": items})
	old := types.NowDateTime().Add(-2 * time.Hour).String()
	if _, err := w.app.DB().Insert("mail_digests", dbx.Params{"id": "digest000000001", "user": ann.Id, "key": "alert:x",
		"lastSentAt": old, "pending": string(pending), "created": old, "updated": old}).Execute(); err != nil {
		t.Fatal(err)
	}
	w.smtp.Fail(testutil.SMTPFault{Stage: "rcpt", Reply: "451 4.7.1 Try again later"})
	if err := notify.FlushDigests(w.app); err != nil {
		t.Fatal(err)
	}
	queue.Of(w.app).Wait()
	var size int
	if err := w.app.DB().NewQuery("SELECT length(message) FROM mail_outbox").Row(&size); err != nil {
		t.Fatal(err)
	}
	t.Logf("a 50-item digest waits as %d bytes (bound %d); %d such mails: %.0f MB", size, 256<<10, mailbox.MaxQueued,
		float64(size)*mailbox.MaxQueued/1e6)
	if size == 0 || size > 256<<10/4 {
		t.Errorf("the largest mail is %d bytes", size)
	}

	// a typical one: an account notice
	w.smtp.Fail(testutil.SMTPFault{Stage: "rcpt", Reply: "451 4.7.1 Try again later"})
	notice(t, w, ann)
	var typical int
	if err := w.app.DB().NewQuery("SELECT length(message) FROM mail_outbox ORDER BY created DESC, rowid DESC LIMIT 1").Row(&typical); err != nil {
		t.Fatal(err)
	}
	t.Logf("an account notice waits as %d bytes", typical)
}

// A hung session costs a goroutine and its buffers until the server hangs
// up; MaxSessions of them are the most there can be.
func TestHungSessionsCostLittle(t *testing.T) {
	shortTimes(t, 300*time.Millisecond, 10*time.Millisecond, 200*time.Millisecond)
	w, _ := noticeWorld(t)
	for range mailbox.MaxSessions {
		w.smtp.Fail(testutil.SMTPFault{Stage: "rcpt", Hang: true})
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	goroutines := runtime.NumGoroutine()
	var wg sync.WaitGroup
	for range mailbox.MaxSessions {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mailbox.Deliver(w.app, testMessage("hung@example.com"))
		}()
	}
	wg.Wait()
	runtime.GC()
	runtime.ReadMemStats(&after)
	held := runtime.NumGoroutine() - goroutines
	perSession := (int64(after.HeapInuse) - int64(before.HeapInuse)) / mailbox.MaxSessions
	t.Logf("%d hung sessions hold %d goroutines (client and stand-in) and %d KB of heap each", mailbox.MaxSessions, held, perSession/1024)
	if perSession > 1<<20 {
		t.Errorf("a hung session holds %d bytes", perSession)
	}
	w.smtp.Release()
}
