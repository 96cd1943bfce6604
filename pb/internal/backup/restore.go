package backup

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/benbjohnson/litestream"

	"sponsorbridge/pb/internal/config"
)

// ErrNoBackup means the replica holds no backup of data.db.
var ErrNoBackup = errors.New("the replica holds no backup")

// Restore writes the databases from the replica into dir, which must be
// empty (or missing): the latest state, or the state at `at` when it is not
// zero. data.db must be in the replica; auxiliary.db (logs) is restored when
// it is there. say reports progress.
func Restore(ctx context.Context, b config.Backup, dir string, at time.Time, say func(string)) error {
	if b.ReplicaURL == "" {
		return errors.New("LITESTREAM_REPLICA_URL is not set: there is no replica to restore from")
	}
	if err := checkEmpty(dir); err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	// Read before the restore: the data restored is at least this recent.
	seq, seqErr := leaseSeq(ctx, b)
	for _, name := range Databases {
		err := restoreOne(ctx, b, name, filepath.Join(dir, name), at)
		switch {
		case err == nil:
			say(fmt.Sprintf("Restored %s from %s", name, Describe(b.ReplicaURL)))
		case name != "data.db":
			// Logs: useful, not essential; the server starts a new file.
			say(fmt.Sprintf("Not restoring %s (logs): %v", name, err))
		default:
			return fmt.Errorf("restoring %s: %w", name, err)
		}
	}
	// The directory descends from the replica as the lease stood: its first
	// start may take the lease over (writer.go).
	if seqErr != nil {
		say(fmt.Sprintf("Could not read the writer lease (%v): the first start on %s will need LITESTREAM_TAKEOVER=true", seqErr, dir))
		return nil
	}
	return writeMark(dir, dirMark{Instance: newInstanceID(), Seq: seq, Replica: Describe(b.ReplicaURL)})
}

// RestoreMissing restores each database that is missing from dataDir, when
// the replica has it (the start of a replaced machine on an empty volume).
// A replica without a backup of data.db starts a new site only when
// b.NewSite says so: otherwise the replica URL may name the wrong place. Any
// other failure stops the start, because starting empty beside an
// unreadable replica would begin a new history over the old one.
func RestoreMissing(ctx context.Context, b config.Backup, dataDir string, say func(string)) error {
	if _, err := os.Stat(filepath.Join(dataDir, "data.db")); err == nil {
		if b.NewSite {
			say("backup: WARNING: LITESTREAM_NEW_SITE=true is set but this volume has its data.db: the setting is ignored. " +
				"Unset it: on a later empty volume it would start an empty site if the replica URL were wrong.")
		}
		return nil
	} else if !os.IsNotExist(err) {
		return err
	}
	if err := os.MkdirAll(dataDir, 0o755); err != nil {
		return err
	}
	for _, name := range Databases {
		target := filepath.Join(dataDir, name)
		if _, err := os.Stat(target); err == nil {
			continue
		}
		// Litestream's state beside a missing database describes that
		// database, not the one restored (a volume behind its backup whose
		// data.db was moved aside keeps its older position there).
		if err := os.RemoveAll(filepath.Join(dataDir, "."+name+litestream.MetaDirSuffix)); err != nil {
			return err
		}
		start := time.Now()
		err := restoreOne(ctx, b, name, target, time.Time{})
		switch {
		case err == nil:
			say(fmt.Sprintf("backup: %s was missing; restored it from %s in %s", name, Describe(b.ReplicaURL), time.Since(start).Round(time.Millisecond)))
			if name == "data.db" && b.NewSite {
				say("backup: WARNING: LITESTREAM_NEW_SITE=true is set but the replica holds a backup: it was restored, not an empty site started. Unset LITESTREAM_NEW_SITE.")
			}
		case errors.Is(err, ErrNoBackup) && name == "data.db" && !b.NewSite:
			return fmt.Errorf("backup: NOT STARTING: there is no data.db in %s and the replica %s holds no backup. "+
				"If this is a new site, start it once with LITESTREAM_NEW_SITE=true. Otherwise LITESTREAM_REPLICA_URL names the wrong place "+
				"(check the bucket and the path): starting now would begin an empty site beside the real backup", dataDir, Describe(b.ReplicaURL))
		case errors.Is(err, ErrNoBackup) && name == "data.db":
			say(fmt.Sprintf("\n!!! backup: LITESTREAM_NEW_SITE=true, no data.db here and no backup in %s: starting a new, empty site. Unset LITESTREAM_NEW_SITE once it runs. !!!", Describe(b.ReplicaURL)))
		case errors.Is(err, ErrNoBackup):
			say(fmt.Sprintf("backup: no %s here and none in %s yet: starting a new database", name, Describe(b.ReplicaURL)))
		case name != "data.db":
			say(fmt.Sprintf("backup: WARNING: restoring %s (logs) failed, starting a new one: %v", name, err))
		default:
			return fmt.Errorf("backup: %s is missing and restoring it from %s failed (not starting with an empty database): %w", name, Describe(b.ReplicaURL), err)
		}
	}
	return nil
}

