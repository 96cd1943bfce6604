package main

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func write(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestCheckFindsWhatNamesNothing(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	write(t, root, map[string]string{
		"README.md": "# Intro\n\nLayout:\n\n```\npb/app/             the list\npb/gone/            moved away\n```\n" +
			"See [the API](docs/api.md#errors), [gone](docs/api.md#nowhere), [lost](docs/lost.md),\n" +
			"[a site](https://example.com/docs/x.md), docs/api.md, \"Errors\" and docs/api.md (\"Paging\n" +
			"rules\"), but docs/api.md, \"Retries\" is not there, nor is decisions.md.\n" +
			"Placeholders are no paths: pb/internal/<feature>/routes.go, web/e2e/*.spec.ts, ./bin/server.\n",
		"docs/api.md": "# API\n\n## Errors\n\n## Paging rules\n\n```\n# not a heading\n```\n",
		"pb/app/app.go": "// Package app: see rule.go beside it, gone.go nowhere, and docs/api.md#errors.\n" +
			"package app\n\nconst s = \"docs/missing.md is in a string, not a comment\"\n",
		"pb/app/rule.go":                  "package app\n",
		"web/src/lib/pb.ts":               "// beside components/Card.tsx and features/x/y.ts\nconst u = 'http://x/docs/none.md';\n",
		"web/src/lib/components/Card.tsx": "/* see web/src/lib/pb.ts and\n * web/src/lib/gone.ts */\nexport {};\n",
		"Makefile":                        "# docs/api.md and deploy/gone.yml\nall:\n\tcat web/node_modules/x.json\n",
		"web/src/features/x/y.ts":         "export {};\n",
	})
	got, err := check(root)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"Makefile:1: deploy/gone.yml: no such file or folder",
		"README.md:7: pb/gone/: no such file or folder",
		"README.md:9: link to docs/api.md#nowhere: docs/api.md has no heading with the anchor #nowhere",
		"README.md:9: link to docs/lost.md: no such file",
		"README.md:11: docs/api.md has no section \"Retries\"",
		"README.md:11: decisions.md: no file of that name in the repository",
		"pb/app/app.go:1: gone.go: no file of that name in the repository",
		"web/src/lib/components/Card.tsx:2: web/src/lib/gone.ts: no such file or folder",
	}
	if !slices.Equal(got, want) {
		t.Errorf("problems:\n%q\nwant\n%q", got, want)
	}
}

// The layout block must name every top-level folder and every one under
// pb/, pb/internal/ and pb/cmd/; naming a file or folder inside one counts.
func TestLayoutNamesEveryFolder(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	write(t, root, map[string]string{
		"README.md": "# X\n\n## Layout\n\n```\npb/main.go          start\npb/internal/paging/  lists\n" +
			"                    pb/internal/hidden/ in a description does not count\nDockerfile, fly.toml  the image\n```\n",
		"pb/main.go":                  "package main\n",
		"pb/internal/paging/p.go":     "package paging\n",
		"pb/internal/hidden/h.go":     "package hidden\n",
		"pb/cmd/tool/main.go":         "package main\n",
		"pb/internal/paging/sub/x.go": "package sub\n",
		"Dockerfile":                  "FROM scratch\n",
		"fly.toml":                    "\n",
		"web/node_modules/x/y.js":     "\n",
	})
	got, err := check(root)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"README.md:5: pb/cmd/tool/ is in the tree but not in the README's layout",
		"README.md:5: pb/internal/hidden/ is in the tree but not in the README's layout",
		"README.md:5: web/ is in the tree but not in the README's layout",
	}
	if !slices.Equal(got, want) {
		t.Errorf("problems:\n%q\nwant\n%q", got, want)
	}
}

func TestSlugs(t *testing.T) {
	t.Parallel()
	d := parseDoc("# Sign-in: e-mail `codes` & [Google](x.md)\n## Limits\n## Limits\n")
	for _, slug := range []string{"sign-in-e-mail-codes--google", "limits", "limits-1"} {
		if !d.slugs[slug] {
			t.Errorf("no anchor #%s in %v", slug, d.slugs)
		}
	}
}
