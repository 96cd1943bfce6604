package backup_test

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestVolumeBehindItsBackupIsRefused: a volume snapshot of machine A's
// data directory, taken after "first" registered, is restored onto the
// same machine after "second" registered and was backed up. Litestream
// alone would upload the older database as the new history ("second"
// gone from every later restore). The start is refused, naming the
// restore; once data.db is moved aside the start restores the latest,
// which has both members.
func TestVolumeBehindItsBackupIsRefused(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	dirA, snapshot, replica := filepath.Join(root, "a"), filepath.Join(root, "snapshot"), filepath.Join(root, "replica")
	machineA := append(backupEnv(replica), "FLY_MACHINE_ID=machine-a")
	existingSite(t, dirA)
	stop := func(c *child) {
		t.Helper()
		c.signal(syscall.SIGTERM)
		if code := c.wait(30 * time.Second); code != 0 {
			t.Fatalf("exit code %d after SIGTERM, want 0", code)
		}
	}
	a := serve(t, dirA, machineA...)
	register(t, a.URL, "first")
	stop(a)
	copyDir(t, dirA, snapshot)
	a = serve(t, dirA, machineA...)
	register(t, a.URL, "second")
	stop(a)

	if err := os.RemoveAll(dirA); err != nil {
		t.Fatal(err)
	}
	copyDir(t, snapshot, dirA) // the snapshot restored onto the same machine
	c := run(t, env(machineA...), "serve", "--http", freeAddr(t), "--dir", dirA)
	out := ""
	if code := c.wait(20 * time.Second); code == 0 || !strings.Contains(c.out.String(), "behind its backup") ||
		!strings.Contains(c.out.String(), "sponsorbridge restore") {
		t.Fatalf("the volume behind its backup: exit %d, output:\n%s", code, c.out.String())
	}
	out = c.out.String()
	if !strings.Contains(out, "level=ERROR") {
		t.Errorf("the refusal is not logged at ERROR:\n%s", out)
	}

	// The runbook: move data.db aside, the start restores the latest.
	for _, f := range []string{"data.db", "data.db-wal", "data.db-shm"} {
		if err := os.Rename(filepath.Join(dirA, f), filepath.Join(root, f)); err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
	}
	a = serve(t, dirA, machineA...)
	register(t, a.URL, "third")
	stop(a)
	restored := filepath.Join(root, "restored")
	if r := run(t, env(backupEnv(replica)...), "restore", "--dir", restored); r.wait(30*time.Second) != 0 {
		t.Fatalf("restore failed:\n%s", r.out.String())
	}
	for _, name := range []string{"first", "second", "third"} {
		if !hasUser(t, filepath.Join(restored, "data.db"), name) {
			t.Errorf("member %q is missing from the latest backup", name)
		}
	}
}
