package testutil_test

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// testutil stays below the app: it never imports pb/app (or pb/internal/
// apptest, which does), so a package that pb/app registers can use it in
// its own tests. golangci-lint's depguard rule (.golangci.yml) says the
// same to editors.
func TestTestutilImportsNoApp(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files: %v", err)
	}
	for _, f := range files {
		parsed, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range parsed.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if path == "sponsorbridge/pb/app" || strings.HasPrefix(path, "sponsorbridge/pb/app/") ||
				path == "sponsorbridge/pb/internal/apptest" {
				t.Errorf("%s imports %s: testutil stays below the app (test apps are apptest's)", f, path)
			}
		}
	}
}
