package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// doc is what a markdown file offers to references: its headings and their
// anchors.
type doc struct {
	headings []string        // the text of each heading, as shown
	slugs    map[string]bool // the anchors GitHub gives them
}

var (
	atxHeading = regexp.MustCompile(`^ {0,3}#{1,6}[ \t]+(.*?)[ \t#]*$`)
	fence      = regexp.MustCompile("^ {0,3}(```|~~~)")
	inlineLink = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)
)

// doc reads the markdown file rel (relative to root) once; nil when it
// cannot be read (its path is reported by the path check).
func (t *tree) doc(rel string) *doc {
	if d, ok := t.docs[rel]; ok {
		return d
	}
	raw, err := os.ReadFile(filepath.Join(t.root, filepath.FromSlash(rel)))
	if err != nil {
		t.docs[rel] = nil
		return nil
	}
	d := parseDoc(string(raw))
	t.docs[rel] = d
	return d
}

func parseDoc(text string) *doc {
	d := &doc{slugs: map[string]bool{}}
	seen := map[string]int{}
	inFence := false
	for _, line := range strings.Split(text, "\n") {
		if fence.MatchString(line) {
			inFence = !inFence
			continue
		}
		m := atxHeading.FindStringSubmatch(line)
		if inFence || m == nil {
			continue
		}
		shown := strings.NewReplacer("`", "", "**", "", "*", "").Replace(inlineLink.ReplaceAllString(m[1], "$1"))
		d.headings = append(d.headings, shown)
		slug := slugOf(shown)
		if n := seen[slug]; n > 0 {
			d.slugs[slug+"-"+strconv.Itoa(n)] = true
		} else {
			d.slugs[slug] = true
		}
		seen[slug]++
	}
	return d
}

// slugOf is GitHub's anchor for a heading: lower case, punctuation dropped,
// spaces turned into hyphens.
func slugOf(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.Is(unicode.Mn, r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// hasSection tells whether a heading holds the words of section (case aside).
func (d *doc) hasSection(section string) bool {
	want := strings.ToLower(section)
	for _, h := range d.headings {
		if strings.Contains(strings.ToLower(h), want) {
			return true
		}
	}
	return false
}
