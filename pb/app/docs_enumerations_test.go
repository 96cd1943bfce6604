package app_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"sponsorbridge/pb/app"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/testutil"
	"sponsorbridge/pb/search"
)

// The docs repeat some of the code's lists: the environment variables (the
// README's configuration table), the listing filter's fields (docs/search.md,
// "What it answers"), the list routes' parameters (docs/api/listings.md),
// the per-member limits (docs/security.md, "Limits") and the web app's
// feature folders (web/README.md). These tests hold each list to the code
// both ways, as TestTheAPIDocsMatchTheRoutes does for the routes.

// configRead finds the variables pb/internal/config reads: the first
// argument of its env readers, and EncryptionEnv.
var configRead = regexp.MustCompile(`(?:\benv|secret|boolEnv|intEnv|duration|positiveInt)\("([A-Z][A-Z0-9_]*)"|EncryptionEnv\s*=\s*"([A-Z][A-Z0-9_]*)"`)

// backticked finds `NAME` in a table cell.
var backticked = regexp.MustCompile("`([^`]+)`")

// notConfig are the README's variables that pb/internal/config does not
// read, with who does.
var notConfig = map[string]string{
	"GOMEMLIMIT":  "the Go runtime",
	"SB_DATA_DIR": "deploy/entrypoint.sh",
}

func TestTheReadmeConfigurationTableMatchesTheConfig(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("../internal/config/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no config package: %v", err)
	}
	var read []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range configRead.FindAllStringSubmatch(string(b), -1) {
			read = append(read, m[1]+m[2])
		}
	}
	if len(read) < 40 {
		t.Fatalf("found only %d variables in pb/internal/config: its readers changed", len(read))
	}

	rows := tableRows(t, "../../README.md", "## Configuration")
	var documented []string
	for _, row := range rows {
		for _, m := range backticked.FindAllStringSubmatch(row[0], -1) {
			documented = append(documented, m[1])
		}
	}
	missing, stale := listDrift(read, documented, notConfig)
	for _, v := range missing {
		t.Errorf("pb/internal/config reads %s, which has no row in the README's configuration table", v)
	}
	for _, v := range stale {
		t.Errorf("the README's configuration table names %s, which pb/internal/config does not read", v)
	}
}

// goName is a field name in a table cell: `Keyword`, `ReliableOnly`.
var goName = regexp.MustCompile(`^[A-Z][A-Za-z]*$`)

func TestTheSearchDocsNameEveryFilterField(t *testing.T) {
	t.Parallel()
	var fields []string
	for _, f := range reflect.VisibleFields(reflect.TypeFor[search.Filter]()) {
		if f.IsExported() {
			fields = append(fields, f.Name)
		}
	}

	rows := tableRows(t, "../../docs/search.md", "## What it answers")
	var documented []string
	for _, row := range rows {
		for _, m := range backticked.FindAllStringSubmatch(row[0], -1) {
			if goName.MatchString(m[1]) {
				documented = append(documented, m[1])
			}
		}
	}
	missing, stale := listDrift(fields, documented, nil)
	for _, f := range missing {
		t.Errorf("search.Filter.%s has no row in docs/search.md, \"What it answers\"", f)
	}
	for _, f := range stale {
		t.Errorf("docs/search.md, \"What it answers\", names %s, which search.Filter does not have", f)
	}

	// Each declared filter field (listings.FilterFields) has its row, naming
	// its list parameter (`reliable` or `reliable=true`) and its
	// search.Filter field together.
	for _, d := range listings.FilterFields {
		found := false
		for _, row := range rows {
			var param, field bool
			for _, m := range backticked.FindAllStringSubmatch(row[0], -1) {
				name, _, _ := strings.Cut(m[1], "=")
				param = param || name == d.Param
				field = field || m[1] == d.Filter
			}
			found = found || param && field
		}
		if !found {
			t.Errorf("the filter field %s (search.Filter.%s) has no row in docs/search.md, \"What it answers\", naming both", d.Param, d.Filter)
		}
	}
}

