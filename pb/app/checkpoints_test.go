package app_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/pocketbase/dbx"

	"sponsorbridge/pb/app"
	"sponsorbridge/pb/internal/apptest"
)

// A write's commit never copies the WAL into data.db, however long the WAL
// grows (SQLite's automatic checkpoint would at 1,000 pages, holding the
// one writer): the background checkpoint does, without the writer.
func TestCommitsLeaveTheCheckpointToTheBackground(t *testing.T) {
	t.Parallel()
	a := apptest.NewApp(t, nil)
	db := a.NonconcurrentDB()
	exec := func(q string) {
		t.Helper()
		if _, err := db.NewQuery(q).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	exec("CREATE TABLE probe_pages (b BLOB)")
	exec("PRAGMA wal_checkpoint(TRUNCATE)")
	size := func() int64 {
		t.Helper()
		st, err := os.Stat(filepath.Join(a.DataDir(), "data.db"))
		if err != nil {
			t.Fatal(err)
		}
		return st.Size()
	}
	before := size()
	const rows, rowBytes = 400, 16_000 // four pages a row: 1,600 pages in 400 commits
	for range rows {
		if _, err := db.Insert("probe_pages", dbx.Params{"b": make([]byte, rowBytes)}).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	if got := size(); got != before {
		t.Fatalf("data.db grew from %d to %d bytes during the commits: a commit checkpointed", before, got)
	}
	if err := app.Checkpoint(a); err != nil {
		t.Fatal(err)
	}
	if got := size(); got < before+rows*rowBytes {
		t.Fatalf("data.db is %d bytes after the checkpoint, want at least %d", got, before+rows*rowBytes)
	}
}
