package backup

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/logline"
)

// DrainTimeout bounds how long a shutdown waits for requests in flight
// (fly.toml's kill_timeout leaves room for it and the final upload).
const DrainTimeout = 20 * time.Second

// optimizeJob is PocketBase's nightly job that checkpoints both WALs
// (TRUNCATE) and runs PRAGMA optimize.
const optimizeJob = "__pbDBOptimize__"

// Register binds backups, the restore at start and the graceful shutdown to app:
//
//   - bootstrap: the data directory is locked (dirlock.go), a restore
//     waiting in restore-pending/ is swapped in, the
//     server takes the replica's writer lease (writer.go), and a missing
//     data.db is restored from the replica, before the databases open;
//   - serve: replication starts (or a loud warning that backups are off);
//   - terminate (SIGTERM/SIGINT): stop accepting, end realtime streams, let
//     requests in flight finish (DrainTimeout);
//   - bootstrap clear (after PocketBase flushed its logs, before it closes
//     the databases): checkpoint the WALs and ship the last changes.
func Register(app core.App, cfg *config.Config) {
	s := &service{cfg: cfg}
	app.Store().Set(storeKey, s)
	registerMetrics(app) // whether backups run, their lag, Litestream's counters
	app.OnBootstrap().Bind(&hook.Handler[*core.BootstrapEvent]{
		Id: "sbBackupRestoreAtStart",
		Func: func(be *core.BootstrapEvent) error {
			warn := func(msg string) { logline.Warn(msg) }
			// RestoreMissing and SwapPending also answer the restore command's
			// terminal in sentences; at start, their warnings are WARN lines.
			say := func(msg string) {
				if msg = strings.TrimSpace(msg); strings.Contains(msg, "WARNING:") || strings.HasPrefix(msg, "!!!") {
					warn(msg)
				} else {
					logline.Info(msg)
				}
			}
			if serving.Load() {
				if err := lockDataDir(be.App.DataDir()); err != nil {
					return err
				}
				if _, err := SwapPending(be.App.DataDir(), time.Now(), say); err != nil {
					return fmt.Errorf("backup: swapping in the restore from %s: %w", PendingDir, err)
				}
			}
			if cfg.BackupsOn() {
				if serving.Load() {
					if err := noteReplica(cfg.Backup, be.App.DataDir(), say); err != nil {
						return err
					}
					if err := s.takeLease(be.App.DataDir(), say); err != nil {
						return err
					}
					behindTakeover, err := checkNotBehind(context.Background(), cfg.Backup, be.App.DataDir(), warn)
					if err != nil {
						s.releaseLease()
						return err
					}
					if cfg.Backup.Takeover && !behindTakeover && !s.guard.usedTakeover {
						warn("backup: LITESTREAM_TAKEOVER=true is set but this start did not need it: unset it. Left set, a later start on a stale or " +
							"rolled-back volume would make that volume the backup's history without asking, dropping the backup's newer writes")
					}
				}
				if err := RestoreMissing(context.Background(), cfg.Backup, be.App.DataDir(), say); err != nil {
					s.releaseLease()
					return err
				}
			}
			return be.Next()
		},
		Priority: -1000, // before PocketBase opens (and so creates) the databases
	})
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Id:       "sbBackupServe",
		Func:     s.serve,
		Priority: -1000, // before the search index starts loading
	})
	app.OnTerminate().Bind(&hook.Handler[*core.TerminateEvent]{
		Id:       "sbGracefulShutdown",
		Func:     s.terminate,
		Priority: -10000, // before PocketBase's own (-9999), which cancels every request at once
	})
	app.OnBootstrapClear().Bind(&hook.Handler[*core.BootstrapEvent]{
		Id:       "sbBackupStop",
		Func:     s.stop,
		Priority: 0, // after PocketBase's log flush (-999), before it closes the databases
	})
}

const storeKey = "sb.backup"

