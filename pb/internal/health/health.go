// Package health keeps reading and writing apart. GET /api/health is
// liveness: 200 while the server answers reads, 503 only when the database
// does not answer, so a full or read-only volume does not take the one
// machine out of Fly's proxy (reads keep working there). Writability is
// checked too (a small file written and synced in the data directory): the
// answer says so, `?check=writes` turns it into a 503 for a monitor, and a
// write that fails for want of storage answers 503 (storage.go).
package health

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"sponsorbridge/pb/internal/buildinfo"
)

// ProbeName is the file written (and removed) in the data directory.
const ProbeName = ".health-probe"

// MsgUnwritable is the 503's message of `?check=writes`.
const MsgUnwritable = "The server cannot write to its data directory (disk full or read-only volume)."

// MsgReadOnly is the 200's message while reads work and writes cannot.
const MsgReadOnly = "The server answers reads, but cannot write to its data directory (disk full or read-only volume)."

// CheckWrites is the query (`/api/health?check=writes`) that answers 503
// when the data directory cannot be written.
const CheckWrites = "writes"

// MsgDatabase is the 503's message when the database does not answer.
const MsgDatabase = "The server's database does not answer."

// cacheFor keeps one probe's result for a moment: the route is public.
const cacheFor = 2 * time.Second

type result struct {
	at       time.Time
	message  string // empty: healthy
	readable bool   // the database answers
}

type checker struct {
	last    atomic.Pointer[result] // read without a lock: the route is hot in benchmarks and monitors
	probing sync.Mutex             // one probe at a time
	failing bool                   // guarded by probing
}

// Bind checks the data directory and the database before PocketBase's
// health answer, and answers writes that fail for want of storage with 503.
func Bind(se *core.ServeEvent) {
	c := &checker{}
	se.Router.Bind(&hook.Handler[*core.RequestEvent]{
		Id: "sbHealth",
		Func: func(e *core.RequestEvent) error {
			if e.Request.Pattern != "GET /api/health" {
				return e.Next()
			}
			r := c.check(e.App)
			if r.message == "" {
				return withVersion(e)
			}
			e.Response.Header().Set("Cache-Control", "no-store")
			status, msg := http.StatusServiceUnavailable, r.message
			if r.readable && e.Request.URL.Query().Get("check") != CheckWrites {
				status, msg = http.StatusOK, MsgReadOnly // live: reads are served
			}
			data := map[string]any{"writable": false, "readable": r.readable, "version": buildinfo.Version()}
			return e.JSON(status, map[string]any{"code": status, "message": msg, "data": data})
		},
	})
	bindStorageErrors(se)
}

func (c *checker) check(app core.App) *result {
	if r := c.last.Load(); r != nil && time.Since(r.at) < cacheFor {
		return r
	}
	c.probing.Lock()
	defer c.probing.Unlock()
	if r := c.last.Load(); r != nil && time.Since(r.at) < cacheFor {
		return r // another request probed meanwhile
	}
	r := &result{at: time.Now(), readable: true}
	var err error
	if err = pingDB(app); err != nil {
		r.message, r.readable = MsgDatabase, false
	} else if err = Probe(app.DataDir()); err != nil {
		r.message = MsgUnwritable
	}
	message := r.message
	c.last.Store(r)
	// one log line per change of state, not one per check
	if err != nil && !c.failing {
		app.Logger().Error("Health check failing: "+message, "error", err.Error())
	} else if err == nil && c.failing {
		app.Logger().Warn("Health check passing again")
	}
	c.failing = err != nil
	return r
}

// Probe writes, syncs and removes a small file in dir.
func Probe(dir string) error {
	path := filepath.Join(dir, ProbeName)
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	_, err = f.Write([]byte(time.Now().UTC().Format(time.RFC3339Nano)))
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return os.Remove(path)
}

func pingDB(app core.App) error {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	var one int
	return app.DB().NewQuery("SELECT 1").WithContext(ctx).Row(&one)
}