// The feature folders of the web app (web/src/features/*) are each named in
// web/README.md's "Features:" paragraph, and it names no other.
func TestTheWebReadmeNamesEveryFeatureFolder(t *testing.T) {
	t.Parallel()
	entries, err := os.ReadDir("../../web/src/features")
	if err != nil {
		t.Fatal(err)
	}
	var folders []string
	for _, e := range entries {
		if e.IsDir() {
			folders = append(folders, e.Name())
		}
	}
	if len(folders) < 10 {
		t.Fatalf("found only %d feature folders: the web app's layout changed", len(folders))
	}

	b, err := os.ReadFile("../../web/README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, paragraph, ok := strings.Cut(string(b), "\nFeatures: ")
	if !ok {
		t.Fatal(`web/README.md has no "Features:" paragraph`)
	}
	paragraph, _, _ = strings.Cut(paragraph, "\n\n")
	// a feature is the backticked name that opens an item: "`listings` (the
	// listing screen, filters in the URL, ...)"; names inside parentheses
	// are what the feature holds.
	var named []string
	depth := 0
	for i := 0; i < len(paragraph); i++ {
		switch paragraph[i] {
		case '(':
			depth++
		case ')':
			depth--
		case '`':
			end := strings.IndexByte(paragraph[i+1:], '`')
			if end < 0 {
				t.Fatal("web/README.md, Features: a backtick is not closed")
			}
			if depth == 0 {
				named = append(named, paragraph[i+1:i+1+end])
			}
			i += end + 1
		}
	}
	missing, stale := listDrift(folders, named, nil)
	for _, f := range missing {
		t.Errorf("web/src/features/%s is not named in web/README.md's Features paragraph", f)
	}
	for _, f := range stale {
		t.Errorf("web/README.md's Features paragraph names %s, which is not a folder of web/src/features", f)
	}
}

// listParameterFiles read the list routes' query parameters: ParseList and
// what it calls, and the paging every list shares; the filter fields'
// parameters are listings.FilterFields'.
var listParameterFiles = []string{"../internal/listings/filter.go", "../internal/paging/paging.go"}

// Every query parameter the list routes read has its row in
// docs/api/listings.md, "List query parameters", and the table names no
// other. The parameters are found in the code as the string literals of
// v.Get("q"), v["categories"] and helper(v, "minAmount", ...): the forms
// url.Values is read in there.
func TestTheListingDocsNameEveryListParameter(t *testing.T) {
	t.Parallel()
	var read []string
	for _, f := range listParameterFiles {
		read = append(read, queryParameters(t, f)...)
	}
	for _, d := range listings.FilterFields {
		read = append(read, d.Param)
	}
	if len(read) < 10 {
		t.Fatalf("found only %d list parameters: the way they are read changed", len(read))
	}

	var documented []string
	for _, row := range tableRows(t, "../../docs/api/listings.md", "### List query parameters") {
		for _, m := range backticked.FindAllStringSubmatch(row[0], -1) {
			documented = append(documented, m[1])
		}
	}
	missing, stale := listDrift(read, documented, nil)
	for _, p := range missing {
		t.Errorf("the list routes read ?%s=, which has no row in docs/api/listings.md, \"List query parameters\"", p)
	}
	for _, p := range stale {
		t.Errorf("docs/api/listings.md, \"List query parameters\", names %s, which the list routes do not read", p)
	}
}

// queryParameters lists the string literals file reads url.Values with:
// v.Get("name"), v["name"], and a call whose first argument is v and whose
// second is "name" (yesNo(v, "verified")), where v is any parameter of
// type url.Values in that file.
func queryParameters(t *testing.T, file string) []string {
	t.Helper()
	parsed, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	values := map[string]bool{} // names of url.Values parameters
	ast.Inspect(parsed, func(n ast.Node) bool {
		if field, ok := n.(*ast.Field); ok {
			if sel, ok := field.Type.(*ast.SelectorExpr); ok && sel.Sel.Name == "Values" {
				if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "url" {
					for _, name := range field.Names {
						values[name.Name] = true
					}
				}
			}
		}
		return true
	})
	isValues := func(e ast.Expr) bool {
		id, ok := e.(*ast.Ident)
		return ok && values[id.Name]
	}
	var names []string
	add := func(e ast.Expr) {
		if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			if name, err := strconv.Unquote(lit.Value); err == nil && !slices.Contains(names, name) {
				names = append(names, name)
			}
		}
	}
	ast.Inspect(parsed, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IndexExpr:
			if isValues(n.X) {
				add(n.Index)
			}
		case *ast.CallExpr:
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Get" && isValues(sel.X) && len(n.Args) == 1 {
				add(n.Args[0])
			}
			if len(n.Args) >= 2 && isValues(n.Args[0]) {
				add(n.Args[1])
			}
		}
		return true
	})
	return names
}

