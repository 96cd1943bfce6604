package backup

import (
	"context"
	"crypto/rand"
	"database/sql"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sync/atomic"
	"testing"
	"time"

	"sponsorbridge/pb/internal/config"
)

// TestRestoreCheckMemory: the restore check (check.go) runs beside the
// server every hour over the whole data.db. It streams the pages; what
// grows with the database is Litestream's index of the snapshot's pages
// (about 200 bytes a page): at most 0.1 MB of heap per MB of data.db. The
// figures are in docs/security.md, "Memory".
func TestRestoreCheckMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 80 MB")
	}
	small := checkPeak(t, 10)
	large := checkPeak(t, 80)
	t.Logf("restore check, peak Go heap above the start: %d MB database: %.1f MB; %d MB database: %.1f MB", 10, small, 80, large)
	// small's bound leaves room for what the package's other servers'
	// goroutines allocate meanwhile (up to 4.3 MB seen under a loaded VM,
	// against 1.6 MB quiet); the slope is what grows with the database.
	if slope := (large - small) / 70; slope > 0.1 || small > 6 {
		t.Errorf("the check's heap: %.1f MB at 10 MB, %.1f MB at 80 MB (%.3f MB per MB of data.db)", small, large, slope)
	}
}

// checkPeak builds a data.db of about mb megabytes (incompressible rows),
// replicates it to a file replica, stops replicating, then runs one check
// and answers its peak Go heap above the heap before it, in MB.
func checkPeak(t *testing.T, mb int) float64 {
	t.Helper()
	dir := t.TempDir()
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "data.db")+"?_pragma=journal_mode(WAL)")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec("CREATE TABLE t (x BLOB)"); err != nil {
		t.Fatal(err)
	}
	row := make([]byte, 64<<10)
	for range mb * 16 {
		_, _ = rand.Read(row)
		if _, err := db.Exec("INSERT INTO t VALUES (?)", row); err != nil {
			t.Fatal(err)
		}
	}
	b := config.Backup{ReplicaURL: "file://" + filepath.Join(dir, "replica"),
		SyncInterval: time.Second, LogsSyncInterval: time.Minute, Retention: 24 * time.Hour}
	ctx := context.Background()
	var r Replicator
	if err := r.Start(ctx, b, dir); err != nil {
		t.Fatal(err)
	}
	if err := r.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if err := r.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(filepath.Join(dir, "data.db")); err != nil || fi.Size() < int64(mb)<<20 {
		t.Fatalf("data.db: %v %v", fi, err)
	}

	c := &restoreChecker{b: b, dataDir: dir}
	// Collect early, so that the peak is what the check holds, not the
	// garbage of its decompression buffers that a collection would free
	// (the server's GOMEMLIMIT does that under pressure).
	defer debug.SetGCPercent(debug.SetGCPercent(5))
	runtime.GC()
	var before, peak runtime.MemStats
	runtime.ReadMemStats(&before)
	var top atomic.Uint64
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-done:
				return
			default:
			}
			runtime.ReadMemStats(&peak)
			if peak.HeapInuse > top.Load() {
				top.Store(peak.HeapInuse)
			}
			time.Sleep(time.Millisecond)
		}
	}()
	err = c.check(ctx)
	close(done)
	if err != nil {
		t.Fatalf("the check failed on a whole replica: %v", err)
	}
	if c.shipped == 0 {
		t.Fatal("the check compared nothing")
	}
	return float64(int64(top.Load())-int64(before.HeapInuse)) / (1 << 20)
}
