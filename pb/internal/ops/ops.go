// Package ops holds the server's operational settings: how long logs are
// kept, warnings and errors copied to stdout (so `fly logs` shows them, not
// only the dashboard's log database), the start-up warnings about
// production settings that are missing, and the start line.
package ops

import (
	"context"
	"log/slog"
	"sort"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/envsettings"
	"sponsorbridge/pb/internal/logline"
)

// Register binds the operational settings, the stdout copy of the logs and
// the start line.
func Register(app core.App, cfg *config.Config) {
	logline.Install()
	bindStart(app, cfg)
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
				logline.Announce(se.App, slog.LevelWarn, "Settings are stored unencrypted: set "+config.EncryptionEnv+
					" (32 characters) so that secrets saved in the dashboard (SMTP password, OAuth2 secrets) are encrypted at rest.")
			}
			if cfg.RequestLogsPerSecond > 0 {
				se.Router.Bind(RequestLogBudget(cfg.RequestLogsPerSecond))
			}
			return se.Next()
		},
	})
	BindStdout(app)
}

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
	if slog.Level(l.Level) < slog.LevelWarn || logline.AlreadyPrinted(l.Message) {
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

// copied is the format of every stdout line (pb/internal/logline).
var copied = logline.Handler(slog.LevelDebug)

func print(l *core.Log) {
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
	_ = copied.Handle(context.Background(), r)
}
