// Command refcheck fails when the repository's own text names something that
// is not there: a path (pb/internal/listings/, docs/security.md), a bare file
// name (keyword.go beside the file that names it, operations.md anywhere), a
// doc section (docs/security.md, "Memory"), or a markdown link and its
// #anchor. It reads the comments of Go, TypeScript, the Makefile and the
// deploy files, and all of every markdown file; string literals are code, not
// references, and are left alone.
//
//	go run ./pb/cmd/refcheck        # from the repository root (make lint)
//	go run ./pb/cmd/refcheck -C DIR # another tree
//
// A reference that cannot be checked is skipped rather than guessed at: a
// path with a placeholder (pb/internal/<feature>/, web/e2e/*.spec.ts), a
// relative path whose first folder exists in none of the places it could be
// relative to (a URL's path, a folder on a server), an address.
package main

import (
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

func main() {
	root := flag.String("C", ".", "the repository's root")
	flag.Parse()
	problems, err := check(*root)
	if err != nil {
		fmt.Fprintln(os.Stderr, "refcheck:", err)
		os.Exit(2)
	}
	for _, p := range problems {
		fmt.Fprintln(os.Stderr, p)
	}
	if len(problems) > 0 {
		fmt.Fprintf(os.Stderr, "refcheck: %d reference(s) name nothing in the tree\n", len(problems))
		os.Exit(1)
	}
}

// skipDirs are folders of dependencies, builds, data and pictures a run
// writes (make screenshots), never sources: a fresh clone has none of them.
var skipDirs = map[string]bool{".git": true, "node_modules": true, "pb_public": true, "bin": true,
	".tmp": true, "pb_data": true, "test-results": true, "playwright-report": true, "dist": true,
	"screenshots": true}

// check reads every source file under root and lists the references that
// resolve to nothing, as "file:line: message", sorted.
func check(root string) ([]string, error) {
	t := &tree{root: root, byName: map[string][]string{}, docs: map[string]*doc{}}
	var files []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." && (skipDirs[d.Name()] || strings.HasPrefix(d.Name(), ".") && d.Name() != ".ci") {
				return filepath.SkipDir
			}
			return nil
		}
		t.byName[d.Name()] = append(t.byName[d.Name()], rel)
		if kindOf(rel) != none {
			files = append(files, rel)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	var problems []problem
	for _, f := range files {
		raw, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			return nil, err
		}
		problems = append(problems, t.checkFile(f, references(kindOf(f), raw))...)
	}
	layout, err := layoutProblems(root)
	if err != nil {
		return nil, err
	}
	problems = append(problems, layout...)
	sort.SliceStable(problems, func(i, j int) bool {
		a, b := problems[i], problems[j]
		return a.file < b.file || a.file == b.file && a.line < b.line
	})
	out := make([]string, len(problems))
	for i, p := range problems {
		out[i] = p.String()
	}
	return out, nil
}
