package backup_test

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestFirstStartNeedsNewSite: backups configured, no data.db on the volume,
// and a replica that answers but holds nothing (a new site, or a wrong
// path). Without LITESTREAM_NEW_SITE the start is refused loudly and creates
// nothing; with it the server starts a new, empty site and says so.
func TestFirstStartNeedsNewSite(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	data, replica := filepath.Join(root, "pb_data"), filepath.Join(root, "no-such-replica")

	refused := run(t, env(backupEnv(replica)...), "serve", "--http", freeAddr(t), "--dir", data)
	if code := refused.wait(30 * time.Second); code == 0 || !strings.Contains(refused.out.String(), "holds no backup") ||
		!strings.Contains(refused.out.String(), "LITESTREAM_NEW_SITE=true") {
		t.Fatalf("a first start beside an empty replica: exit %d, output:\n%s", code, refused.out.String())
	}
	if _, err := os.Stat(filepath.Join(data, "data.db")); !os.IsNotExist(err) {
		t.Fatalf("the refused start created a data.db: %v", err)
	}

	srv := serve(t, data, append(backupEnv(replica), newSite)...)
	if !strings.Contains(srv.out.String(), "starting a new, empty site") {
		t.Errorf("no loud line for the new site:\n%s", srv.out.String())
	}
	srv.signal(syscall.SIGTERM)
	if code := srv.wait(30 * time.Second); code != 0 {
		t.Fatalf("exit code %d after SIGTERM, want 0", code)
	}
}

// TestRestoreOlderThanTheBackup: `restore --timestamp` before anything the
// replica holds fails with the oldest restorable time, and a restore at
// that very time works.
func TestRestoreOlderThanTheBackup(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	data, replica := filepath.Join(root, "pb_data"), filepath.Join(root, "replica")
	started := time.Now()
	srv := serve(t, data, append(backupEnv(replica), newSite)...)
	register(t, srv.URL, "priya")
	srv.signal(syscall.SIGTERM)
	if code := srv.wait(30 * time.Second); code != 0 {
		t.Fatalf("exit code %d after SIGTERM, want 0", code)
	}

	old := started.Add(-time.Hour).UTC().Format(time.RFC3339)
	tooOld := run(t, env(backupEnv(replica)...), "restore", "--dir", filepath.Join(root, "old"), "--timestamp", old)
	const marker = "the oldest restorable time is "
	code := tooOld.wait(30 * time.Second)
	out := tooOld.out.String()
	if code == 0 || !strings.Contains(out, marker) {
		t.Fatalf("restore --timestamp %s: exit %d, output:\n%s", old, code, out)
	}
	_, rest, _ := strings.Cut(out, marker)
	oldest, err := time.Parse(time.RFC3339, strings.Fields(rest)[0])
	if err != nil {
		t.Fatalf("the oldest restorable time is not RFC 3339: %v\n%s", err, out)
	}
	// The time is rounded up to a whole second, so it may be up to a second ahead of now.
	if oldest.Before(started.Add(-time.Second)) || oldest.After(time.Now().Add(time.Second)) {
		t.Errorf("oldest restorable time %s, want between the start (%s) and now", oldest, started.UTC().Format(time.RFC3339))
	}
	at := run(t, env(backupEnv(replica)...), "restore", "--dir", filepath.Join(root, "oldest"), "--timestamp", oldest.Format(time.RFC3339))
	if code := at.wait(30 * time.Second); code != 0 {
		t.Fatalf("restore at the oldest restorable time exited %d:\n%s", code, at.out.String())
	}

	// Without --dir the restore is refused, and writes nothing into
	// PocketBase's default directory (beside the binary, or the checkout).
	noDir := run(t, env(backupEnv(replica)...), "restore")
	if code := noDir.wait(30 * time.Second); code == 0 || !strings.Contains(noDir.out.String(), "name the directory to restore into with --dir") {
		t.Fatalf("restore without --dir: exit %d, output:\n%s", code, noDir.out.String())
	}
	for _, dir := range []string{filepath.Join(filepath.Dir(os.Args[0]), "pb_data"), "pb_data"} {
		if _, err := os.Stat(filepath.Join(dir, "data.db")); err == nil {
			t.Errorf("restore without --dir wrote %s", dir)
		}
	}
}
