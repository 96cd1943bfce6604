package guarded_test

import (
	"errors"
	"sync"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/guarded"
	"sponsorbridge/pb/internal/testutil"
)

// newThing makes a test app with a "things" collection (a status, a
// version, a count) and one thing in it, and forgets the events so far.
func newThing(t *testing.T) (*tests.TestApp, *core.Record) {
	t.Helper()
	app := apptest.NewApp(t, testutil.Config())
	c := core.NewBaseCollection("things")
	c.Fields.Add(&core.TextField{Name: "status"}, &core.NumberField{Name: "version"}, &core.NumberField{Name: "count"})
	if err := app.Save(c); err != nil {
		t.Fatal(err)
	}
	r := core.NewRecord(c)
	r.Load(map[string]any{"status": "open", "version": 0, "count": 0})
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
	app.ResetEventCalls()
	return app, r
}

func bump(r *core.Record) {
	r.Set("version", r.GetInt("version")+1)
	r.Set("count", r.GetInt("count")+1)
}

func TestUpdateRefusesAStaleRecord(t *testing.T) {
	app, read := newThing(t)
	// another write moved the thing on after the action read it
	other := testutil.Find(t, app, "things", read.Id)
	other.Set("version", 1)
	if err := app.Save(other); err != nil {
		t.Fatal(err)
	}
	app.ResetEventCalls()

	err := app.RunInTransaction(func(tx core.App) error {
		_, err := guarded.Update(tx, "things", read.Id, guarded.Unchanged(read, "version", "status"), bump)
		return err
	})
	if !errors.Is(err, guarded.ErrStale) {
		t.Fatalf("a stale version: got %v, want ErrStale", err)
	}
	err = app.RunInTransaction(func(tx core.App) error {
		_, err := guarded.Update(tx, "things", "nosuchthing1234", func(*core.Record) bool { return true }, bump)
		return err
	})
	if !errors.Is(err, guarded.ErrStale) {
		t.Fatalf("a missing record: got %v, want ErrStale", err)
	}
	testutil.ExpectEvents(t, app, testutil.NoWrites())
	if now := testutil.Find(t, app, "things", read.Id); now.GetInt("count") != 0 || now.GetInt("version") != 1 {
		t.Fatalf("a refused update wrote: count %d, version %d", now.GetInt("count"), now.GetInt("version"))
	}
}

func TestUpdateSavesOnceThroughTheHooks(t *testing.T) {
	app, read := newThing(t)
	var before, after []int
	app.OnRecordAfterUpdateSuccess("things").BindFunc(func(e *core.RecordEvent) error {
		before = append(before, e.Record.Original().GetInt("version"))
		after = append(after, e.Record.GetInt("version"))
		return e.Next()
	})
	var saved *core.Record
	err := app.RunInTransaction(func(tx core.App) error {
		var err error
		saved, err = guarded.Update(tx, "things", read.Id, guarded.Unchanged(read, "version", "status"), bump)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	testutil.ExpectEvents(t, app, testutil.Writes(0, 1, 0))
	if len(after) != 1 || before[0] != 0 || after[0] != 1 || saved.GetInt("version") != 1 {
		t.Fatalf("the after-update hook saw versions %v -> %v (saved %d), want one update 0 -> 1", before, after, saved.GetInt("version"))
	}
}

func TestUpdateNeedsATransaction(t *testing.T) {
	app, read := newThing(t)
	if _, err := guarded.Update(app, "things", read.Id, func(*core.Record) bool { return true }, bump); err == nil {
		t.Fatal("an update outside a transaction was not refused")
	}
	testutil.ExpectEvents(t, app, testutil.NoWrites())
}

// Many actions that read the same version at once: exactly one writes, the
// others are refused, and no update is lost when every one may write.
func TestConcurrentUpdatesHaveOneWinner(t *testing.T) {
	app, read := newThing(t)
	const n = 16
	run := func(expect func(*core.Record) bool) (wins, stale int) {
		var mu sync.Mutex
		var wg sync.WaitGroup
		for range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				err := app.RunInTransaction(func(tx core.App) error {
					_, err := guarded.Update(tx, "things", read.Id, expect, bump)
					return err
				})
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					wins++
				case errors.Is(err, guarded.ErrStale):
					stale++
				default:
					t.Errorf("unexpected error: %v", err)
				}
			}()
		}
		wg.Wait()
		return wins, stale
	}
	if wins, stale := run(guarded.Unchanged(read, "version")); wins != 1 || stale != n-1 {
		t.Fatalf("%d winners and %d refused, want 1 and %d", wins, stale, n-1)
	}
	if wins, _ := run(func(*core.Record) bool { return true }); wins != n {
		t.Fatalf("%d of %d unconditional updates succeeded", wins, n)
	}
	now := testutil.Find(t, app, "things", read.Id)
	if now.GetInt("count") != n+1 || now.GetInt("version") != n+1 {
		t.Fatalf("count %d, version %d after 1 + %d updates: an update was lost", now.GetInt("count"), now.GetInt("version"), n)
	}
	testutil.ExpectEvents(t, app, map[string]int{"OnRecordAfterUpdateSuccess": n + 1, "OnRecordUpdate": n + 1})
}
