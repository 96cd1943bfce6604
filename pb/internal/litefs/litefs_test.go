package litefs_test

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/litefs"
	"sponsorbridge/pb/internal/testutil"
)

func TestWritesOnAReplicaAreReplayedToThePrimary(t *testing.T) {
	dir := t.TempDir()
	cfg := testutil.Config()
	cfg.LiteFSDir = dir
	factory := testutil.Factory(cfg, nil)
	replica := func(testing.TB, *tests.TestApp, *core.ServeEvent) {
		if err := os.WriteFile(filepath.Join(dir, litefs.PrimaryFile), []byte("3d8d9e1c2f4a78\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	primary := func(testing.TB, *tests.TestApp, *core.ServeEvent) {
		_ = os.Remove(filepath.Join(dir, litefs.PrimaryFile))
	}
	register := `{"displayName":"Rep","username":"replica1","password":"member-pass-1"}`
	noMember := func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		if _, err := app.FindFirstRecordByData("users", "username", "replica1"); err == nil {
			t.Error("a replica wrote the member")
		}
	}
	for _, s := range []tests.ApiScenario{
		{Name: "replica: a write is replayed on the primary, nothing written here", Method: http.MethodPost, URL: "/api/register",
			Body: strings.NewReader(register), Headers: map[string]string{"Origin": testutil.Origin}, BeforeTestFunc: replica,
			ExpectedStatus: 409, ExpectedContent: []string{litefs.MsgReplica}, AfterTestFunc: func(t testing.TB, app *tests.TestApp, r *http.Response) {
				if got := r.Header.Get("fly-replay"); got != "instance=3d8d9e1c2f4a78" {
					t.Errorf("fly-replay = %q", got)
				}
				noMember(t, app, r)
			}},
		{Name: "replica: a delete is replayed too", Method: http.MethodDelete, URL: "/api/user", BeforeTestFunc: replica,
			ExpectedStatus: 409, ExpectedContent: []string{litefs.MsgReplica}},
		{Name: "replica: reads stay local", Method: http.MethodGet, URL: "/api/app-config", BeforeTestFunc: replica,
			ExpectedStatus: 200, ExpectedContent: []string{`"appName":"SponsorBridge"`},
			AfterTestFunc: func(t testing.TB, _ *tests.TestApp, r *http.Response) {
				if r.Header.Get("fly-replay") != "" {
					t.Error("a read was replayed")
				}
			}},
		{Name: "primary: the write runs here", Method: http.MethodPost, URL: "/api/register",
			Body: strings.NewReader(register), Headers: map[string]string{"Origin": testutil.Origin}, BeforeTestFunc: primary,
			ExpectedStatus: 201, ExpectedContent: []string{`"username":"replica1"`},
			AfterTestFunc: func(t testing.TB, _ *tests.TestApp, r *http.Response) {
				if r.Header.Get("fly-replay") != "" {
					t.Error("the primary replayed its own write")
				}
			}},
	} {
		s.TestAppFactory = factory
		s.Test(t)
	}
}

func TestStateChanging(t *testing.T) {
	for _, c := range []struct {
		method, path string
		want         bool
	}{
		{"GET", "/api/sponsorships", false}, {"HEAD", "/", false}, {"OPTIONS", "/api/login", false},
		{"POST", "/api/login", true}, {"PATCH", "/api/user", true}, {"PUT", "/api/x", true}, {"DELETE", "/api/user", true},
		{"POST", "/api/realtime", false},
	} {
		r, _ := http.NewRequest(c.method, "http://x"+c.path, nil)
		if got := litefs.StateChanging(r); got != c.want {
			t.Errorf("%s %s: %v", c.method, c.path, got)
		}
	}
}

func TestPrimary(t *testing.T) {
	dir := t.TempDir()
	if name, replica, err := litefs.Primary(dir); name != "" || replica || err != nil {
		t.Fatalf("no file (the primary): %q %v %v", name, replica, err)
	}
	_ = os.WriteFile(filepath.Join(dir, litefs.PrimaryFile), []byte("machine-a\n"), 0o644)
	if name, replica, err := litefs.Primary(dir); name != "machine-a" || !replica || err != nil {
		t.Fatalf("replica: %q %v %v", name, replica, err)
	}
}