// limitOf reads "20 per minute" in a table cell.
var limitOf = regexp.MustCompile(`(\d+) per (minute|hour|day)`)

// limit is one per-member rule as the docs say it: max requests a window.
type limit struct {
	max    int
	window time.Duration
}

func (l limit) String() string { return fmt.Sprintf("%d per %v", l.max, l.window) }

// Every per-member limit (the route table's PerMember) has its route in the table of
// docs/security.md, "Limits", with the same numbers, and the table names no
// route without one.
func TestTheSecurityDocsListEveryMemberLimit(t *testing.T) {
	t.Parallel()
	window := map[string]time.Duration{"minute": time.Minute, "hour": time.Hour, "day": 24 * time.Hour}
	documented := map[string][]limit{}
	var routes []string
	for _, row := range tableRows(t, "../../docs/security.md", "## Limits") {
		if len(row) < 2 {
			continue
		}
		var said []limit
		for _, m := range limitOf.FindAllStringSubmatch(row[1], -1) {
			n, _ := strconv.Atoi(m[1])
			said = append(said, limit{n, window[m[2]]})
		}
		for _, m := range backticked.FindAllStringSubmatch(row[0], -1) {
			if method, path, _ := strings.Cut(m[1], " "); strings.HasPrefix(path, "/api/") && method == strings.ToUpper(method) {
				documented[m[1]] = said
				routes = append(routes, m[1])
			}
		}
	}

	var limited []string
	for _, r := range app.RouteTable(testutil.Config()) {
		route, rules := r.Pattern(), r.PerMember
		if len(rules) == 0 {
			continue
		}
		limited = append(limited, route)
		said, ok := documented[route]
		if !ok {
			continue
		}
		var want []limit
		for _, r := range rules {
			want = append(want, limit{r.Max, r.Window})
		}
		if !slices.Equal(said, want) {
			t.Errorf("docs/security.md, \"Limits\", gives %s %v; the route table %v", route, said, want)
		}
	}
	missing, stale := listDrift(limited, routes, nil)
	for _, r := range missing {
		t.Errorf("%s has a per-member limit but no row in docs/security.md, \"Limits\"", r)
	}
	for _, r := range stale {
		t.Errorf("docs/security.md, \"Limits\", names %s, which has no per-member limit", r)
	}
}

// tableRows returns the cells of the first markdown table below heading in
// file, header and separator left out.
func tableRows(t *testing.T, file, heading string) [][]string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(b), "\n"+heading+"\n")
	if !ok {
		t.Fatalf("%s has no %q", file, heading)
	}
	var rows [][]string
	for _, line := range strings.Split(section, "\n") {
		if strings.HasPrefix(line, "#") {
			break
		}
		if !strings.HasPrefix(line, "|") {
			if len(rows) > 0 {
				break
			}
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		rows = append(rows, cells)
	}
	if len(rows) < 3 {
		t.Fatalf("%s, %q: no table", file, heading)
	}
	return rows[2:]
}

// listDrift compares what the code holds with what a doc lists: missing
// are in the code but not the doc, stale in the doc but neither in the
// code nor among the exceptions.
func listDrift(code, doc []string, exceptions map[string]string) (missing, stale []string) {
	for _, c := range code {
		if !slices.Contains(doc, c) && !slices.Contains(missing, c) {
			missing = append(missing, c)
		}
	}
	for _, d := range doc {
		if _, ok := exceptions[d]; !slices.Contains(code, d) && !ok && !slices.Contains(stale, d) {
			stale = append(stale, d)
		}
	}
	sort.Strings(missing)
	sort.Strings(stale)
	return missing, stale
}

// The comparison fails both ways, and the exceptions only excuse the doc.
func TestListDriftFailsBothWays(t *testing.T) {
	t.Parallel()
	missing, stale := listDrift([]string{"A", "B"}, []string{"B", "C", "X"}, map[string]string{"X": "elsewhere"})
	if !slices.Equal(missing, []string{"A"}) || !slices.Equal(stale, []string{"C"}) {
		t.Errorf("missing = %q, stale = %q; want [A] and [C]", missing, stale)
	}
	if m, s := listDrift([]string{"A"}, []string{"A"}, nil); len(m)+len(s) != 0 {
		t.Errorf("a doc that matches drifts: %q %q", m, s)
	}
}
