package backup_test

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The single-writer guard (writer.go): two machines on one replica. Each
// test names its machines with FLY_MACHINE_ID, as Fly does.

// TestSecondWriterIsRefused: `fly scale count 2` or `fly machine clone`
// with a file:// replica. See secondWriterDrill.
func TestSecondWriterIsRefused(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	secondWriterDrill(t, root, backupEnv(filepath.Join(root, "replica")))
}

// TestSecondWriterIsRefusedS3: the same through the S3 client (the lease
// is written with S3's conditional writes).
func TestSecondWriterIsRefusedS3(t *testing.T) {
	t.Parallel()
	_, s3env := s3Replica(t)
	secondWriterDrill(t, t.TempDir(), s3env)
}

// secondWriterDrill: machine A serves and writes; machine B starts on an
// empty volume with the same replica and is refused (it exits non-zero,
// names A, creates no database); A goes on writing, is killed and restarts
// at once (its own lease does not hold it back); the replica holds every
// one of A's writes.
func secondWriterDrill(t *testing.T, root string, replicaEnv []string) {
	dirA, dirB := filepath.Join(root, "a"), filepath.Join(root, "b")
	existingSite(t, dirA)
	a := serve(t, dirA, append(replicaEnv, "FLY_MACHINE_ID=machine-a")...)
	register(t, a.URL, "before")

	b := run(t, env(append(replicaEnv, "FLY_MACHINE_ID=machine-b")...), "serve", "--http", freeAddr(t), "--dir", dirB)
	if code := b.wait(20 * time.Second); code == 0 || !strings.Contains(b.out.String(), "another server is writing to the backup") ||
		!strings.Contains(b.out.String(), "machine-a") {
		t.Fatalf("the second machine: exit %d, output:\n%s", code, b.out.String())
	}
	if _, err := os.Stat(filepath.Join(dirB, "data.db")); !os.IsNotExist(err) {
		t.Errorf("the refused machine created a data.db: %v", err)
	}

	register(t, a.URL, "after")
	shipped(t, replicaEnv, "before", "after")
	a.signal(syscall.SIGKILL)
	a.wait(10 * time.Second)
	a = serve(t, dirA, append(replicaEnv, "FLY_MACHINE_ID=machine-a")...)
	if out := a.out.String(); strings.Contains(out, "waiting to see whether it is renewed") || strings.Contains(out, "taking over") {
		t.Errorf("the restart of the same machine waited for its own lease or took it over:\n%s", out)
	}
	register(t, a.URL, "restarted")
	a.signal(syscall.SIGTERM)
	if code := a.wait(30 * time.Second); code != 0 {
		t.Fatalf("exit code %d after SIGTERM, want 0", code)
	}

	restored := filepath.Join(root, "restored")
	r := run(t, env(replicaEnv...), "restore", "--dir", restored)
	if code := r.wait(30 * time.Second); code != 0 {
		t.Fatalf("restore exited %d:\n%s", code, r.out.String())
	}
	for _, name := range []string{"before", "after", "restarted"} {
		if !hasUser(t, filepath.Join(restored, "data.db"), name) {
			t.Errorf("member %q written on machine A is missing from the backup", name)
		}
	}
}

