package backup

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// lockName is the lock file in the data directory that a serving process
// holds an exclusive lock (flock) on for its whole life: a second `serve`
// on the same directory (over `fly ssh console`, a second terminal) would
// write the same databases and ship them under the same writer lease.
const lockName = ".sponsorbridge-serve.lock"

// dirLock keeps the lock file open (and so locked) until the process exits.
var dirLock *os.File

// lockDataDir takes the data directory's lock or refuses the start, naming
// the process that holds it. The kernel releases the lock when the process
// ends, however it ends.
func lockDataDir(dataDir string) error {
	if dirLock != nil {
		return nil
	}
	if err := os.MkdirAll(dataDir, 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(filepath.Join(dataDir, lockName), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return fmt.Errorf("backup: opening the data directory's lock: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		raw, _ := os.ReadFile(f.Name())
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			holder := strings.TrimSpace(string(raw))
			if _, perr := strconv.Atoi(holder); perr != nil {
				holder = "unknown"
			}
			return fmt.Errorf("NOT STARTING: another server (pid %s) is serving from the data directory %s: two servers on one directory write the same databases. "+
				"Stop it first; to run a command beside it, use that command (superuser, restore --at-next-start), not serve", holder, dataDir)
		}
		return fmt.Errorf("backup: locking the data directory %s: %w", dataDir, err)
	}
	if err := f.Truncate(0); err == nil {
		_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	dirLock = f
	return nil
}
