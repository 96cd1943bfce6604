package backup

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/benbjohnson/litestream"
	"github.com/superfly/ltx"

	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/logline"
)

// The restore check. A replica can look healthy (uploads succeed, the lag
// is small) and still not restore to what the volume holds: a replica
// rolled back under the server, a Litestream state that no longer matches
// its replica. So every LITESTREAM_CHECK_INTERVAL the server restores the
// replica's data.db as of the volume's last recorded transaction into a
// directory beside it and compares the two: the restored database must
// have the size and the pages Litestream recorded on the volume for that
// transaction, and the replica must hold at least what the volume had
// recorded at the previous check. A failure is logged at ERROR.

// checkDir is where the check restores, inside the data directory (on the
// volume, as large as data.db for the moment of the check).
const checkDir = ".restore-check"

// restoreChecker compares the replica with the volume, one check at a time.
type restoreChecker struct {
	b       config.Backup
	dataDir string
	// shipped is the volume's position at the previous check: the replica
	// must hold it by now.
	shipped ltx.TXID
}

// loop runs a check every interval until ctx ends.
func (c *restoreChecker) loop(ctx context.Context, interval time.Duration) {
	if interval <= 0 {
		interval = time.Hour // LITESTREAM_CHECK_INTERVAL's default, for a config built in code
	}
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		start := time.Now()
		err := c.check(ctx)
		if ctx.Err() != nil {
			return // stopping: no verdict
		}
		if err != nil {
			logline.Error("backup: RESTORE CHECK FAILED: the replica does not restore to this volume's data ("+err.Error()+"). "+
				"A restore now would not return the latest data. See docs/operations.md, \"The restore check\"", "replica", Describe(c.b.ReplicaURL))
		} else {
			logline.Info("backup: restore check passed", "took", time.Since(start).Round(time.Millisecond).String())
		}
	}
}

// check restores data.db as of the volume's last recorded transaction (or
// the replica's, when it is a little behind) and compares it with the volume.
func (c *restoreChecker) check(ctx context.Context) error {
	dbPath := filepath.Join(c.dataDir, "data.db")
	local, err := localTXID(dbPath)
	if err != nil || local == 0 {
		return err // nothing recorded yet: nothing to compare
	}
	client, err := newClient(c.b, "data.db")
	if err != nil {
		return err
	}
	if err := client.Init(ctx); err != nil {
		return err
	}
	remote, err := replicaTXID(ctx, client)
	if err != nil {
		return fmt.Errorf("reading the replica: %w", err)
	}
	if remote < c.shipped {
		return fmt.Errorf("the replica's last transaction is %d, but the volume had recorded %d at the previous check", uint64(remote), uint64(c.shipped))
	}
	target := min(local, remote)
	dir := filepath.Join(c.dataDir, checkDir)
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	replica := litestream.NewReplicaWithClient(nil, client)
	opt := litestream.NewRestoreOptions()
	opt.OutputPath = filepath.Join(dir, "data.db")
	opt.TXID = target
	if err := replica.Restore(ctx, opt); err != nil {
		return fmt.Errorf("restoring transaction %d: %w", uint64(target), err)
	}
	if err := sameAsVolume(dbPath, target, opt.OutputPath); err != nil {
		return err
	}
	c.shipped = local
	return nil
}

// sameAsVolume compares a database restored as of transaction txid with
// what Litestream recorded on the volume for that transaction (its level-0
// file: the size of the database and every page the transaction wrote).
// The volume keeps its recent level-0 files only; without that one there
// is nothing to compare (nil).
func sameAsVolume(dbPath string, txid ltx.TXID, restored string) error {
	dir, file := filepath.Split(dbPath)
	f, err := os.Open(filepath.Join(dir, "."+file+litestream.MetaDirSuffix, "ltx", "0", ltx.FormatFilename(txid, txid)))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	} else if err != nil {
		return err
	}
	defer f.Close()
	out, err := os.Open(restored)
	if err != nil {
		return err
	}
	defer out.Close()
	dec := ltx.NewDecoder(f)
	if err := dec.DecodeHeader(); err != nil {
		return fmt.Errorf("reading the volume's record of transaction %d: %w", uint64(txid), err)
	}
	h := dec.Header()
	if fi, err := out.Stat(); err != nil {
		return err
	} else if fi.Size() != int64(h.Commit)*int64(h.PageSize) {
		return fmt.Errorf("at transaction %d the restored database has %d pages, the volume's %d", uint64(txid), fi.Size()/int64(h.PageSize), h.Commit)
	}
	data, got := make([]byte, h.PageSize), make([]byte, h.PageSize)
	for {
		var ph ltx.PageHeader
		if err := dec.DecodePage(&ph, data); errors.Is(err, io.EOF) {
			return nil
		} else if err != nil {
			return fmt.Errorf("reading the volume's record of transaction %d: %w", uint64(txid), err)
		}
		if ph.IsZero() {
			return nil // the end of the pages
		}
		if _, err := out.ReadAt(got, int64(ph.Pgno-1)*int64(h.PageSize)); err != nil {
			return err
		}
		if !bytes.Equal(got, data) {
			return fmt.Errorf("at transaction %d page %d of the restored database differs from the volume's", uint64(txid), ph.Pgno)
		}
	}
}
