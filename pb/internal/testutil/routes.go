package testutil

import (
	"reflect"
	"slices"
	"testing"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/router"
)

// RoutePatterns lists a router's routes as "METHOD /path", the way the
// router hands them to net/http (and the way e.Request.Pattern names them).
// The router keeps its children unexported, hence reflection (read only).
func RoutePatterns(r *router.Router[*core.RequestEvent]) []string {
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

// OwnRoutes lists the routes the app's features add to PocketBase's
// (builtins, from apptest.BuiltinRoutes).
func OwnRoutes(t testing.TB, app *tests.TestApp, builtins []string) []string {
	t.Helper()
	var own []string
	for _, p := range AppRoutes(t, app) {
		if !slices.Contains(builtins, p) {
			own = append(own, p)
		}
	}
	return own
}

// AppRoutes lists every route of the app: PocketBase's and the features'.
func AppRoutes(t testing.TB, app *tests.TestApp) []string {
	t.Helper()
	r, err := apis.NewRouter(app)
	if err != nil {
		t.Fatal(err)
	}
	se := &core.ServeEvent{App: app, Router: r}
	if err := app.OnServe().Trigger(se, func(*core.ServeEvent) error { return nil }); err != nil {
		t.Fatal(err)
	}
	return RoutePatterns(r)
}
