package app

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"sponsorbridge/pb/internal/litefs"
)

// CheckpointEvery is how often a served app copies its databases' new WAL
// frames back into the database files (a PASSIVE checkpoint).
//
// Why here and not at commit: SQLite's automatic checkpoint (every 1,000
// WAL pages) runs in the COMMIT of the write that crosses the line, on the
// app's one writing connection, so that write and every write queued
// behind it waited for the copy (under make load, flat out, 17% of the CPU
// spent holding the writer, in stalls of one copy each; docs/measurements.md,
// "Writes and the one writer"). DBConnect turns it off; a PASSIVE checkpoint
// from a reading connection neither waits for the writer nor holds it. It
// copies what it can, as the automatic one did: a reader (Litestream's
// included) keeps what it still reads.
const CheckpointEvery = 250 * time.Millisecond

// bindCheckpoints checkpoints both databases every CheckpointEvery once
// the app serves, until it terminates or releases its databases (the loop
// has ended before they close). A command that does not serve (migrate,
// superuser) writes little; its last connection to close checkpoints
// (SQLite's own rule), as do the shutdown's final TRUNCATE checkpoints.
//
// Under LiteFS (role not nil) a replica checkpoints auxiliary.db only:
// its data.db is LiteFS's, read-only there.
func bindCheckpoints(app core.App, role *litefs.Role) {
	c := &checkpointer{role: role}
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		c.start(se.App)
		return se.Next()
	})
	app.OnTerminate().Bind(&hook.Handler[*core.TerminateEvent]{
		Id:       "sbStopCheckpoints",
		Priority: -1000, // before the shutdown's own final checkpoints
		Func: func(e *core.TerminateEvent) error {
			c.end()
			return e.Next()
		},
	})
	app.OnBootstrapClear().Bind(&hook.Handler[*core.BootstrapEvent]{
		Id:       "sbStopCheckpoints",
		Priority: -2000, // before the databases close
		Func: func(e *core.BootstrapEvent) error {
			c.end()
			return e.Next()
		},
	})
}

// checkpointer is an app's one checkpoint loop (tests serve an app once a
// scenario: it starts once).
type checkpointer struct {
	role *litefs.Role // nil: not under LiteFS
	mu   sync.Mutex
	stop func() // ends the running loop and waits for it; nil: none runs
}

func (c *checkpointer) start(app core.App) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.stop != nil {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	c.stop = func() {
		cancel()
		<-done
	}
	go func() {
		defer close(done)
		tick := time.NewTicker(CheckpointEvery)
		defer tick.Stop()
		failing := false // a failure is logged when it starts and when it ends, not 4 times a second
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
				var err error
				if c.role != nil && c.role.Replica() {
					err = checkpoint(app, true)
				} else {
					err = Checkpoint(app)
				}
				switch {
				case err != nil && !failing:
					app.Logger().Warn("WAL checkpoints are failing; retried every "+CheckpointEvery.String(), "error", err.Error())
				case err == nil && failing:
					app.Logger().Info("WAL checkpoints work again")
				}
				failing = err != nil
			}
		}
	}()
}

func (c *checkpointer) end() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.stop != nil {
		c.stop()
		c.stop = nil
	}
}

// Checkpoint copies the new WAL frames of data.db and auxiliary.db into
// the database files without waiting for readers or the writer (PASSIVE).
func Checkpoint(app core.App) error { return checkpoint(app, false) }

// checkpoint is Checkpoint, of auxiliary.db only on a LiteFS replica.
func checkpoint(app core.App, replica bool) error {
	var errs []error
	for name, db := range map[string]dbx.Builder{"data.db": app.DB(), "auxiliary.db": app.AuxDB()} {
		if replica && name == "data.db" {
			continue
		}
		if _, err := db.NewQuery("PRAGMA wal_checkpoint(PASSIVE)").Execute(); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", name, err))
		}
	}
	return errors.Join(errs...)
}
