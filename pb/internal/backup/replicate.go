// Package backup keeps the server's SQLite databases continuously backed up
// with Litestream (used as a Go library, in-process: the image needs no second
// binary), restores them (the restore command, and automatically at start on
// an empty volume), and shuts the server down gracefully.
//
// Everything is configured from the environment through pb/internal/config
// (LITESTREAM_*); docs/operations.md is the operator's side.
package backup

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"sync"
	"time"

	"github.com/benbjohnson/litestream"
	"github.com/benbjohnson/litestream/file"
	"github.com/benbjohnson/litestream/s3"
	"modernc.org/sqlite"

	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/logline"
)

// Databases are the files replicated, each under its own name below the
// replica URL. auxiliary.db holds PocketBase's request and error logs: not
// members' data, but the record of what happened before a failure, so it is
// replicated too, on a slower interval (LogsSyncInterval) because every
// request writes to it.
var Databases = []string{"data.db", "auxiliary.db"}

// shutdownSyncTimeout bounds the final upload at shutdown (Litestream
// retries failed uploads until then); it fits in fly.toml's kill_timeout.
const shutdownSyncTimeout = 5 * time.Second

// logger writes Litestream's warnings and errors to stdout (fly logs; its
// info messages, a compaction every 30 seconds, are noise there), not to
// PocketBase's log database: that database is replicated itself, and a
// replication message written into it would make more to replicate.
var logger = slog.New(logline.Handler(litestreamLevel)).With("component", "backup")

// litestreamLevel is the level of Litestream's lines: WARN, until the
// writer lease is lost (silenceLitestream).
var litestreamLevel = func() *slog.LevelVar {
	var v slog.LevelVar
	v.Set(slog.LevelWarn)
	return &v
}()

// silenceLitestream drops Litestream's lines once another server took the
// replica over: every sync and compaction then fails against the fence
// ("not uploading: this server does not hold the replica's writer lease"),
// about 20 ERROR lines before the process ends, where the one line
// "BACKUPS STOPPED" says what happened.
func silenceLitestream() { litestreamLevel.Set(slog.LevelError + 4) }

// Replicator runs Litestream for the databases of one data directory.
type Replicator struct {
	mu    sync.Mutex
	store *litestream.Store
	dbs   []*litestream.DB
	// guard, when set, fences every upload and deletion behind the writer
	// lease (fence.go).
	guard    *writerGuard
	stopInit context.CancelFunc // the first syncs of Start
	initDone chan struct{}
}

// Start begins replicating every database in dataDir. The databases need not
// exist yet: Litestream picks a database up once it does.
func (r *Replicator) Start(ctx context.Context, b config.Backup, dataDir string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.store != nil {
		return nil
	}
	var dbs []*litestream.DB
	for _, name := range Databases {
		db := litestream.NewDB(filepath.Join(dataDir, name))
		interval := b.SyncInterval
		if name != "data.db" {
			interval = b.LogsSyncInterval
		}
		db.MonitorInterval = interval
		client, err := newClient(b, name)
		if err != nil {
			return err
		}
		replica := litestream.NewReplicaWithClient(db, client)
		replica.SyncInterval = interval
		if fc, ok := client.(*file.ReplicaClient); ok {
			fc.Replica = replica // keeps the data directory's owner and modes on replica files
		}
		if r.guard != nil {
			replica.Client = fencedClient{ReplicaClient: client, guard: r.guard, dbPath: db.Path()}
		}
		db.Replica = replica
		dbs = append(dbs, db)
	}
	store := litestream.NewStore(dbs, litestream.CompactionLevels{
		{Level: 0},
		{Level: 1, Interval: 30 * time.Second},
		{Level: 2, Interval: 5 * time.Minute},
		{Level: 3, Interval: time.Hour},
	})
	store.Logger = logger
	store.SnapshotRetention = b.Retention
	store.SnapshotInterval = min(b.Retention, 24*time.Hour)
	store.SetShutdownSyncTimeout(shutdownSyncTimeout)
	for _, db := range dbs {
		db.SetLogger(logger.With("db", filepath.Base(db.Path())))
	}
	if err := store.Open(ctx); err != nil {
		return fmt.Errorf("backup: starting Litestream: %w", err)
	}
	// Litestream learns a database (its page size) at its first sync, one
	// monitor interval after the start: a minute for auxiliary.db, while its
	// compaction monitors give up waiting after 30 s and warn four times of
	// "corrupted local state". One sync now and they find it ready; in the
	// background, as a first sync of a large database takes seconds.
	initCtx, cancel := context.WithCancel(context.Background())
	r.stopInit, r.initDone = cancel, make(chan struct{})
	go func(done chan struct{}) {
		defer close(done)
		for _, db := range dbs {
			if err := db.Sync(initCtx); err != nil && initCtx.Err() == nil {
				logger.Warn("first sync failed; the monitor retries", "db", filepath.Base(db.Path()), "error", err.Error())
			}
		}
	}(r.initDone)
	r.store, r.dbs = store, dbs
	return nil
}

// Running tells whether replication is on.
func (r *Replicator) Running() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.store != nil
}

