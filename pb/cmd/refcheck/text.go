package main

import (
	"go/scanner"
	"go/token"
	"path"
	"regexp"
	"strings"
)

// kind is how a file's references are read.
type kind int

const (
	none     kind = iota
	markdown      // all of the text
	goSource      // comments
	script        // TypeScript and JavaScript: // and /* */ comments
	hashed        // Makefile, Dockerfile, YAML, TOML, shell: # comments
)

func kindOf(rel string) kind {
	switch base := path.Base(rel); {
	case strings.HasSuffix(base, ".md"):
		return markdown
	case strings.HasSuffix(base, ".go"):
		return goSource
	case strings.HasSuffix(base, ".ts"), strings.HasSuffix(base, ".tsx"), strings.HasSuffix(base, ".js"):
		return script
	case base == "Makefile", base == "Dockerfile", rel == ".ci/run",
		strings.HasSuffix(base, ".yml"), strings.HasSuffix(base, ".yaml"),
		strings.HasSuffix(base, ".toml"), strings.HasSuffix(base, ".sh"):
		return hashed
	}
	return none
}

// references is the part of a file that may name other files: the file
// with everything else blanked out, so offsets and lines stay the file's.
func references(k kind, raw []byte) string {
	switch k {
	case markdown:
		return string(raw)
	case goSource:
		return goComments(raw)
	case script:
		var spans [][]int
		for _, m := range scriptToken.FindAllSubmatchIndex(raw, -1) {
			if m[2] >= 0 { // a comment, not a string
				spans = append(spans, m[2:4])
			}
		}
		return keep(raw, spans)
	case hashed:
		return keep(raw, hashComment.FindAllIndex(raw, -1))
	}
	return ""
}

var (
	// string literals are matched too, so that a // inside one starts no comment
	scriptToken = regexp.MustCompile(`(?s)(//[^\n]*|/\*.*?\*/)` + `|'(?:[^'\\\n]|\\.)*'` +
		`|"(?:[^"\\\n]|\\.)*"` + "|`(?:[^`\\\\]|\\\\.)*`")
	hashComment = regexp.MustCompile(`(?m)(?:^|[ \t])#[^\n]*`)
)

func goComments(raw []byte) string {
	fset := token.NewFileSet()
	file := fset.AddFile("", fset.Base(), len(raw))
	var s scanner.Scanner
	s.Init(file, raw, nil, scanner.ScanComments)
	var spans [][]int
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		if tok == token.COMMENT {
			off := file.Offset(pos)
			spans = append(spans, []int{off, off + len(lit)})
		}
	}
	return keep(raw, spans)
}

// keep blanks raw outside spans, keeping line breaks.
func keep(raw []byte, spans [][]int) string {
	out := make([]byte, len(raw))
	for i, c := range raw {
		if c == '\n' {
			out[i] = '\n'
		} else {
			out[i] = ' '
		}
	}
	for _, sp := range spans {
		copy(out[sp[0]:sp[1]], raw[sp[0]:sp[1]])
	}
	return string(out)
}

// lineOf is the 1-based line of offset off in text.
func lineOf(text string, off int) int { return strings.Count(text[:off], "\n") + 1 }
