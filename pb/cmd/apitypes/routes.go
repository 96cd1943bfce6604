package main

import (
	"bytes"
	"fmt"
	"net/http"
	"reflect"
	"runtime"
	"strings"

	"sponsorbridge/pb/app"
	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/route"
)

// table is the route table the types are read from: the sandbox's, which
// has every route (with live keys /api/payments/sandbox/pay does not exist;
// with payments off the routes are the same as in the sandbox).
func table() []route.Route { return app.RouteTable(&config.Config{SandboxOptIn: true}) }

// Answers that are not JSON. A file, a redirect and a page are reached by a
// link, not called: their routes are not in ApiRoutes. NoContent answers
// nothing (undefined).
var (
	noContent = route.Of[route.NoContent]()
	links     = map[reflect.Type]bool{route.Of[route.File](): true, route.Of[route.Redirect](): true, route.Of[route.Page](): true}
)

// roots are the types the table names: every row's answer and body (a
// slice stands for its element). The types they use follow.
func roots(rows []route.Route) (answers, bodies []reflect.Type) {
	for _, r := range rows {
		answers = appendRoot(answers, r.Out)
		bodies = appendRoot(bodies, r.In)
	}
	return answers, bodies
}

func appendRoot(out []reflect.Type, t reflect.Type) []reflect.Type {
	for t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Pointer) {
		t = t.Elem()
	}
	if t != nil && t.Kind() == reflect.Struct && t != noContent && !links[t] {
		out = append(out, t)
	}
	return out
}

// feature is the package a row's handler is in ("deals"), read from the
// function's name.
func feature(r route.Route) string {
	name := runtime.FuncForPC(reflect.ValueOf(r.Handler).Pointer()).Name()
	name, _, _ = strings.Cut(name, "[") // a generic function's type arguments hold paths too
	name = name[strings.LastIndexByte(name, '/')+1:]
	pkg, _, _ := strings.Cut(name, ".")
	return pkg
}

// declared are the features whose rows name their bodies: at least one row
// of theirs has an In. In the others (the rows were written before In was,
// issue 38) a row without In may still read a body, so its body is typed
// unknown until the feature declares it; in a declared feature a row
// without In reads none.
func declared(rows []route.Route) map[string]bool {
	out := map[string]bool{}
	for _, r := range rows {
		if r.In != nil {
			out[feature(r)] = true
		}
	}
	return out
}

// writeRoutes writes ApiRoutes, every JSON route of the table by its
// pattern with the body it reads and the answer it gives, and the helper
// types the web app's API client reads them with (web/src/lib/api.ts).
func (g *generator) writeRoutes(out *bytes.Buffer, rows []route.Route) error {
	known := declared(rows)
	out.WriteString("/**\n * Every route of the route table (pb/app/routes.go) that answers JSON or nothing, by \"METHOD /path\": the body it\n" +
		" * reads (undefined: none; FormData: a file upload; unknown: its feature does not declare bodies yet) and its answer\n" +
		" * (undefined: 204). Routes answering a file, a redirect or a page are links, not calls, and are not here.\n */\n")
	out.WriteString("export interface ApiRoutes {\n")
	for _, r := range rows {
		if links[r.Out] {
			continue
		}
		body, err := g.body(r, known[feature(r)])
		if err != nil {
			return fmt.Errorf("%s: body: %w", r.Pattern(), err)
		}
		answer := "undefined"
		if r.Out != noContent {
			if answer, err = g.tsType(r.Out, "", false); err != nil {
				return fmt.Errorf("%s: answer: %w", r.Pattern(), err)
			}
		}
		fmt.Fprintf(out, "  '%s': { body: %s; answer: %s }\n", r.Pattern(), body, answer)
	}
	out.WriteString("}\n\n")
	out.WriteString("/** A route's key in ApiRoutes: \"METHOD /path\" as the table writes it. */\n" +
		"export type ApiRoute = keyof ApiRoutes\n\n" +
		"/** The body route R reads. */\n" +
		"export type ApiBody<R extends ApiRoute> = ApiRoutes[R]['body']\n\n" +
		"/** What route R answers. */\n" +
		"export type ApiAnswer<R extends ApiRoute> = ApiRoutes[R]['answer']\n\n")
	return nil
}

// body is the TypeScript type of what r reads; known tells whether r's
// feature declares its bodies.
func (g *generator) body(r route.Route, known bool) (string, error) {
	var types []string
	if r.Upload > 0 {
		types = append(types, "FormData")
	}
	switch {
	case r.In != nil:
		t, err := g.tsType(r.In, "", false)
		if err != nil {
			return "", err
		}
		types = append(types, t)
	case r.Method == http.MethodGet || known:
		if len(types) == 0 {
			types = append(types, "undefined")
		}
	default:
		types = []string{"unknown"}
	}
	return strings.Join(types, " | "), nil
}