// TestFrozenWriterIsReplaced: machine A freezes (SIGSTOP: a paused VM, a
// host that stops answering) and stops renewing its lease; machine B on an
// empty volume waits for the lease to expire, takes over, restores and
// serves. When A thaws it finds the lease taken, ships nothing more and
// stops by itself; the replica goes on from B's history.
func TestFrozenWriterIsReplaced(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	dirA, dirB, replica := filepath.Join(root, "a"), filepath.Join(root, "b"), filepath.Join(root, "replica")
	existingSite(t, dirA)
	a := serve(t, dirA, append(backupEnv(replica), "FLY_MACHINE_ID=machine-a")...)
	register(t, a.URL, "before")
	shipped(t, backupEnv(replica), "before")

	a.signal(syscall.SIGSTOP)
	t.Cleanup(func() { _ = a.cmd.Process.Signal(syscall.SIGCONT) })
	b := serve(t, dirB, append(backupEnv(replica), "FLY_MACHINE_ID=machine-b")...)
	if !strings.Contains(b.out.String(), "taking over the writer lease") || !strings.Contains(b.out.String(), "restored it from") {
		t.Fatalf("machine B did not take over and restore:\n%s", b.out.String())
	}
	register(t, b.URL, "replacement")

	// A write sent to A while it is frozen is answered once it thaws: it
	// must not be acknowledged, since A will never ship it.
	late := make(chan error, 1)
	go func() {
		late <- newMember(t, a.URL).try("POST", "/api/register", map[string]any{"displayName": "Late", "username": "late", "password": "secret123"}, 201, nil)
	}()
	time.Sleep(200 * time.Millisecond)
	a.signal(syscall.SIGCONT)
	a.wait(20 * time.Second)
	if err := <-late; err == nil {
		t.Error("machine A acknowledged a write after it lost the writer lease")
	} else if !strings.Contains(err.Error(), "503") && !strings.Contains(err.Error(), "connection") && !strings.Contains(err.Error(), "EOF") {
		t.Errorf("the late write: %v", err)
	}
	out := a.out.String()
	if !strings.Contains(out, `level=ERROR msg="!!! BACKUPS STOPPED: another server took over the backup replica`) {
		t.Errorf("machine A stopped without saying why at ERROR:\n%s", out)
	}
	if n := strings.Count(out, "level=ERROR"); n > 2 {
		t.Errorf("machine A logged %d ERROR lines after losing its lease, want the one that says why:\n%s", n, out)
	}
	b.signal(syscall.SIGTERM)
	if code := b.wait(30 * time.Second); code != 0 {
		t.Fatalf("machine B: exit code %d after SIGTERM, want 0", code)
	}

	restored := filepath.Join(root, "restored")
	r := run(t, env(backupEnv(replica)...), "restore", "--dir", restored)
	if code := r.wait(30 * time.Second); code != 0 {
		t.Fatalf("restore exited %d:\n%s", code, r.out.String())
	}
	want, got := dump(t, filepath.Join(dirB, "data.db")), dump(t, filepath.Join(restored, "data.db"))
	for _, table := range []string{"users", "payments", "messages"} {
		if strings.Join(want[table], "\n") != strings.Join(got[table], "\n") {
			t.Errorf("table %s of the backup differs from machine B's", table)
		}
	}
	if !hasUser(t, filepath.Join(restored, "data.db"), "before") || !hasUser(t, filepath.Join(restored, "data.db"), "replacement") {
		t.Error("the backup lacks the member from before the freeze or the one written on machine B")
	}
}

// TestStaleVolumeNeedsTakeover: a volume copied from machine A (a snapshot,
// `fly machine clone --from-snapshot`) starts on machine C after A wrote
// more: its data.db is older than the backup, so the start is refused;
// with LITESTREAM_TAKEOVER=true it starts and its data is the history from
// then on.
func TestStaleVolumeNeedsTakeover(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	dirA, dirC, replica := filepath.Join(root, "a"), filepath.Join(root, "c"), filepath.Join(root, "replica")
	existingSite(t, dirA)
	a := serve(t, dirA, append(backupEnv(replica), "FLY_MACHINE_ID=machine-a")...)
	register(t, a.URL, "first")
	a.signal(syscall.SIGTERM)
	if code := a.wait(30 * time.Second); code != 0 {
		t.Fatalf("exit code %d after SIGTERM, want 0", code)
	}
	copyDir(t, dirA, dirC)
	a = serve(t, dirA, append(backupEnv(replica), "FLY_MACHINE_ID=machine-a")...)
	register(t, a.URL, "second")
	a.signal(syscall.SIGTERM)
	if code := a.wait(30 * time.Second); code != 0 {
		t.Fatalf("exit code %d after SIGTERM, want 0", code)
	}

	c := run(t, env(append(backupEnv(replica), "FLY_MACHINE_ID=machine-c")...), "serve", "--http", freeAddr(t), "--dir", dirC)
	if code := c.wait(20 * time.Second); code == 0 || !strings.Contains(c.out.String(), "may be older than the backup") ||
		!restoreNamedFirst(c.out.String()) {
		t.Fatalf("the stale volume: exit %d, output:\n%s", code, c.out.String())
	}
	c = serve(t, dirC, append(backupEnv(replica), "FLY_MACHINE_ID=machine-c", "LITESTREAM_TAKEOVER=true")...)
	if strings.Contains(c.out.String(), "did not need it") {
		t.Errorf("the takeover start called LITESTREAM_TAKEOVER unneeded:\n%s", c.out.String())
	}
	register(t, c.URL, "third")
	c.signal(syscall.SIGTERM)
	if code := c.wait(30 * time.Second); code != 0 {
		t.Fatalf("exit code %d after SIGTERM, want 0", code)
	}
	// Left set, it is warned about at the next start.
	c = serve(t, dirC, append(backupEnv(replica), "FLY_MACHINE_ID=machine-c", "LITESTREAM_TAKEOVER=true")...)
	if !strings.Contains(c.out.String(), `level=WARN msg="backup: LITESTREAM_TAKEOVER=true is set but this start did not need it`) {
		t.Errorf("LITESTREAM_TAKEOVER left set was not warned about:\n%s", c.out.String())
	}
	c.signal(syscall.SIGTERM)
	if code := c.wait(30 * time.Second); code != 0 {
		t.Fatalf("exit code %d after SIGTERM, want 0", code)
	}
	restored := filepath.Join(root, "restored")
	r := run(t, env(backupEnv(replica)...), "restore", "--dir", restored)
	if code := r.wait(30 * time.Second); code != 0 {
		t.Fatalf("restore exited %d:\n%s", code, r.out.String())
	}
	db := filepath.Join(restored, "data.db")
	if !hasUser(t, db, "first") || hasUser(t, db, "second") || !hasUser(t, db, "third") {
		t.Error("after the takeover the latest backup is not machine C's data (first and third, not second)")
	}
}

