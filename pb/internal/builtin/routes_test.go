package builtin_test

import (
	"reflect"
	"slices"
	"testing"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/router"

	"sponsorbridge/pb/internal/builtin"
	"sponsorbridge/pb/internal/testutil"
)

// routePatterns lists a router's routes as "METHOD /path", the way the
// router hands them to net/http. The router keeps its children unexported,
// hence reflection (read only).
func routePatterns(r *router.Router[*core.RequestEvent]) []string {
	var out []string
	var walk func(v reflect.Value, prefix string)
	walk = func(v reflect.Value, prefix string) {
		for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
			v = v.Elem()
		}
		if v.FieldByName("Action").IsValid() { // a route
			p := prefix + v.FieldByName("Path").String()
			if m := v.FieldByName("Method").String(); m != "" {
				p = m + " " + p
			}
			out = append(out, p)
			return
		}
		children := v.FieldByName("children")
		for i := range children.Len() {
			walk(children.Index(i), prefix+v.FieldByName("Prefix").String())
		}
	}
	walk(reflect.ValueOf(r.RouterGroup), "")
	return out
}

// Every route PocketBase registers is in builtin.Routes with a decided
// access, and Routes names nothing PocketBase no longer has. A PocketBase
// upgrade that adds a route fails here until someone decides who may use it.
func TestEveryBuiltinRouteIsClassified(t *testing.T) {
	app, err := tests.NewTestApp()
	if err != nil {
		t.Fatal(err)
	}
	defer app.Cleanup()
	r, err := apis.NewRouter(app)
	if err != nil {
		t.Fatal(err)
	}
	got := routePatterns(r)
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
	app := testutil.NewApp(t, nil)
	defer app.Cleanup()
	r, err := apis.NewRouter(app)
	if err != nil {
		t.Fatal(err)
	}
	builtins := routePatterns(r)
	se := &core.ServeEvent{App: app, Router: r}
	if err := app.OnServe().Trigger(se, func(*core.ServeEvent) error { return nil }); err != nil {
		t.Fatal(err)
	}
	for _, p := range routePatterns(r) {
		if slices.Contains(builtins, p) {
			continue
		}
		if builtin.IsBuiltinPath(p) {
			t.Errorf("app route %q lives under a PocketBase path", p)
		}
	}
}