type service struct {
	cfg   *config.Config
	rep   Replicator
	guard *writerGuard // the writer lease, held by the serving process
	// stopCheck ends the restore check (check.go).
	stopCheck context.CancelFunc
	server    atomic.Pointer[http.Server]
	served    atomic.Bool
}

// takeLease takes the replica's writer lease (or fails the start, saying
// why) and keeps it renewed. If another server takes it over, this one
// stops: SIGTERM to itself, the graceful shutdown, with uploads fenced off.
func (s *service) takeLease(dataDir string, say func(string)) error {
	ctx := context.Background()
	guard, err := newWriterGuard(ctx, s.cfg.Backup, dataDir, say)
	if err != nil {
		return err
	}
	if err := guard.acquire(ctx, s.cfg.Backup.Takeover); err != nil {
		return err
	}
	guard.start(func(string) {
		if p, err := os.FindProcess(os.Getpid()); err == nil {
			_ = p.Signal(syscall.SIGTERM)
		}
	})
	s.guard = guard
	s.rep.guard = guard
	return nil
}

// releaseLease marks the lease released, once nothing more is shipped.
func (s *service) releaseLease() {
	if s.guard == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := s.guard.release(ctx); err != nil {
		logline.Warn("backup: releasing the writer lease failed: the next start on another machine waits for the lease to expire", "error", err.Error())
	}
	s.guard, s.rep.guard = nil, nil
}

func (s *service) serve(se *core.ServeEvent) error {
	s.server.Store(se.Server)
	s.served.Store(true)
	if !s.cfg.BackupsOn() {
		msg := "BACKUPS ARE OFF: LITESTREAM_REPLICA_URL is not set, so data.db lives only on this disk. " +
			"A lost volume loses every member, listing, message and payment. See docs/operations.md."
		if s.cfg.DemoMode { // expected there: the dashboard's logs only, not the demo's one line
			se.App.Logger().Info(msg)
		} else {
			logline.Announce(se.App, slog.LevelWarn, msg) // on stdout once, and in the dashboard
		}
		return se.Next()
	}
	if err := s.rep.Start(context.Background(), s.cfg.Backup, se.App.DataDir()); err != nil {
		// Serve without backups rather than not at all, and say so loudly.
		msg := fmt.Sprintf("BACKUPS ARE OFF: Litestream could not start (%v). Fix the LITESTREAM_* settings and restart.", err)
		logline.Announce(se.App, slog.LevelError, msg)
		return se.Next()
	}
	// A server frozen past its lease (another one took over meanwhile) must
	// not acknowledge a write it will never ship when it thaws: writes wait
	// for the renewal that follows a gap (mayAcknowledge).
	if g := s.guard; g != nil {
		se.Router.Bind(&hook.Handler[*core.RequestEvent]{
			Id: "sbBackupWriteFence",
			Func: func(e *core.RequestEvent) error {
				switch e.Request.Method {
				case http.MethodGet, http.MethodHead, http.MethodOptions:
				default:
					if !g.mayAcknowledge(e.Request.Context()) {
						return e.Error(http.StatusServiceUnavailable, "This server is handing over to another one. Try again in a moment.", nil)
					}
				}
				return e.Next()
			},
			Priority: -2000, // before every other middleware
		})
	}
	// Litestream owns the checkpoints while it replicates: PocketBase's
	// nightly TRUNCATE checkpoint would wait on Litestream's read lock and
	// hold writers meanwhile. Keep the nightly PRAGMA optimize.
	se.App.Cron().Remove(optimizeJob)
	app := se.App
	se.App.Cron().MustAdd(optimizeJob, "0 0 * * *", func() {
		if _, err := app.NonconcurrentDB().NewQuery("PRAGMA optimize").Execute(); err != nil {
			app.Logger().Warn("Failed to run periodic PRAGMA optimize", "error", err)
		}
	})
	checkCtx, stopCheck := context.WithCancel(context.Background())
	s.stopCheck = stopCheck
	go (&restoreChecker{b: s.cfg.Backup, dataDir: se.App.DataDir()}).loop(checkCtx, s.cfg.Backup.CheckInterval)
	msg := fmt.Sprintf("Backups on: replicating %v to %s every %s (logs every %s)",
		Databases, Describe(s.cfg.Backup.ReplicaURL), s.cfg.Backup.SyncInterval, s.cfg.Backup.LogsSyncInterval)
	se.App.Logger().Info(msg)
	logline.Info(msg)
	return se.Next()
}

