// Package ops holds the server's operational settings: how long logs are
// kept, warnings and errors copied to stdout (so `fly logs` shows them, not
// only the dashboard's log database), and the start-up warnings about
// production settings that are missing.
package ops

import (
	"context"
	"io"
	"log/slog"
	"os"
	"sort"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/envsettings"
)

// Stdout is where warnings and errors are copied (tests swap it).
var Stdout io.Writer = os.Stdout

// Register binds the operational settings and the stdout copy of the logs.
func Register(app core.App, cfg *config.Config) {
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Id: "sbOps",
		Func: func(se *core.ServeEvent) error {
			s := se.App.Settings()
			if cfg.LogsMaxDays > 0 && s.Logs.MaxDays != cfg.LogsMaxDays {
				envsettings.Set(se.App, &s.Logs.MaxDays, cfg.LogsMaxDays, "logs.maxDays", "LOGS_MAX_DAYS")
				if err := se.App.Save(s); err != nil {
					return err
				}
			}
			if !cfg.DemoMode && !cfg.EncryptionKeySet && se.App.EncryptionEnv() == config.EncryptionEnv {
				se.App.Logger().Warn("Settings are stored unencrypted: set " + config.EncryptionEnv +
					" (32 characters) so that secrets saved in the dashboard (SMTP password, OAuth2 secrets) are encrypted at rest.")
			}
			return se.Next()
		},
	})
	BindStdout(app)
}

var stdoutMu sync.Mutex

// BindStdout copies every warning and error the app logs to Stdout as it
// is written to the log database. Request logs are copied only for server
// errors (5xx): a refused 4xx is the client's mistake and stays in the
// dashboard. In dev mode PocketBase prints every log itself.
func BindStdout(app core.App) {
	app.OnModelCreate(core.LogsTableName).Bind(&hook.Handler[*core.ModelEvent]{
		Id: "sbLogsToStdout",
		Func: func(e *core.ModelEvent) error {
			// printed before the write: a full disk must not hide the error
			if l, ok := e.Model.(*core.Log); ok && !e.App.IsDev() && worthPrinting(l) {
				print(l)
			}
			return e.Next()
		},
	})
}

func worthPrinting(l *core.Log) bool {
	if slog.Level(l.Level) < slog.LevelWarn {
		return false
	}
	if l.Data["type"] == "request" {
		var status int64
		switch v := l.Data["status"].(type) {
		case int:
			status = int64(v)
		case int64:
			status = v
		case float64:
			status = int64(v)
		}
		return status >= 500
	}
	return true
}

func print(l *core.Log) {
	stdoutMu.Lock()
	defer stdoutMu.Unlock()
	h := slog.NewTextHandler(Stdout, &slog.HandlerOptions{Level: slog.LevelDebug})
	when := l.Created.Time()
	if when.IsZero() {
		when = time.Now()
	}
	r := slog.NewRecord(when, slog.Level(l.Level), l.Message, 0)
	keys := make([]string, 0, len(l.Data))
	for k := range l.Data {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		r.AddAttrs(slog.Any(k, l.Data[k]))
	}
	_ = h.Handle(context.Background(), r)
}
