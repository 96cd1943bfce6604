package app_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"sponsorbridge/pb/app"
	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// docRoute finds "METHOD /api/..." (and the short links' "GET /l/...")
// in the API docs (tables and prose); a query string, "[...]" or
// punctuation ends the path.
var docRoute = regexp.MustCompile("\\b(GET|POST|PUT|PATCH|DELETE) (/(?:api|l)/[^\\s|`,\\[?)…]*)")

var param = regexp.MustCompile(`\{[^}]*\}`)

// normalized names every path parameter alike: the docs say {kind} where
// a route says {segment}.
func normalized(route string) string { return param.ReplaceAllString(route, "{}") }

// Every route of the route table (app.RouteTable) (PocketBase's own are in
// docs/security.md, "PocketBase's built-in routes") has its section in
// docs/api/*.md, and the docs name no route the app does not serve.
func TestTheAPIDocsMatchTheRoutes(t *testing.T) {
	t.Parallel()
	builtins := apptest.BuiltinRoutes(t)
	served := map[string]bool{normalized("GET /api/metrics"): true} // outside the table: text for Prometheus
	for _, r := range app.RouteTable(testutil.Config()) {
		served[normalized(r.Pattern())] = true
	}

	files, err := filepath.Glob("../../docs/api/*.md")
	if err != nil || len(files) == 0 {
		t.Fatalf("no API docs: %v", err)
	}
	documented := map[string]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range docRoute.FindAllStringSubmatch(string(b), -1) {
			if strings.HasSuffix(m[2], "/") { // "POST /api/conversations/…": a family, not a route
				continue
			}
			documented[normalized(m[1]+" "+m[2])] = filepath.Base(f)
		}
	}

	missing, stale := docDrift(served, documented, builtins)
	for _, p := range missing {
		t.Errorf("route %s has no section in docs/api/*.md", p)
	}
	for _, p := range stale {
		t.Errorf("the docs name %s, which the app does not serve", p)
	}
}

// docDrift compares the served routes with the documented ones (route ->
// file): missing are served but not documented, stale documented but
// neither served nor one of PocketBase's builtins.
func docDrift(served map[string]bool, documented map[string]string, builtins []string) (missing, stale []string) {
	for p := range served {
		if _, ok := documented[p]; !ok {
			missing = append(missing, p)
		}
	}
	for p, f := range documented {
		if !served[p] && !slices.Contains(builtins, p) {
			stale = append(stale, p+" ("+f+")")
		}
	}
	sort.Strings(missing)
	sort.Strings(stale)
	return missing, stale
}

// The comparison fails both ways: a route added without docs, and docs
// left naming a route that was removed (or misspelled).
func TestDocDriftFailsBothWays(t *testing.T) {
	t.Parallel()
	served := map[string]bool{"GET /api/deals/{}": true, "GET /api/sponsorships": true}
	documented := map[string]string{"GET /api/sponsorships": "listings.md", "POST /api/pledges": "pledges.md", "GET /api/health": "README.md"}
	missing, stale := docDrift(served, documented, []string{"GET /api/health"})
	if !slices.Equal(missing, []string{"GET /api/deals/{}"}) {
		t.Errorf("missing = %q, want the undocumented route", missing)
	}
	if !slices.Equal(stale, []string{"POST /api/pledges (pledges.md)"}) {
		t.Errorf("stale = %q, want the documented route nobody serves", stale)
	}
	if m, s := docDrift(served, map[string]string{"GET /api/deals/{}": "a.md", "GET /api/sponsorships": "b.md"}, nil); len(m)+len(s) != 0 {
		t.Errorf("docs that match the routes drift: %q %q", m, s)
	}
}
