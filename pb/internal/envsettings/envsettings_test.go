package envsettings_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/logger"

	"sponsorbridge/pb/internal/envsettings"
	"sponsorbridge/pb/internal/testutil"
)

// overrideLogs flushes the app's log batch and reads the override warnings.
func overrideLogs(t *testing.T, app *tests.TestApp) []*core.Log {
	t.Helper()
	if err := app.Logger().Handler().(*logger.BatchHandler).WriteAll(context.WithValue(context.Background(), logger.BlockKey, true)); err != nil {
		t.Fatal(err)
	}
	var logs []*core.Log
	if err := app.LogQuery().AndWhere(dbx.HashExp{"message": envsettings.Message}).All(&logs); err != nil {
		t.Fatal(err)
	}
	return logs
}

func TestOverridesAreLoggedNotSilent(t *testing.T) {
	cfg := testutil.Config()
	cfg.AppURL = "https://sponsorbridge.example"
	cfg.SMTPHost, cfg.SMTPPort, cfg.SMTPPassword = "smtp.example.com", 587, "env-password"
	app := testutil.NewApp(t, cfg)
	defer app.Cleanup()
	s := app.Settings()
	s.Meta.AppURL = "https://typed-in-the-dashboard.example"
	s.Logs.MaxDays = 7 // test apps keep no logs by default
	s.SMTP.Enabled, s.SMTP.Host, s.SMTP.Port, s.SMTP.Password = true, "smtp.example.com", 587, "dashboard-password"
	if err := app.Save(s); err != nil {
		t.Fatal(err)
	}
	testutil.Handler(t, app) // start: the environment's settings are applied

	if got := app.Settings().Meta.AppURL; got != cfg.AppURL {
		t.Fatalf("app URL = %q", got)
	}
	seen := map[string]string{}
	for _, l := range overrideLogs(t, app) {
		seen[fmt.Sprint(l.Data["setting"])] = fmt.Sprint(l.Data["dashboard"]) + " -> " + fmt.Sprint(l.Data["environment"])
	}
	if seen["meta.appURL"] != "https://typed-in-the-dashboard.example -> https://sponsorbridge.example" {
		t.Errorf("app URL override: %q (all: %v)", seen["meta.appURL"], seen)
	}
	if seen["smtp.password"] != "(hidden) -> (hidden)" {
		t.Errorf("password override: %q", seen["smtp.password"])
	}
	for name, change := range seen {
		if strings.Contains(change, "dashboard-password") || strings.Contains(change, "env-password") {
			t.Errorf("%s logged a secret: %s", name, change)
		}
	}
	if !strings.HasPrefix(seen["rateLimits.rules"], "4 rules -> ") {
		t.Errorf("rules override: %q", seen["rateLimits.rules"])
	}
	if _, logged := seen["smtp.host"]; logged {
		t.Error("an unchanged setting was logged as an override")
	}
}