// Flush ships what is left and checkpoints each WAL into its database
// through Litestream (which copies the frames first), and ships that too.
// Call it once no more writes come, then Stop once the app's own database
// connections are closed.
//
// PASSIVE, not TRUNCATE: with nothing else running it backfills every frame
// all the same. A TRUNCATE through Litestream makes it upload a full
// snapshot of the database ("checkpoint boundary snapshot"): 94 MB and 6 s
// at 100,000 listings of each kind, at every deploy.
func (r *Replicator) Flush(ctx context.Context) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	var errs []error
	for _, db := range r.dbs {
		name := filepath.Base(db.Path())
		// Sync first: a database on a slow interval may not have been
		// picked up yet (Sync opens it).
		if err := db.Sync(ctx); err != nil {
			errs = append(errs, fmt.Errorf("sync %s: %w", name, err))
			continue
		}
		if db.SQLDB() == nil {
			continue // no database file
		}
		if err := db.Checkpoint(ctx, litestream.CheckpointModePassive); err != nil {
			errs = append(errs, fmt.Errorf("checkpoint %s: %w", name, err))
		}
		if err := db.SyncAndWait(ctx); err != nil {
			errs = append(errs, fmt.Errorf("upload %s: %w", name, err))
		}
	}
	return errors.Join(errs...)
}

// Stop ships anything left and stops replicating. Litestream's connection
// keeps the WAL file (PERSIST_WAL); closed last, it leaves the WAL's header
// for the next start to recognise. When the app's connection is the last to
// close, SQLite deletes the WAL and the next start uploads a full snapshot.
func (r *Replicator) Stop(ctx context.Context) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.store == nil {
		return nil
	}
	r.stopInit()
	<-r.initDone
	errs := []error{r.store.Close(ctx)}
	for _, db := range r.dbs {
		errs = append(errs, finalCheckpoint(ctx, db.Path()))
	}
	r.store, r.dbs = nil, nil
	return errors.Join(errs...)
}

// finalCheckpoint copies the last frames of path's WAL (Litestream's own
// bookkeeping write at its close) into the database, keeping the WAL file
// and its header as Litestream does (PERSIST_WAL), and reports frames that
// could not be copied.
func finalCheckpoint(ctx context.Context, path string) error {
	if _, err := os.Stat(path); err != nil {
		return nil
	}
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(2000)")
	if err != nil {
		return err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	err = conn.Raw(func(c any) error {
		fc, ok := c.(sqlite.FileControl)
		if !ok {
			return fmt.Errorf("backup: the sqlite driver has no file control")
		}
		_, err := fc.FileControlPersistWAL("main", 1)
		return err
	})
	if err != nil {
		return err
	}
	var busy, frames, copied int
	if err := conn.QueryRowContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)").Scan(&busy, &frames, &copied); err != nil {
		return fmt.Errorf("checkpoint %s: %w", filepath.Base(path), err)
	}
	if busy != 0 || copied < frames {
		// A reader still open (the search index load, when a start is cut
		// short): the rest stays in the WAL, which is durable and shipped.
		return fmt.Errorf("checkpoint %s: %d of %d WAL frames copied; the rest stays in the WAL (a reader was still open)", filepath.Base(path), copied, frames)
	}
	return nil
}

// LastSync is when each replicated database last shipped its changes
// successfully (zero time: not yet).
func (r *Replicator) LastSync() map[string]time.Time {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := map[string]time.Time{}
	for _, db := range r.dbs {
		out[filepath.Base(db.Path())] = db.LastSuccessfulSyncAt()
	}
	return out
}

// newClient builds the replica client for one database: the replica URL with
// the database's name appended to its path, and the S3 settings from config
// (they win over anything Litestream would read from the environment itself).
func newClient(b config.Backup, name string) (litestream.ReplicaClient, error) {
	u, err := url.Parse(b.ReplicaURL)
	if err != nil {
		return nil, fmt.Errorf("backup: LITESTREAM_REPLICA_URL: %w", err)
	}
	u.Path = path.Join("/", u.Path, name)
	if u.Scheme == "file" {
		return file.NewReplicaClient(filepath.FromSlash(u.Path)), nil
	}
	client, err := litestream.NewReplicaClientFromURL(u.String())
	if err != nil {
		return nil, fmt.Errorf("backup: LITESTREAM_REPLICA_URL: %w", err)
	}
	if sc, ok := client.(*s3.ReplicaClient); ok {
		sc.AccessKeyID = b.AccessKeyID
		sc.SecretAccessKey = b.SecretAccessKey
		if b.Endpoint != "" {
			sc.Endpoint, _ = litestream.EnsureEndpointScheme(b.Endpoint)
			sc.ForcePathStyle = true
		}
		if b.Region != "" {
			sc.Region = b.Region
		}
	}
	return client, nil
}

// Describe is the replica URL without credentials or query (for logs).
func Describe(replicaURL string) string {
	u, err := url.Parse(replicaURL)
	if err != nil {
		return "(unparseable URL)"
	}
	u.User, u.RawQuery = nil, ""
	return u.String()
}
