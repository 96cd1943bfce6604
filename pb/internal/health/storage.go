package health

import (
	"errors"
	"net/http"
	"syscall"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/router"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// MsgCannotStore is the 503 of a request whose write failed for want of
// storage (full disk, read-only volume, I/O error).
const MsgCannotStore = "The server cannot store data right now. Please try again in a few minutes."

// bindStorageErrors answers a request whose write failed for want of
// storage with 503 MsgCannotStore, whatever the handler made of the error:
// PocketBase's record API and several of the app's routes answer a failed
// save with a 400 ("Failed to create record.", "Could not save your
// profile."), which blamed the member, stayed out of stdout (4xx are the
// client's) and out of the 5xx alert. Bound inside PocketBase's activity
// logger and the metrics, so both see the 503: the request's log line
// (copied to stdout by pb/internal/ops) carries the route and the cause.
func bindStorageErrors(se *core.ServeEvent) {
	se.Router.Bind(&hook.Handler[*core.RequestEvent]{
		Id: "sbStorageErrors",
		Func: func(e *core.RequestEvent) error {
			err := e.Next()
			fault := StorageFault(err)
			if fault == nil {
				return err
			}
			e.Set(apis.RequestEventKeyLogMeta, map[string]any{"route": e.Request.Pattern, "storage": fault.Error()})
			e.Response.Header().Set("Retry-After", "60")
			return router.NewApiError(http.StatusServiceUnavailable, MsgCannotStore, fault.Error())
		},
	})
}

// StorageFault finds in err, or in the error an API error carries, a
// failure of storage: SQLite's SQLITE_FULL, SQLITE_READONLY, SQLITE_IOERR
// or SQLITE_CANTOPEN (extended codes included), or the file system's
// ENOSPC, EDQUOT, EROFS or EIO (uploaded files). nil when there is none.
func StorageFault(err error) error {
	for depth := 0; err != nil && depth < 8; depth++ {
		var se *sqlite.Error
		if errors.As(err, &se) {
			switch se.Code() & 0xff { // the primary code of an extended one
			case sqlite3.SQLITE_FULL, sqlite3.SQLITE_READONLY, sqlite3.SQLITE_IOERR, sqlite3.SQLITE_CANTOPEN:
				return se
			}
			return nil
		}
		for _, errno := range []syscall.Errno{syscall.ENOSPC, syscall.EDQUOT, syscall.EROFS, syscall.EIO} {
			if errors.Is(err, errno) {
				return err
			}
		}
		var fields validation.Errors
		if errors.As(err, &fields) {
			for _, fe := range fields {
				if f := StorageFault(fe); f != nil {
					return f
				}
			}
			return nil
		}
		var apiErr *router.ApiError
		if !errors.As(err, &apiErr) {
			return nil
		}
		err, _ = apiErr.RawData().(error)
	}
	return nil
}
