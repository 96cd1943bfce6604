package backup_test

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSecondServeOnOneDirectoryIsRefused: a second `serve` on the data
// directory of a running server (over `fly ssh console`) is refused by the
// directory's lock, with or without backups, and names the running
// server's pid; the running server goes on.
func TestSecondServeOnOneDirectoryIsRefused(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	data := filepath.Join(root, "pb_data")
	existingSite(t, data)
	for _, extra := range [][]string{nil, backupEnv(filepath.Join(root, "replica"))} {
		a := serve(t, data, extra...)
		b := run(t, env(extra...), "serve", "--http", freeAddr(t), "--dir", data)
		if code := b.wait(20 * time.Second); code == 0 || !strings.Contains(b.out.String(), "another server (pid ") ||
			!strings.Contains(b.out.String(), "level=ERROR") {
			t.Fatalf("a second serve on one directory: exit %d, output:\n%s", code, b.out.String())
		}
		register(t, a.URL, "still"+string(rune('a'+len(extra))))
		a.signal(syscall.SIGTERM)
		if code := a.wait(30 * time.Second); code != 0 {
			t.Fatalf("exit code %d after SIGTERM, want 0", code)
		}
	}
}

// TestCopiedDirectoryWithTheSameMachineIsRefused: a copy of machine A's
// live data directory started with A's machine id while A serves (the same
// machine id and data directory id in the writer lease) is told apart by
// the process named in the lease: it waits, sees A renew, and is refused;
// A keeps the replica.
func TestCopiedDirectoryWithTheSameMachineIsRefused(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	dirA, copied, replica := filepath.Join(root, "a"), filepath.Join(root, "copy"), filepath.Join(root, "replica")
	machineA := append(backupEnv(replica), "FLY_MACHINE_ID=machine-a")
	existingSite(t, dirA)
	a := serve(t, dirA, machineA...)
	register(t, a.URL, "first")
	shipped(t, backupEnv(replica), "first")
	copyDir(t, dirA, copied) // a copy of the live directory, at the replica's position
	if err := os.Remove(filepath.Join(copied, ".sponsorbridge-serve.lock")); err != nil {
		t.Fatal(err)
	}
	c := run(t, env(machineA...), "serve", "--http", freeAddr(t), "--dir", copied)
	if code := c.wait(20 * time.Second); code == 0 || !strings.Contains(c.out.String(), "this data directory's id is writing to the backup replica") {
		t.Fatalf("the copied directory: exit %d, output:\n%s", code, c.out.String())
	}
	register(t, a.URL, "second")
	shipped(t, backupEnv(replica), "first", "second")
	if strings.Contains(a.out.String(), "BACKUPS STOPPED") {
		t.Errorf("machine A lost its lease to the copy:\n%s", a.out.String())
	}
}
