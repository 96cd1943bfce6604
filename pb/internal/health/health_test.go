package health_test

import (
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/health"
	"sponsorbridge/pb/internal/testutil"
)

// diskFull points the probe file at /dev/full, whose writes fail with
// ENOSPC as on a full volume (for root too, unlike a read-only mode).
func diskFull(t testing.TB, app *tests.TestApp) {
	if err := os.Symlink("/dev/full", filepath.Join(app.DataDir(), health.ProbeName)); err != nil {
		t.Fatal(err)
	}
}

func TestHealthFailsWhenTheDataDirCannotBeWritten(t *testing.T) {
	factory := apptest.Factory(nil, nil)
	scenarios := []tests.ApiScenario{
		{Name: "healthy volume", Method: http.MethodGet, URL: "/api/health", TestAppFactory: factory,
			ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`"message":"API is healthy."`},
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				if _, err := os.Lstat(filepath.Join(app.DataDir(), health.ProbeName)); !os.IsNotExist(err) {
					t.Errorf("the probe file was left behind: %v", err)
				}
			}},
		{Name: "full disk: still live (reads are served), and says writes are not", Method: http.MethodGet, URL: "/api/health",
			TestAppFactory: factory,
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) { diskFull(t, app) },
			ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{health.MsgReadOnly, `"writable":false`, `"readable":true`},
			NotExpectedContent: []string{"API is healthy"}},
		{Name: "full disk: the writes check fails", Method: http.MethodGet, URL: "/api/health?check=" + health.CheckWrites,
			TestAppFactory: factory,
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) { diskFull(t, app) },
			ExpectedStatus: 503, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{health.MsgUnwritable}, NotExpectedContent: []string{"API is healthy"}},
		{Name: "healthy volume: the writes check passes", Method: http.MethodGet, URL: "/api/health?check=" + health.CheckWrites,
			TestAppFactory: factory, ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`"message":"API is healthy."`}},
		{Name: "database closed: not live", Method: http.MethodGet, URL: "/api/health", TestAppFactory: factory,
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) {
				if err := app.ConcurrentDB().(*dbx.DB).Close(); err != nil {
					t.Fatal(err)
				}
			},
			ExpectedStatus: 503, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{health.MsgDatabase, `"readable":false`}},
		{Name: "other routes still answer on a full disk (reads work)", Method: http.MethodGet, URL: "/api/app-config",
			TestAppFactory: factory,
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) { diskFull(t, app) },
			ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`"appName":"SponsorBridge"`}},
	}
	if os.Geteuid() != 0 { // root writes through a read-only mode
		scenarios = append(scenarios, tests.ApiScenario{Name: "read-only data dir", Method: http.MethodGet, URL: "/api/health",
			TestAppFactory: factory,
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) {
				if err := os.Chmod(app.DataDir(), 0o500); err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { _ = os.Chmod(app.DataDir(), 0o700) })
			},
			ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{health.MsgReadOnly}})
	}
	for _, s := range scenarios {
		s.Test(t)
	}
}

func TestProbe(t *testing.T) {
	dir := t.TempDir()
	if err := health.Probe(dir); err != nil {
		t.Fatal(err)
	}
	if err := health.Probe(filepath.Join(dir, "missing")); err == nil {
		t.Error("a directory that does not exist passed")
	}
	if err := os.Symlink("/dev/full", filepath.Join(dir, health.ProbeName)); err != nil {
		t.Fatal(err)
	}
	if err := health.Probe(dir); err == nil {
		t.Error("a full disk passed")
	}
}