// restoreNamedFirst tells whether a refusal names the restore before
// LITESTREAM_TAKEOVER, the remedy that makes this volume the backup's
// history and drops the backup's newer writes.
func restoreNamedFirst(out string) bool {
	restore, takeover := strings.Index(out, "sponsorbridge restore"), strings.Index(out, "LITESTREAM_TAKEOVER=true")
	return restore >= 0 && takeover > restore && strings.Contains(out, "level=ERROR")
}

// TestUnreadableMarkNamesTheRestoreFirst: the data directory's mark left
// empty (a crash before it reached the disk, a read-only volume): the start
// is refused and names the restore before LITESTREAM_TAKEOVER; following
// it (the databases and the mark moved aside) the start restores the
// latest.
func TestUnreadableMarkNamesTheRestoreFirst(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	data, replica := filepath.Join(root, "pb_data"), filepath.Join(root, "replica")
	existingSite(t, data)
	a := serve(t, data, backupEnv(replica)...)
	register(t, a.URL, "first")
	a.signal(syscall.SIGTERM)
	if code := a.wait(30 * time.Second); code != 0 {
		t.Fatalf("exit code %d after SIGTERM, want 0", code)
	}
	if err := os.WriteFile(filepath.Join(data, ".sponsorbridge-writer.json"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	c := run(t, env(backupEnv(replica)...), "serve", "--http", freeAddr(t), "--dir", data)
	if code := c.wait(20 * time.Second); code == 0 || !strings.Contains(c.out.String(), "is not readable") || !restoreNamedFirst(c.out.String()) {
		t.Fatalf("the unreadable mark: exit %d, output:\n%s", code, c.out.String())
	}
	for _, f := range []string{"data.db", "data.db-wal", "data.db-shm", ".sponsorbridge-writer.json"} {
		if err := os.Rename(filepath.Join(data, f), filepath.Join(root, f)); err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
	}
	a = serve(t, data, backupEnv(replica)...)
	if !strings.Contains(a.out.String(), "data.db was missing; restored it") {
		t.Errorf("the start did not restore:\n%s", a.out.String())
	}
	a.signal(syscall.SIGTERM)
	a.wait(30 * time.Second)
	if !hasUser(t, filepath.Join(data, "data.db"), "first") {
		t.Error("the restored data.db lacks the member")
	}
}

func hasUser(t testing.TB, dbPath, username string) bool {
	t.Helper()
	return count(t, dbPath, `SELECT count(*) FROM users WHERE username = ?`, username) == 1
}

// copyDir copies a stopped server's data directory, as a volume snapshot does.
func copyDir(t testing.TB, from, to string) {
	t.Helper()
	err := filepath.Walk(from, func(path string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		target := filepath.Join(to, rel)
		if info.IsDir() {
			return os.MkdirAll(target, info.Mode().Perm())
		}
		in, err := os.Open(path)
		if err != nil {
			return err
		}
		defer in.Close()
		out, err := os.OpenFile(target, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, info.Mode().Perm())
		if err != nil {
			return err
		}
		if _, err := io.Copy(out, in); err != nil {
			out.Close()
			return err
		}
		return out.Close()
	})
	if err != nil {
		t.Fatal(err)
	}
}
