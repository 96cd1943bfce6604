// Package health makes GET /api/health tell the truth about the volume:
// PocketBase's own answer is 200 as long as the process runs, even when
// the disk is full and every write fails. Here the answer is 503 when a
// small file cannot be written and synced in the data directory, or when
// the database does not answer, so Fly's check (and any monitor) sees it.
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
)

// ProbeName is the file written (and removed) in the data directory.
const ProbeName = ".health-probe"

// MsgUnwritable is the 503's message.
const MsgUnwritable = "The server cannot write to its data directory (disk full or read-only volume)."

// MsgDatabase is the 503's message when the database does not answer.
const MsgDatabase = "The server's database does not answer."

// cacheFor keeps one probe's result for a moment: the route is public.
const cacheFor = 2 * time.Second

type result struct {
	at      time.Time
	message string
}

type checker struct {
	last    atomic.Pointer[result] // read without a lock: the route is hot in benchmarks and monitors
	probing sync.Mutex             // one probe at a time
	failing bool                   // guarded by probing
}

// Bind checks the data directory before PocketBase's health answer.
func Bind(se *core.ServeEvent) {
	c := &checker{}
	se.Router.Bind(&hook.Handler[*core.RequestEvent]{
		Id: "sbHealth",
		Func: func(e *core.RequestEvent) error {
			if e.Request.Pattern != "GET /api/health" {
				return e.Next()
			}
			if msg := c.check(e.App); msg != "" {
				e.Response.Header().Set("Cache-Control", "no-store")
				return e.JSON(http.StatusServiceUnavailable, map[string]any{"code": http.StatusServiceUnavailable, "message": msg, "data": map[string]any{}})
			}
			return withVersion(e)
		},
	})
}

func (c *checker) check(app core.App) string {
	if r := c.last.Load(); r != nil && time.Since(r.at) < cacheFor {
		return r.message
	}
	c.probing.Lock()
	defer c.probing.Unlock()
	if r := c.last.Load(); r != nil && time.Since(r.at) < cacheFor {
		return r.message // another request probed meanwhile
	}
	var message string
	var err error
	if err = Probe(app.DataDir()); err != nil {
		message = MsgUnwritable
	} else if err = pingDB(app); err != nil {
		message = MsgDatabase
	}
	c.last.Store(&result{at: time.Now(), message: message})
	// one log line per change of state, not one per check
	if err != nil && !c.failing {
		app.Logger().Error("Health check failing: "+message, "error", err.Error())
	} else if err == nil && c.failing {
		app.Logger().Warn("Health check passing again")
	}
	c.failing = err != nil
	return message
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
