package litefs

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sync/atomic"
	"time"
)

// PrimaryFile is the file LiteFS keeps in its mount on a replica, naming
// the primary; the primary has none.
const PrimaryFile = ".primary"

// WatchEvery is how often a Role looks at PrimaryFile: a stat a second.
const WatchEvery = time.Second

// Role is this server's place in a LiteFS cluster, read from PrimaryFile
// in the mount dir. Past one VM two things depend on it: data.db is
// read-only on a replica (its WAL is not this server's to checkpoint), and
// realtime streams must be held by the primary, where every write and so
// every event is made (docs/operations.md, "Past one VM").
type Role struct {
	dir     string
	replica atomic.Bool
}

// NewRole reads the role in dir as it is now.
func NewRole(dir string) *Role {
	r := &Role{dir: dir}
	r.replica.Store(r.read())
	return r
}

// Replica tells whether this server was a replica when last looked at.
func (r *Role) Replica() bool { return r.replica.Load() }

// read tells whether PrimaryFile is there; a mount that cannot be read
// keeps the role as it was.
func (r *Role) read() bool {
	_, err := os.Stat(filepath.Join(r.dir, PrimaryFile))
	switch {
	case err == nil:
		return true
	case errors.Is(err, fs.ErrNotExist):
		return false
	}
	return r.replica.Load()
}

// Watch looks at the role every interval until ctx ends, and calls demoted
// each time this server stops being the primary (LiteFS lost its lease to
// another machine while this one keeps running).
func (r *Role) Watch(ctx context.Context, every time.Duration, demoted func()) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			now := r.read()
			if was := r.replica.Swap(now); now && !was {
				demoted()
			}
		}
	}
}