func restoreOne(ctx context.Context, b config.Backup, name, target string, at time.Time) error {
	client, err := newClient(b, name)
	if err != nil {
		return err
	}
	if err := client.Init(ctx); err != nil {
		return err
	}
	replica := litestream.NewReplicaWithClient(nil, client)
	opt := litestream.NewRestoreOptions()
	opt.OutputPath = target
	opt.Timestamp = at
	opt.IntegrityCheck = litestream.IntegrityCheckQuick
	err = replica.Restore(ctx, opt)
	if !errors.Is(err, litestream.ErrTxNotAvailable) && !errors.Is(err, litestream.ErrNoSnapshots) {
		return err
	}
	if at.IsZero() {
		return ErrNoBackup
	}
	oldest, oerr := oldestRestorable(ctx, client)
	if oerr != nil {
		return fmt.Errorf("%w (and reading the replica's oldest state: %w)", err, oerr)
	}
	if oldest.IsZero() {
		return ErrNoBackup
	}
	return &TooOldError{At: at, Oldest: oldest, Retention: b.Retention}
}

// TooOldError: a point-in-time restore asked for a moment before the oldest
// state the replica still holds.
type TooOldError struct {
	At, Oldest time.Time
	Retention  time.Duration
}

func (e *TooOldError) Error() string {
	return fmt.Sprintf("--timestamp %s is older than the backup: the oldest restorable time is %s "+
		"(the replica keeps LITESTREAM_RETENTION, %s, of history)",
		e.At.UTC().Format(time.RFC3339), e.Oldest.UTC().Format(time.RFC3339), e.Retention)
}

// oldestRestorable is the first whole second at which a restore can begin:
// a restore at T starts from a snapshot, or from the database's first
// transaction, made before T (Litestream's CalcRestorePlan). Zero: the
// replica holds nothing.
func oldestRestorable(ctx context.Context, client litestream.ReplicaClient) (time.Time, error) {
	var oldest time.Time
	for level := 0; level <= litestream.SnapshotLevel; level++ {
		itr, err := client.LTXFiles(ctx, level, 0, true)
		if err != nil {
			return time.Time{}, err
		}
		for itr.Next() {
			info := itr.Item()
			if (level == litestream.SnapshotLevel || info.MinTXID == 1) && (oldest.IsZero() || info.CreatedAt.Before(oldest)) {
				oldest = info.CreatedAt
			}
		}
		if err := itr.Close(); err != nil {
			return time.Time{}, err
		}
	}
	if oldest.IsZero() {
		return oldest, nil
	}
	return oldest.Truncate(time.Second).Add(time.Second), nil
}

// checkEmpty refuses a directory with anything in it but lost+found (a new
// ext4 volume has one), the serve lock and the writer mark (which the
// restore replaces).
func checkEmpty(dir string) error {
	entries, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return nil
	} else if err != nil {
		return err
	}
	var names []string
	for _, e := range entries {
		// A server refused at start may have left its lock and mark here.
		if e.Name() != "lost+found" && e.Name() != lockName && e.Name() != markName {
			names = append(names, e.Name())
		}
	}
	if len(names) == 0 {
		return nil
	}
	if len(names) > 3 {
		names = append(names[:3], "…")
	}
	return fmt.Errorf("refusing to restore into %s: it is not empty (%s). Restore into an empty or new directory; move the old one aside first if you mean to replace it", dir, strings.Join(names, ", "))
}

// PendingDir is where `restore --at-next-start` writes, inside the data
// directory; the next start swaps it in (SwapPending).
const PendingDir = "restore-pending"

// pendingComplete marks a pending restore as whole: written last.
const pendingComplete = "COMPLETE"

// RestorePending restores into <dataDir>/restore-pending for the next start
// to swap in: the way to go back in time on a machine whose only process is
// the server (Fly). The live databases are not touched.
func RestorePending(ctx context.Context, b config.Backup, dataDir string, at time.Time, say func(string)) error {
	dir := filepath.Join(dataDir, PendingDir)
	if err := Restore(ctx, b, dir, at, say); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, pendingComplete), []byte(at.UTC().Format(time.RFC3339)+"\n"), 0o644)
}

// SwapPending, at start before the databases open: when a complete pending
// restore waits in dataDir, the current databases (with their WAL files and
// Litestream's state) move to dataDir/replaced-<time>/ and the restored ones
// take their place. It reports whether it swapped.
func SwapPending(dataDir string, now time.Time, say func(string)) (bool, error) {
	pending := filepath.Join(dataDir, PendingDir)
	if _, err := os.Stat(filepath.Join(pending, pendingComplete)); err != nil {
		if _, dirErr := os.Stat(pending); dirErr == nil {
			say("backup: WARNING: " + pending + " holds an unfinished restore; it is ignored (remove it, then restore again)")
		}
		return false, nil
	}
	aside := filepath.Join(dataDir, "replaced-"+now.UTC().Format("20060102T150405Z"))
	if err := os.MkdirAll(aside, 0o755); err != nil {
		return false, err
	}
	for _, name := range Databases {
		for _, f := range []string{name, name + "-wal", name + "-shm", "." + name + litestream.MetaDirSuffix} {
			if err := os.Rename(filepath.Join(dataDir, f), filepath.Join(aside, f)); err != nil && !os.IsNotExist(err) {
				return false, err
			}
		}
	}
	for _, name := range Databases {
		if err := os.Rename(filepath.Join(pending, name), filepath.Join(dataDir, name)); err != nil && !os.IsNotExist(err) {
			return false, err
		}
	}
	if err := os.RemoveAll(pending); err != nil {
		return false, err
	}
	say(fmt.Sprintf("backup: swapped in the restored databases from %s; the replaced ones are in %s", pending, aside))
	return true, nil
}
