package notify_test

import (
	"sync"
	"testing"

	"github.com/pocketbase/dbx"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/testutil"
)

// Two fan-outs of the same news at once (a listing approved twice in a
// row, two servers' jobs) tell the member once: the unique (user, key)
// row is the one decision.
func TestOnceHoldsBetweenFanoutsAtOnce(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	ann := testutil.CreateMember(t, app, "ann", testutil.MemberOpts{})
	d := notify.Delivery{UserID: ann.Id, Once: "alert:s1:l1", NoteOnce: "alert-note:l1",
		Note:   &notify.Note{Type: notify.TypeSavedSearch, Title: "New listing for “Schools”", Subject: "l1"},
		Digest: notify.DigestNote{Key: "alert:s1", Topic: notify.TopicAlerts, Subject: "New listing"},
		Item:   notify.Item{Title: "School garden"}}
	other := d // another of ann's searches: its own batch, but no second note for the same listing
	other.Once, other.Digest.Key = "alert:s2:l1", "alert:s2"
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := notify.Fanout(app, []notify.Delivery{d, other}); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	n, err := app.CountRecords(notify.Collection, dbx.HashExp{"user": ann.Id})
	if err != nil || n != 1 {
		t.Fatalf("%d notifications (%v), want 1", n, err)
	}
	var rows int
	if err := app.DB().NewQuery("SELECT count(*) FROM announced").Row(&rows); err != nil || rows != 3 {
		t.Fatalf("announced holds %d rows (%v), want 3", rows, err)
	}
}
