package backup

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// The data directory's mark: which directory this is, the lease's Seq it
// last saw and the replica it replicates to, written durably beside data.db.

// dirMark is the data directory's side: its instance id, and the lease's
// Seq when this directory last acquired or released it (or was restored).
// A data.db whose directory saw the lease's current Seq is the last
// writer's data; any other may be older than the backup.
//
// Replica is the replica this directory's databases replicate to (the URL
// without credentials or query): Litestream's state beside them describes
// that replica, and a start with another one resets it (noteReplica).
type dirMark struct {
	Instance string `json:"instance"`
	Seq      int64  `json:"seq"`
	Replica  string `json:"replica,omitempty"`
}

func newInstanceID() string {
	id := make([]byte, 8)
	_, _ = rand.Read(id)
	return hex.EncodeToString(id)
}

// readMark reads the data directory's mark, or makes a new instance id.
func readMark(dataDir string) (dirMark, error) {
	raw, err := os.ReadFile(filepath.Join(dataDir, markName))
	if errors.Is(err, os.ErrNotExist) {
		return dirMark{Instance: newInstanceID()}, nil
	} else if err != nil {
		return dirMark{}, err
	}
	var m dirMark
	err = json.Unmarshal(raw, &m)
	if err == nil && m.Instance == "" {
		err = errors.New("no instance id")
	}
	if err != nil {
		db := filepath.Join(dataDir, "data.db")
		return dirMark{}, fmt.Errorf("backup: NOT STARTING: %s is not readable (%w; a crash or a read-only volume can leave it so). "+
			"Restore first: move it, %s, %s-wal and %s-shm aside, and the next start restores the latest from the replica "+
			"(or run `sponsorbridge restore --dir <an empty directory>` to compare). Only if this data.db must replace the backup's history "+
			"(the backup's newer writes are then lost from every later restore), remove that file alone and start once with LITESTREAM_TAKEOVER=true. "+
			"See docs/operations.md, \"Exactly one writer\"", filepath.Join(dataDir, markName), err, db, db, db)
	}
	return m, nil
}

// writeMark replaces the mark durably: the new content is on the disk
// before the rename, and the rename before the start goes on (a host crash
// must not bring back an older Seq, which would make this directory look
// stale to the next start, or none at all).
func writeMark(dataDir string, m dirMark) error {
	if err := os.MkdirAll(dataDir, 0o755); err != nil {
		return err
	}
	path := filepath.Join(dataDir, markName)
	f, err := os.OpenFile(path+".tmp", os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(mustJSON(m))
	if err == nil {
		err = f.Sync()
	}
	if e := f.Close(); err == nil {
		err = e
	}
	if err == nil {
		err = os.Rename(path+".tmp", path)
	}
	if err != nil {
		return fmt.Errorf("backup: writing %s: %w", path, err)
	}
	return syncDir(dataDir)
}

// syncDir makes a rename in dir durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}
