package backup_test

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestMovingTheReplica: LITESTREAM_REPLICA_URL changes on a volume with
// data (a new bucket). The start says the replica changed and resets
// Litestream's state; the new replica then holds the whole database and
// every write after the move, and no upload fails meanwhile.
func TestMovingTheReplica(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	data, oldReplica, newReplica := filepath.Join(root, "pb_data"), filepath.Join(root, "old"), filepath.Join(root, "new")
	existingSite(t, data)
	stop := func(c *child) {
		t.Helper()
		c.signal(syscall.SIGTERM)
		if code := c.wait(30 * time.Second); code != 0 {
			t.Fatalf("exit code %d after SIGTERM, want 0", code)
		}
	}
	a := serve(t, data, backupEnv(oldReplica)...)
	register(t, a.URL, "early")
	stop(a)
	// A volume that replicated for a while keeps only its latest level-0
	// files (Litestream removes the others once compacted, after
	// L0Retention): remove the older ones, as time would.
	l0 := filepath.Join(data, ".data.db-litestream", "ltx", "0")
	entries, err := os.ReadDir(l0)
	if err != nil || len(entries) < 2 {
		t.Fatalf("level-0 files on the volume: %d, %v", len(entries), err)
	}
	for _, e := range entries[:len(entries)-1] { // sorted by name: by transaction
		if err := os.Remove(filepath.Join(l0, e.Name())); err != nil {
			t.Fatal(err)
		}
	}

	a = serve(t, data, backupEnv(newReplica)...)
	if !strings.Contains(a.out.String(), "the replica changed from") {
		t.Errorf("the start did not say the replica changed:\n%s", a.out.String())
	}
	register(t, a.URL, "moved1")
	time.Sleep(3 * syncInterval)
	register(t, a.URL, "moved2")
	shipped(t, backupEnv(newReplica), "early", "moved1", "moved2")
	stop(a)
	if out := a.out.String(); strings.Contains(out, "level=ERROR") {
		t.Errorf("replication to the new replica logged errors:\n%s", out)
	}
}
