// Package litefs sends writes to the primary when the server runs on a
// LiteFS read replica (Fly.io, several regions): LiteFS keeps a ".primary"
// file in its mount directory on replicas only, naming the primary node,
// and Fly's proxy replays any request whose answer carries a fly-replay
// header on the machine it names. Reads stay local.
package litefs

import (
	"errors"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// PrimaryFile is the file LiteFS writes on replicas, holding the primary's hostname.
const PrimaryFile = ".primary"

// MsgReplica answers a write that reached a replica outside Fly's proxy.
const MsgReplica = "This server is a read-only replica; the request must be sent to the primary."

// Primary reads dir/.primary: the primary's name and true on a replica,
// "" and false on the primary itself.
func Primary(dir string) (string, bool, error) {
	raw, err := os.ReadFile(filepath.Join(dir, PrimaryFile))
	if errors.Is(err, fs.ErrNotExist) {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	name := strings.TrimSpace(string(raw))
	return name, name != "", nil
}

// StateChanging tells whether a request must run on the primary: every
// method but GET, HEAD and OPTIONS, except the realtime subscription
// (POST /api/realtime), which belongs to the SSE stream held by this machine.
func StateChanging(r *http.Request) bool {
	switch r.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return false
	}
	return r.URL.Path != "/api/realtime"
}

// Bind adds the replay to every route when dir (LITEFS_DIR) is set.
func Bind(se *core.ServeEvent, dir string) {
	if dir == "" {
		return
	}
	se.Router.Bind(&hook.Handler[*core.RequestEvent]{
		Id: "sbLiteFSReplay",
		// before the body is read, the rate limiter counts, or anything is written
		Priority: apis.DefaultActivityLoggerMiddlewarePriority - 20,
		Func: func(e *core.RequestEvent) error {
			if !StateChanging(e.Request) {
				return e.Next()
			}
			primary, replica, err := Primary(dir)
			if err != nil {
				e.App.Logger().Error("LiteFS: cannot read the primary file", "dir", dir, "error", err.Error())
				return e.Error(http.StatusServiceUnavailable, "The database is not available right now. Please try again.", nil)
			}
			if !replica {
				return e.Next()
			}
			e.Response.Header().Set("fly-replay", "instance="+primary)
			return e.Error(http.StatusConflict, MsgReplica, nil)
		},
	})
}
