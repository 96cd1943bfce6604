package builtin_test

import (
	"slices"
	"testing"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/builtin"
	"sponsorbridge/pb/internal/testutil"
)

// Every route PocketBase registers is in builtin.Routes with a decided
// access, and Routes names nothing PocketBase no longer has. A PocketBase
// upgrade that adds a route fails here until someone decides who may use it.
func TestEveryBuiltinRouteIsClassified(t *testing.T) {
	t.Parallel()
	got := apptest.BuiltinRoutes(t)
	if len(got) < 40 {
		t.Fatalf("walked only %d routes: the router's layout changed", len(got))
	}
	for _, p := range got {
		if _, ok := builtin.Routes[p]; !ok {
			t.Errorf("PocketBase route %q is not in builtin.Routes: decide who may use it", p)
		}
	}
	for p := range builtin.Routes {
		if !slices.Contains(got, p) {
			t.Errorf("builtin.Routes lists %q, which PocketBase no longer registers", p)
		}
	}
}

// The app's own routes stay off PocketBase's paths, so the guard never
// mistakes one of ours for a built-in.
func TestAppRoutesAvoidBuiltinPaths(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	for _, p := range testutil.OwnRoutes(t, app, apptest.BuiltinRoutes(t)) {
		if builtin.IsBuiltinPath(p) {
			t.Errorf("app route %q lives under a PocketBase path", p)
		}
	}
}
