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
	return nil
}

// RestoreMissing restores each database that is missing from dataDir, when
// the replica has it (the start of a replaced machine on an empty volume).
// A replica without a backup yet is a first start; any other failure stops
// the start, because starting empty beside an unreadable replica would begin
// a new history over the old one.
func RestoreMissing(ctx context.Context, b config.Backup, dataDir string, say func(string)) error {
	if _, err := os.Stat(filepath.Join(dataDir, "data.db")); err == nil {
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
		start := time.Now()
		err := restoreOne(ctx, b, name, target, time.Time{})
		switch {
		case err == nil:
			say(fmt.Sprintf("backup: %s was missing; restored it from %s in %s", name, Describe(b.ReplicaURL), time.Since(start).Round(time.Millisecond)))
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
	if errors.Is(err, litestream.ErrTxNotAvailable) || errors.Is(err, litestream.ErrNoSnapshots) {
		return ErrNoBackup
	}
	return err
}

// checkEmpty refuses a directory with anything in it but lost+found (a new
// ext4 volume has one).
func checkEmpty(dir string) error {
	entries, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return nil
	} else if err != nil {
		return err
	}
	var names []string
	for _, e := range entries {
		if e.Name() != "lost+found" {
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
