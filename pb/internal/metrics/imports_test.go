package metrics_test

import (
	"go/parser"
	gotoken "go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The metrics are a leaf: features add their series (Collect, Gather), so
// this package imports none of them, directly or through another package;
// only the small utilities below. A feature it imported could not import it
// to register, and every feature counting mail or payments would depend on
// the backup through it.
func TestMetricsImportNoFeature(t *testing.T) {
	allowed := []string{"buildinfo", "config", "logline", "metrics"}
	root := moduleRoot(t)
	seen := map[string]bool{}
	var walk func(pkg, from string)
	walk = func(pkg, from string) {
		if seen[pkg] {
			return
		}
		seen[pkg] = true
		if name := strings.TrimPrefix(pkg, "sponsorbridge/pb/internal/"); !slices.Contains(allowed, name) {
			t.Errorf("pb/internal/metrics imports %s (through %s): features register with the metrics, not the other way round", pkg, from)
			return
		}
		for _, imp := range imports(t, filepath.Join(root, strings.TrimPrefix(pkg, "sponsorbridge/"))) {
			if strings.HasPrefix(imp, "sponsorbridge/") {
				walk(imp, pkg)
			}
		}
	}
	walk("sponsorbridge/pb/internal/metrics", "itself")
	if len(seen) < 2 {
		t.Fatalf("found no imports of the module's own: %v", seen) // the walk itself broke
	}
}

// imports lists what the non-test Go files of dir import.
func imports(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files in %s: %v", dir, err)
	}
	var out []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		parsed, err := parser.ParseFile(gotoken.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range parsed.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			out = append(out, path)
		}
	}
	return out
}

func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test")
		}
		dir = parent
	}
}
