package backup_test

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"sponsorbridge/pb/internal/testutil"
)

// TestRestoreCheck: the server restores the replica's data.db beside
// itself every LITESTREAM_CHECK_INTERVAL and compares it with the volume.
// It passes while the replica is whole; when the replica's data.db history
// is replaced under the running server by another one (a bucket restored
// from the wrong copy, another site's replica moved into place: Litestream
// notices nothing, its uploads still succeed), the next check fails at
// ERROR.
func TestRestoreCheck(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	data, replica := filepath.Join(root, "pb_data"), filepath.Join(root, "replica")
	other, otherReplica := filepath.Join(root, "other"), filepath.Join(root, "other-replica")
	existingSite(t, data)
	existingSite(t, other)
	a := serve(t, data, append(backupEnv(replica), "LITESTREAM_CHECK_INTERVAL=500ms")...)
	register(t, a.URL, "first")
	shipped(t, backupEnv(replica), "first")
	testutil.Eventually(t, 20*time.Second, "a restore check to pass", func() bool {
		return strings.Contains(a.out.String(), "restore check passed")
	})

	b := serve(t, other, append(backupEnv(otherReplica), "FLY_MACHINE_ID=other")...)
	for _, name := range []string{"other1", "other2", "other3", "other4"} {
		register(t, b.URL, name)
	}
	shipped(t, backupEnv(otherReplica), "other4")
	b.signal(syscall.SIGTERM)
	b.wait(30 * time.Second)
	if strings.Contains(a.out.String(), "RESTORE CHECK FAILED") {
		t.Fatalf("a check failed on a whole replica:\n%s", a.out.String())
	}
	if err := os.RemoveAll(filepath.Join(replica, "data.db")); err != nil {
		t.Fatal(err)
	}
	copyDir(t, filepath.Join(otherReplica, "data.db"), filepath.Join(replica, "data.db"))
	testutil.Eventually(t, 20*time.Second, "the restore check to fail", func() bool {
		return strings.Contains(a.out.String(), `level=ERROR msg="backup: RESTORE CHECK FAILED`)
	})
	for _, line := range strings.Split(a.out.String(), "\n") {
		if strings.Contains(line, "RESTORE CHECK FAILED") {
			t.Log(line)
			break
		}
	}
}
