package search_test

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// pb/search is a library: it, its tests and searchtest import the standard
// library, roaring and themselves, never PocketBase or the app (whose
// listing tables pb/internal/listings maps onto the engine). golangci-lint's
// depguard rule (.golangci.yml) says the same to editors.
func TestTheLibraryImportsNoApplication(t *testing.T) {
	t.Parallel()
	for _, dir := range []string{".", "searchtest"} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no Go files in %s: %v", dir, err)
		}
		for _, f := range files {
			parsed, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range parsed.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				if !libraryImport(path) {
					t.Errorf("%s imports %s: the search library may import only the standard library, roaring and itself", f, path)
				}
			}
		}
	}
}

func libraryImport(path string) bool {
	switch {
	case path == "sponsorbridge/pb/search" || strings.HasPrefix(path, "sponsorbridge/pb/search/"):
		return true
	case strings.HasPrefix(path, "github.com/RoaringBitmap/roaring/"):
		return true
	}
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".") && first != "sponsorbridge" // the standard library
}
