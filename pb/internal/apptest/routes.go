package apptest

import (
	"testing"

	"github.com/pocketbase/pocketbase/apis"

	"sponsorbridge/pb/internal/testutil"
)

// BuiltinRoutes lists PocketBase's own routes, as a pristine app (no
// feature registered) serves them. The app is made on the migrated template
// (template.go): the routes do not depend on the data, and PocketBase's own
// sample data (tests.NewTestApp) cost seconds to copy and load.
func BuiltinRoutes(t testing.TB) []string {
	t.Helper()
	dir, err := template()
	if err != nil {
		t.Fatal(err)
	}
	pristine, err := appFrom(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer pristine.Cleanup()
	r, err := apis.NewRouter(pristine)
	if err != nil {
		t.Fatal(err)
	}
	return testutil.RoutePatterns(r)
}
