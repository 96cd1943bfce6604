package backup

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/benbjohnson/litestream"

	"sponsorbridge/pb/internal/config"
)

// noteReplica, at start before Litestream runs: the data directory's mark
// records the replica its databases replicate to. Litestream's state beside
// each database (.data.db-litestream/) holds the position it reached in that
// replica; started against another one (LITESTREAM_REPLICA_URL changed on a
// volume with data), it tries to ship the new replica the history from
// transaction 1, whose files it no longer has, and fails every 30 s while
// only its first snapshot arrives. So on a change the state is reset: the
// new replica then gets a full snapshot of the databases and every change
// after it. A mark without a replica (written before the field existed)
// only learns it.
func noteReplica(b config.Backup, dataDir string, say func(string)) error {
	mark, err := readMark(dataDir)
	if err != nil {
		return err
	}
	replica := Describe(b.ReplicaURL)
	if mark.Replica == replica {
		return nil
	}
	if mark.Replica != "" {
		for _, name := range Databases {
			if err := os.RemoveAll(filepath.Join(dataDir, "."+name+litestream.MetaDirSuffix)); err != nil {
				return fmt.Errorf("backup: resetting Litestream's state for the new replica: %w", err)
			}
		}
		say(fmt.Sprintf("backup: the replica changed from %s to %s: Litestream's state on this volume is reset, and %s gets a full snapshot of the databases, then every change. "+
			"The old replica is no longer written to. See docs/operations.md, \"Moving the replica\"", mark.Replica, replica, replica))
	}
	mark.Replica = replica
	return writeMark(dataDir, mark)
}
