package backup

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"sponsorbridge/pb/internal/config"
)

// Litestream's compaction monitors wait 30 s for a database whose page
// size they do not know, then warn four times that its local state may be
// corrupted. A database learns its page size at its first sync, one monitor
// interval after the start: a minute for auxiliary.db. Start syncs every
// database once at once (in the background), so none stays unknown.
func TestStartKnowsEveryDatabaseAtOnce(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, name := range Databases {
		db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, name)+"?_pragma=journal_mode(WAL)")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec("CREATE TABLE t (x); INSERT INTO t VALUES (1)"); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = db.Close() })
	}
	var r Replicator
	b := config.Backup{ReplicaURL: "file://" + filepath.Join(t.TempDir(), "replica"),
		SyncInterval: time.Second, LogsSyncInterval: time.Minute, Retention: 24 * time.Hour}
	ctx := context.Background()
	if err := r.Start(ctx, b, dir); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = r.Stop(ctx) })
	// well within the monitors' 30 s (and the logs' one-minute interval)
	deadline := time.Now().Add(10 * time.Second)
	for _, db := range r.dbs {
		waitFor(t, time.Until(deadline), fmt.Sprintf("Litestream to know the page size of %s (its monitor runs every %s)",
			filepath.Base(db.Path()), db.MonitorInterval), func() bool { return db.PageSize() != 0 })
	}
}
