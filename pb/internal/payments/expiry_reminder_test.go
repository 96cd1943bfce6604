package payments_test

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/payments"
	"sponsorbridge/pb/internal/testutil"
)

func planEnding(t testing.TB, app core.App, username string, in time.Duration) *core.Record {
	m := testutil.CreateMember(t, app, username, testutil.MemberOpts{Subscribed: true, Email: username + "@example.com"})
	m.Set("subscriptionExpiry", types.NowDateTime().Add(in))
	if err := app.Save(m); err != nil {
		t.Fatal(err)
	}
	return m
}

func reminders(t testing.TB, app core.App, m *core.Record) int {
	n, err := app.CountRecords(notify.Collection, dbx.HashExp{"user": m.Id, "type": notify.TypePlanExpiring})
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

func TestAPlanEndingSoonIsRemindedOncePerExpiry(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	soon := planEnding(t, app, "soon", 2*24*time.Hour)
	later := planEnding(t, app, "later", 10*24*time.Hour)
	gone := planEnding(t, app, "gone", -time.Hour)

	// Overlapping runs remind once.
	var wg sync.WaitGroup
	var total atomic.Int64
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n, err := payments.RemindExpiring(app, time.Now())
			if err != nil {
				t.Error(err)
			}
			total.Add(int64(n))
		}()
	}
	wg.Wait()
	if total.Load() != 1 || reminders(t, app, soon) != 1 || reminders(t, app, later) != 0 || reminders(t, app, gone) != 0 {
		t.Fatalf("reminded %d: soon=%d later=%d gone=%d", total.Load(), reminders(t, app, soon), reminders(t, app, later), reminders(t, app, gone))
	}
	if n, _ := payments.RemindExpiring(app, time.Now()); n != 0 {
		t.Fatalf("a second run reminded %d", n)
	}
	// The reminder wrote nothing else of the member.
	fresh := testutil.Find(t, app, "users", soon.Id)
	if fresh.GetString("subscriptionStatus") != "active" || !fresh.GetDateTime("subscriptionExpiry").Time().Equal(soon.GetDateTime("subscriptionExpiry").Time().Truncate(time.Millisecond)) {
		t.Fatal("the reminder changed the plan")
	}

	// A renewal that again ends within three days earns a new reminder.
	fresh.Set("subscriptionExpiry", types.NowDateTime().Add(60*time.Hour))
	if err := app.Save(fresh); err != nil {
		t.Fatal(err)
	}
	if n, _ := payments.RemindExpiring(app, time.Now()); n != 1 || reminders(t, app, soon) != 2 {
		t.Fatalf("after a renewal: reminded %d, notes %d", n, reminders(t, app, soon))
	}
}
