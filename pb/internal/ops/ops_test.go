package ops_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/tools/logger"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/logline"
	"sponsorbridge/pb/internal/testutil"
)

func TestWarningsAndErrorsReachStdout(t *testing.T) {
	var out bytes.Buffer
	defer logline.SetOutput(&out)()
	cfg := testutil.Config()
	cfg.LogsMaxDays = 9
	app := apptest.NewApp(t, cfg)
	defer app.Cleanup()
	testutil.Handler(t, app) // start: log retention applied
	if got := app.Settings().Logs.MaxDays; got != 9 {
		t.Fatalf("logs.maxDays = %d, want LOGS_MAX_DAYS", got)
	}

	app.Logger().Info("routine start-up chatter")
	app.Logger().Warn("notify: e-mail failed", "user", "u1", "error", "dial tcp: refused")
	app.Logger().Error("GET /api/listings", "type", "request", "status", 500, "error", "database is locked")
	app.Logger().Error("GET /api/nothing-here", "type", "request", "status", 404)
	if err := app.Logger().Handler().(*logger.BatchHandler).WriteAll(context.WithValue(context.Background(), logger.BlockKey, true)); err != nil {
		t.Fatal(err)
	}

	got := out.String()
	for _, want := range []string{`level=WARN msg="notify: e-mail failed" error="dial tcp: refused" user=u1`,
		`level=ERROR msg="GET /api/listings" error="database is locked" status=500 type=request`} {
		if !strings.Contains(got, want) {
			t.Errorf("stdout lacks %q:\n%s", want, got)
		}
	}
	for _, notWant := range []string{"routine start-up chatter", "nothing-here"} {
		if strings.Contains(got, notWant) {
			t.Errorf("stdout has %q:\n%s", notWant, got)
		}
	}
}