// terminate drains the HTTP server before PocketBase's own shutdown handler
// runs. PocketBase alone cancels every request's context and gives the
// server one second; here the listener closes at once (no new requests),
// realtime streams end cleanly (their clients reconnect to the next
// machine), and requests in flight get up to DrainTimeout to finish.
func (s *service) terminate(te *core.TerminateEvent) error {
	srv := s.server.Load()
	if srv == nil {
		return te.Next()
	}
	start := time.Now()
	logline.Info("Shutting down: finishing requests in flight")
	te.App.Cron().Stop() // no new background writes

	ctx, cancel := context.WithTimeout(context.Background(), DrainTimeout)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- srv.Shutdown(ctx) }()
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	var err error
wait:
	for {
		// Shutdown does not end streams: close every realtime client (its
		// handler then returns and the response ends). Repeated, for one
		// that connected just before the listener closed.
		broker := te.App.SubscriptionsBroker()
		for id := range broker.Clients() {
			broker.Unregister(id)
		}
		select {
		case err = <-done:
			break wait
		case <-tick.C:
		}
	}
	if err != nil {
		te.App.Logger().Warn("Shutdown: requests still running after the drain timeout were cut", "timeout", DrainTimeout.String())
		logline.Warn("Shutdown: requests still running after the drain timeout were cut", "timeout", DrainTimeout.String())
	}
	logline.Info("Shutdown: requests drained", "took", time.Since(start).Round(time.Millisecond).String())
	s.server.Store(nil)
	return te.Next()
}

// stop runs when PocketBase releases its resources, after its last log
// flush and before its database connections close: replicate the rest and
// checkpoint the WALs.
func (s *service) stop(be *core.BootstrapEvent) error {
	defer s.releaseLease() // after Litestream's last upload
	if !s.served.Swap(false) {
		return be.Next() // only a server that served has anything to finish
	}
	be.App.Cron().Stop()
	if s.stopCheck != nil {
		s.stopCheck()
	}
	ctx, cancel := context.WithTimeout(context.Background(), shutdownSyncTimeout+2*time.Second)
	defer cancel()
	if !s.rep.Running() {
		// No backups: empty the WAL files into the databases.
		for name, db := range map[string]dbx.Builder{"data.db": be.App.NonconcurrentDB(), "auxiliary.db": be.App.AuxNonconcurrentDB()} {
			var busy, frames, copied int
			if err := db.NewQuery("PRAGMA wal_checkpoint(TRUNCATE)").Row(&busy, &frames, &copied); err != nil || busy != 0 {
				logline.Warn("Shutdown: checkpoint incomplete", "db", name, "copied", copied, "frames", frames, "error", fmt.Sprint(err))
			}
		}
		return be.Next()
	}
	// Backups: Litestream checkpoints (PASSIVE, see Flush) and ships the
	// rest now, and closes after PocketBase's connections (see Stop).
	start := time.Now()
	if err := s.rep.Flush(ctx); err != nil {
		logline.Warn("backup: the final upload failed", "error", err.Error())
	}
	err := be.Next() // PocketBase closes its connections
	if e := s.rep.Stop(ctx); e != nil {
		logline.Warn("backup: stopping Litestream failed", "error", e.Error())
	} else {
		logline.Info("backup: final upload done and WALs checkpointed", "took", time.Since(start).Round(time.Millisecond).String())
	}
	return err
}
