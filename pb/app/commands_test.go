package app_test

import (
	"go/parser"
	"go/token"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/app"
	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// runCommand runs the binary's command line against a data directory.
func runCommand(t *testing.T, dir string, args ...string) error {
	t.Helper()
	pb := pocketbase.NewWithConfig(pocketbase.Config{DefaultDataDir: dir, HideStartBanner: true})
	app.RegisterCommands(pb, testutil.Config())
	pb.RootCmd.SetArgs(args)
	defer pb.ClearBootstrap()
	return pb.RootCmd.Execute()
}

func TestAdminGrantAndRevokeCommand(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	pb := pocketbase.NewWithConfig(pocketbase.Config{DefaultDataDir: dir, HideStartBanner: true})
	if err := pb.Bootstrap(); err != nil {
		t.Fatal(err)
	}
	if err := pb.RunAllMigrations(); err != nil {
		t.Fatal(err)
	}
	testutil.CreateMember(t, pb, "dan", testutil.MemberOpts{})
	if err := pb.ClearBootstrap(); err != nil {
		t.Fatal(err)
	}

	isAdmin := func() bool {
		check := pocketbase.NewWithConfig(pocketbase.Config{DefaultDataDir: dir, HideStartBanner: true})
		if err := check.Bootstrap(); err != nil {
			t.Fatal(err)
		}
		defer check.ClearBootstrap()
		return testutil.FindByUsername(t, check, "dan").GetBool("isAdmin")
	}

	if err := runCommand(t, dir, "admin", "grant", "dan"); err != nil || !isAdmin() {
		t.Fatalf("grant: err=%v admin=%v", err, isAdmin())
	}
	if err := runCommand(t, dir, "admin", "revoke", "dan"); err != nil || isAdmin() {
		t.Fatalf("revoke: err=%v admin=%v", err, isAdmin())
	}
	if err := runCommand(t, dir, "admin", "grant", "nobody"); err == nil || !strings.Contains(err.Error(), "no member with that username") {
		t.Errorf("unknown member: %v", err)
	}
}

// Superusers bypass collection rules, so the dashboard at /_/ can toggle a
// member's isAdmin; members cannot (TestCollectionAPIIsLockedDown).
func TestSuperuserTogglesIsAdmin(t *testing.T) {
	t.Parallel()
	testutil.Prepared(apptest.Factory(nil, seed), tests.ApiScenario{
		Name: "superuser grants isAdmin through the collection API", Method: http.MethodPatch,
		Body: strings.NewReader(`{"isAdmin":true}`), ExpectedStatus: 200, ExpectedEvents: testutil.Writes(0, 1, 0, map[string]int{"OnRecordUpdateRequest": 1, "OnRecordEnrich": 1}), ExpectedContent: []string{`"isAdmin":true`},
		AfterTestFunc: func(t testing.TB, a *tests.TestApp, _ *http.Response) {
			if !testutil.FindByUsername(t, a, "dan").GetBool("isAdmin") {
				t.Error("isAdmin not saved")
			}
		},
	}, func(t testing.TB, a core.App, s *tests.ApiScenario) {
		supers, err := a.FindCollectionByNameOrId(core.CollectionNameSuperusers)
		if err != nil {
			t.Fatal(err)
		}
		su := core.NewRecord(supers)
		su.SetEmail("root@example.com")
		su.SetPassword("root-pass-123")
		if err := a.Save(su); err != nil {
			t.Fatal(err)
		}
		token, err := su.NewAuthToken()
		if err != nil {
			t.Fatal(err)
		}
		s.URL = "/api/collections/users/records/" + testutil.FindByUsername(t, a, "dan").Id
		s.Headers = map[string]string{"Authorization": token}
	}).Test(t)
}

// `sponsorbridge migrate create NAME` (run from the repository root) writes a
// migration that belongs to the migrations package, so the build keeps
// working (PocketBase's template would name the package after the folder).
func TestMigrateCreateWritesTheMigrationsPackage(t *testing.T) {
	root := t.TempDir()
	if err := os.Mkdir(filepath.Join(root, "pb_migrations"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(root)
	// the command asks for confirmation on standard input
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.WriteString("y\n"); err != nil {
		t.Fatal(err)
	}
	w.Close()
	stdin := os.Stdin
	os.Stdin = r
	defer func() { os.Stdin = stdin }()

	if err := runCommand(t, t.TempDir(), "migrate", "create", "add_things"); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(root, "pb_migrations", "*_add_things.go"))
	if len(files) != 1 {
		t.Fatalf("created %v", files)
	}
	src, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	f, err := parser.ParseFile(token.NewFileSet(), files[0], src, parser.PackageClauseOnly)
	if err != nil {
		t.Fatal(err)
	}
	if f.Name.Name != "migrations" {
		t.Errorf("package %s, want migrations:\n%s", f.Name.Name, src)
	}
}

// The command runs in another process than the server, whose hooks never
// hear of its write: the server must still refuse the revoked right on the
// very next request (it kept a member's record for a second; the December
// 2026 drill saw ~40 requests answered with the old right). Two apps on one
// data directory stand for the two processes.
func TestAdminRevokedFromTheCommandLineTakesEffectAtOnce(t *testing.T) {
	t.Parallel()
	server := apptest.NewApp(t, nil)
	defer server.Cleanup()
	boss := testutil.CreateMember(t, server, "boss", testutil.MemberOpts{Admin: true})
	srv := testutil.Serve(t, server)
	headers := testutil.Bearer(t, boss)

	for range 3 { // a burst: the member's record is now kept
		if res := testutil.Do(t, srv, http.MethodGet, "/api/admin/overview", "", headers); res == nil || res.StatusCode != 200 {
			t.Fatalf("an administrator's overview: %v", res)
		}
	}
	if err := runCommand(t, server.DataDir(), "admin", "revoke", "boss"); err != nil {
		t.Fatal(err)
	}
	if res := testutil.Do(t, srv, http.MethodGet, "/api/admin/overview", "", headers); res == nil || res.StatusCode != http.StatusForbidden {
		t.Errorf("the next admin request after the revoke: %v, want 403", res)
	}
	if status, body := testutil.DoRead(t, srv, http.MethodGet, "/api/user", "", headers); status != 200 || !strings.Contains(body, `"isAdmin":false`) {
		t.Errorf("the member's own record after the revoke: %d %s", status, body)
	}
}
