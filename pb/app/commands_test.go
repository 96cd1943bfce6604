package app_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/app"
	"sponsorbridge/pb/internal/testutil"
)

// runCommand runs the binary's command line against a data directory.
func runCommand(t *testing.T, dir string, args ...string) error {
	t.Helper()
	pb := pocketbase.NewWithConfig(pocketbase.Config{DefaultDataDir: dir, HideStartBanner: true})
	app.RegisterCommands(pb, testutil.Config())
	pb.RootCmd.SetArgs(args)
	defer pb.ResetBootstrapState()
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
	if err := pb.ResetBootstrapState(); err != nil {
		t.Fatal(err)
	}

	isAdmin := func() bool {
		check := pocketbase.NewWithConfig(pocketbase.Config{DefaultDataDir: dir, HideStartBanner: true})
		if err := check.Bootstrap(); err != nil {
			t.Fatal(err)
		}
		defer check.ResetBootstrapState()
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
	testutil.Prepared(testutil.Factory(nil, seed), tests.ApiScenario{
		Name: "superuser grants isAdmin through the collection API", Method: http.MethodPatch,
		Body: strings.NewReader(`{"isAdmin":true}`), ExpectedStatus: 200, ExpectedContent: []string{`"isAdmin":true`},
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
