package backup

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/benbjohnson/litestream"
	"github.com/superfly/ltx"

	"sponsorbridge/pb/internal/config"
)

// A volume behind its own replica. Litestream, started on a database older
// than its replica (a volume snapshot restored onto the machine, or a host
// crash that lost WAL frames already uploaded), takes that older database
// as a new snapshot: the newer, acknowledged writes vanish from every later
// restore, and it only says so at INFO. So the start compares the two
// positions first (checkNotBehind) and refuses; and an upload first makes
// what it ships durable on the volume (syncBeforeUpload), so that a host
// crash can no longer leave the volume behind what the replica holds.

// checkNotBehind refuses a start whose data.db is behind the replica: the
// volume's position (the last transaction Litestream recorded beside it,
// in .data.db-litestream/ltx/0/) is below the replica's latest. A volume
// without that record (a directory `sponsorbridge restore` wrote, a
// restore swapped in, a database that never replicated) has no position to
// compare; the writer lease decides for it (writer.go).
//
// With LITESTREAM_TAKEOVER the operator decided that this data.db is the
// history from now on: the start goes on, and says so (usedTakeover).
func checkNotBehind(ctx context.Context, b config.Backup, dataDir string, say func(string)) (usedTakeover bool, err error) {
	dbPath := filepath.Join(dataDir, "data.db")
	if _, err := os.Stat(dbPath); errors.Is(err, os.ErrNotExist) {
		return false, nil // restored at start (RestoreMissing)
	} else if err != nil {
		return false, err
	}
	local, err := localTXID(dbPath)
	if err != nil || local == 0 {
		return false, err
	}
	client, err := newClient(b, "data.db")
	if err != nil {
		return false, err
	}
	if err := client.Init(ctx); err != nil {
		return false, fmt.Errorf("backup: reading the replica %s (not starting without comparing this volume with it): %w", Describe(b.ReplicaURL), err)
	}
	remote, err := replicaTXID(ctx, client)
	if err != nil {
		return false, fmt.Errorf("backup: reading the replica %s (not starting without comparing this volume with it): %w", Describe(b.ReplicaURL), err)
	}
	if remote <= local {
		return false, nil
	}
	behind := &BehindError{DataDir: dataDir, Where: Describe(b.ReplicaURL), Volume: local, Replica: remote}
	if b.Takeover {
		say(fmt.Sprintf("backup: LITESTREAM_TAKEOVER=true: starting although this volume's data.db is behind its backup (transaction %d, the replica %s at %d): "+
			"it becomes the backup's history, and the replica's newer writes are no longer in any later restore. Unset LITESTREAM_TAKEOVER now",
			uint64(local), behind.Where, uint64(remote)))
		return true, nil
	}
	return false, behind
}

// BehindError: the volume's data.db is older than its backup.
type BehindError struct {
	DataDir, Where  string
	Volume, Replica ltx.TXID
}

func (e *BehindError) Error() string {
	db := filepath.Join(e.DataDir, "data.db")
	return fmt.Sprintf("backup: NOT STARTING: this volume's data.db is behind its backup: the volume is at transaction %d, the replica %s at %d "+
		"(a volume snapshot restored onto this machine, or a host crash, rolled it back). Starting now would make this older data.db the backup's "+
		"history and drop the newer writes from every later restore. Restore the latest first: move %s, %s-wal and %s-shm aside "+
		"(the next start restores the latest from the replica), or run `sponsorbridge restore --dir <an empty directory>` to compare. "+
		"Only if this data.db must replace the backup's history (the replica's newer writes are then lost), start once with LITESTREAM_TAKEOVER=true. "+
		"See docs/operations.md, \"A volume behind its backup\"",
		uint64(e.Volume), e.Where, uint64(e.Replica), db, db, db)
}

// localTXID is the last transaction Litestream recorded for dbPath on the
// volume (0: none).
func localTXID(dbPath string) (ltx.TXID, error) {
	dir, file := filepath.Split(dbPath)
	entries, err := os.ReadDir(filepath.Join(dir, "."+file+litestream.MetaDirSuffix, "ltx", "0"))
	if os.IsNotExist(err) {
		return 0, nil
	} else if err != nil {
		return 0, err
	}
	var top ltx.TXID
	for _, e := range entries {
		if _, maxTXID, err := ltx.ParseFilename(e.Name()); err == nil && maxTXID > top {
			top = maxTXID
		}
	}
	return top, nil
}

// replicaTXID is the last transaction the replica holds, at any level
// (compaction removes level-0 files once they are merged above).
func replicaTXID(ctx context.Context, client litestream.ReplicaClient) (ltx.TXID, error) {
	var top ltx.TXID
	for level := 0; level <= litestream.SnapshotLevel; level++ {
		itr, err := client.LTXFiles(ctx, level, 0, false)
		if err != nil {
			return 0, err
		}
		for itr.Next() {
			top = max(top, itr.Item().MaxTXID)
		}
		if err := itr.Close(); err != nil {
			return 0, err
		}
	}
	return top, nil
}

// syncBeforeUpload makes the database's WAL and file durable on the volume
// before a level-0 upload ships their frames. The server runs
// synchronous=NORMAL: a commit is in the WAL file but not yet on the disk,
// and a host crash can lose it after Litestream (which reads the WAL, not
// the disk) uploaded it. One fsync of each per upload, at most one a
// LITESTREAM_SYNC_INTERVAL.
func syncBeforeUpload(dbPath string) error {
	for _, p := range []string{dbPath + "-wal", dbPath} {
		f, err := os.Open(p)
		if os.IsNotExist(err) {
			continue
		} else if err != nil {
			return err
		}
		err = f.Sync()
		if e := f.Close(); err == nil {
			err = e
		}
		if err != nil {
			return fmt.Errorf("backup: making %s durable before its upload: %w", filepath.Base(p), err)
		}
	}
	return nil
}
