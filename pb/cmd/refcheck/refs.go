package main

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
)

// tree is the repository being checked.
type tree struct {
	root   string
	byName map[string][]string // file name -> the files of that name, relative to root
	docs   map[string]*doc     // markdown files read so far, by path relative to root
}

// roots are the top-level folders a path in the text is taken to start from.
var roots = map[string]bool{"pb": true, "pb_migrations": true, "pb_hooks": true, "web": true,
	"docs": true, "deploy": true, ".ci": true}

var (
	// a markdown link, in a doc or a comment: its target is the group
	mdLink = regexp.MustCompile(`\[[^\]\n]*\]\(([^)\s]+)\)`)
	// docs/security.md, "Memory" / docs/security.md ("Memory" / sign-in.md "Password reset"
	sectionRef = regexp.MustCompile("([A-Za-z0-9_./-]+\\.md)`?(?:,[ \\t]*|[ \\t]*\\(|[ \\t]+)\"([^\"]{1,80})\"")
	// a run of path characters; what comes before and after decides whether it is a path
	pathToken = regexp.MustCompile(`[A-Za-z0-9_.@/-]+`)
	// the extensions of the files a bare name may refer to
	bareName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]*\.(go|md)$`)
	scheme   = regexp.MustCompile(`^[a-z][a-z0-9+.-]*:`)
)

// problem is one reference that resolves to nothing.
type problem struct {
	file string
	line int
	msg  string
}

func (p problem) String() string { return fmt.Sprintf("%s:%d: %s", p.file, p.line, p.msg) }

// checkFile lists the references in text (of the file rel) that resolve to
// nothing.
func (t *tree) checkFile(rel, text string) []problem {
	var out []problem
	bad := func(off int, format string, args ...any) {
		out = append(out, problem{rel, lineOf(text, off), fmt.Sprintf(format, args...)})
	}
	linked := map[int]bool{} // offsets of link targets, checked once as links
	for _, m := range mdLink.FindAllStringSubmatchIndex(text, -1) {
		target := text[m[2]:m[3]]
		linked[m[2]] = true
		if scheme.MatchString(target) || strings.HasPrefix(target, "/") {
			continue
		}
		file, anchor, _ := strings.Cut(target, "#")
		dest := rel
		if file != "" {
			dest = path.Join(path.Dir(rel), file)
			if !t.exists(dest) {
				bad(m[2], "link to %s: no such file", target)
				continue
			}
		}
		if anchor != "" && strings.HasSuffix(dest, ".md") {
			if d := t.doc(dest); d != nil && !d.slugs[anchor] {
				bad(m[2], "link to %s: %s has no heading with the anchor #%s", target, dest, anchor)
			}
		}
	}
	for _, m := range sectionRef.FindAllStringSubmatchIndex(text, -1) {
		dest := t.resolve(rel, text[m[2]:m[3]])
		if dest == "" || !strings.HasSuffix(dest, ".md") {
			continue // the path itself is checked below
		}
		section := squeeze(text[m[4]:m[5]])
		if d := t.doc(dest); d != nil && !d.hasSection(section) {
			bad(m[2], "%s has no section %q", dest, section)
		}
	}
	for _, m := range pathToken.FindAllStringIndex(text, -1) {
		start, end := m[0], m[1]
		if linked[start] {
			continue
		}
		tok := strings.TrimRight(text[start:end], ".-")
		if tok == "" || start > 0 && strings.ContainsRune(":~$*\\", rune(text[start-1])) ||
			end < len(text) && strings.ContainsRune("*<{$[", rune(text[end])) || strings.Contains(tok, "//") {
			continue // an address, a glob, a placeholder or a variable
		}
		if msg := t.checkPath(rel, tok); msg != "" {
			bad(start, "%s", msg)
		}
	}
	return out
}

// checkPath says what is wrong with one path-like token of the file rel, or
// "" when it resolves or is not taken for a path.
func (t *tree) checkPath(rel, tok string) string {
	if strings.Contains(tok, "@") || strings.HasPrefix(tok, "/") {
		return "" // an address, a package@version, a path on a server
	}
	relative := strings.HasPrefix(tok, "./") || strings.HasPrefix(tok, "../")
	first, _, hasSlash := strings.Cut(strings.TrimPrefix(tok, "./"), "/")
	for _, folder := range strings.Split(tok, "/") {
		if skipDirs[folder] {
			return "" // in a build's output or a data folder, absent from a fresh clone
		}
	}
	switch {
	case !hasSlash && !relative:
		if !bareName.MatchString(tok) {
			return ""
		}
		if strings.HasSuffix(tok, ".go") && kindOf(rel) == goSource && t.exists(path.Join(path.Dir(rel), tok)) {
			return ""
		}
		if len(t.byName[tok]) == 0 {
			return tok + ": no file of that name in the repository"
		}
	case roots[first] || relative:
		if t.resolve(rel, tok) == "" {
			return tok + ": no such file or folder"
		}
	case path.Ext(tok) != "":
		// relative to the file or to the web app: checked only when its first
		// folder is one of theirs (otherwise a URL's path or a server's folder)
		for _, base := range t.bases(rel) {
			if isDir(filepath.Join(t.root, base, first)) {
				if t.resolve(rel, tok) == "" {
					return tok + ": no such file"
				}
				return ""
			}
		}
	}
	return ""
}

// bases are the folders a relative path in the file rel may start from.
func (t *tree) bases(rel string) []string {
	return []string{path.Dir(rel), ".", "web", "web/src"}
}

// resolve is the file or folder p (named in the file rel) stands for,
// relative to root, or "". A path starting with one of the roots is the
// repository's (also after "./": commands run from the root); "../" and
// bare names start beside rel; other relative paths may start beside rel,
// at the root, in web/ or in web/src/.
func (t *tree) resolve(rel, p string) string {
	p = strings.TrimPrefix(p, "./")
	first, _, hasSlash := strings.Cut(p, "/")
	p = strings.TrimSuffix(p, "/")
	var candidates []string
	switch {
	case roots[first] && hasSlash:
		candidates = []string{p}
	case strings.HasPrefix(p, "../"):
		candidates = []string{path.Join(path.Dir(rel), p)}
	case !hasSlash:
		candidates = []string{path.Join(path.Dir(rel), p)}
		if len(t.byName[p]) == 1 {
			candidates = append(candidates, t.byName[p][0])
		}
	default:
		for _, base := range t.bases(rel) {
			candidates = append(candidates, path.Join(base, p))
		}
	}
	for _, c := range candidates {
		if t.exists(c) {
			return c
		}
	}
	return ""
}

func (t *tree) exists(rel string) bool {
	_, err := os.Stat(filepath.Join(t.root, filepath.FromSlash(rel)))
	return err == nil
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// squeeze joins a quotation broken over comment lines.
func squeeze(s string) string {
	var words []string
	for _, line := range strings.Split(s, "\n") {
		line = strings.TrimSpace(line)
		for _, marker := range []string{"//", "#", "*"} {
			line = strings.TrimSpace(strings.TrimPrefix(line, marker))
		}
		words = append(words, strings.Fields(line)...)
	}
	return strings.Join(words, " ")
}
