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

	"sponsorbridge/pb/internal/apptest"
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
	app := apptest.NewApp(t, cfg)
	defer app.Cleanup()
	s := app.Settings()
	s.Meta.AppURL = "https://typed-in-the-dashboard.example"
	s.Logs.MaxDays = 7 // test apps keep no logs by default
	s.SMTP.Enabled, s.SMTP.Host, s.SMTP.Port, s.SMTP.Password = true, "smtp.example.com", 587, "dashboard-password"
	s.RateLimits.Rules = []core.RateLimitRule{{Label: "/api/", MaxRequests: 50, Duration: 10}, {Label: "*:auth", MaxRequests: 1, Duration: 3}}
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
	if !strings.HasPrefix(seen["rateLimits.rules"], "2 rules -> ") {
		t.Errorf("rules override: %q", seen["rateLimits.rules"])
	}
	if _, logged := seen["smtp.host"]; logged {
		t.Error("an unchanged setting was logged as an override")
	}
}

// A value nobody typed into the dashboard is no override: PocketBase's
// defaults on a fresh data directory, and the environment's own value of
// the previous start when a variable changes between deploys.
func TestDefaultsAndEarlierEnvironmentValuesAreNoOverride(t *testing.T) {
	cfg := testutil.Config()
	cfg.AppURL = "https://first.example"
	cfg.TrustedProxyHeaders = []string{"Fly-Client-IP"}
	// a secret is absent from the defaults' JSON: its default is empty, not unknown
	cfg.SMTPHost, cfg.SMTPPort, cfg.SMTPPassword = "smtp.example.com", 587, "env-password"
	first := apptest.NewApp(t, cfg)
	defer first.Cleanup()
	keepLogs(t, first)
	testutil.Handler(t, first) // first start: every setting is PocketBase's default
	if logs := overrideLogs(t, first); len(logs) != 0 {
		t.Errorf("a fresh start logged %d overrides: %v", len(logs), describe(logs))
	}

	// the next deploy moves APP_URL and the proxy header; nobody used the dashboard
	next := *cfg
	next.AppURL = "https://second.example"
	next.TrustedProxyHeaders = []string{"X-Real-IP"}
	second := apptest.NewAppFromDir(t, first.DataDir(), &next)
	defer second.Cleanup()
	keepLogs(t, second) // test apps start with logs off
	clearLogs(t, second)
	testutil.Handler(t, second)
	if got := second.Settings().Meta.AppURL; got != next.AppURL {
		t.Fatalf("app URL = %q", got)
	}
	if logs := overrideLogs(t, second); len(logs) != 0 {
		t.Errorf("a changed variable was logged as a dashboard override: %v", describe(logs))
	}

	// then someone types a URL into the dashboard: the third start says so
	s := second.Settings()
	s.Meta.AppURL = "https://typed.example"
	if err := second.Save(s); err != nil {
		t.Fatal(err)
	}
	third := apptest.NewAppFromDir(t, second.DataDir(), &next)
	defer third.Cleanup()
	keepLogs(t, third)
	clearLogs(t, third)
	testutil.Handler(t, third)
	got := describe(overrideLogs(t, third))
	if len(got) != 1 || got[0] != "meta.appURL: https://typed.example -> https://second.example" {
		t.Errorf("overrides after a dashboard change: %v", got)
	}
}

// keepLogs turns on the log database (test apps keep none) the way an
// operator's data directory has it: PocketBase's default is 5 days.
func keepLogs(t *testing.T, app *tests.TestApp) {
	t.Helper()
	s := app.Settings()
	s.Logs.MaxDays = 5
	if err := app.Save(s); err != nil {
		t.Fatal(err)
	}
}

func clearLogs(t *testing.T, app *tests.TestApp) {
	t.Helper()
	if _, err := app.AuxNonconcurrentDB().NewQuery("DELETE FROM {{_logs}}").Execute(); err != nil {
		t.Fatal(err)
	}
}

func describe(logs []*core.Log) []string {
	out := make([]string, 0, len(logs))
	for _, l := range logs {
		out = append(out, fmt.Sprintf("%v: %v -> %v", l.Data["setting"], l.Data["dashboard"], l.Data["environment"]))
	}
	return out
}
