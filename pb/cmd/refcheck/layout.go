package main

import (
	"bufio"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// layoutProblems checks the other half of the README's "## Layout" block:
// the paths it names must exist (checkFile sees to that), and every folder
// a reader looks for there must be named in it: the top-level folders and
// those directly under pb/, pb/internal/ and pb/cmd/ (a folder counts as
// named when an entry is it or lies inside it). A README without that
// section is not checked.
func layoutProblems(root string) ([]problem, error) {
	f, err := os.Open(filepath.Join(root, "README.md"))
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()

	var entries []string
	line, blockLine := 0, 0
	in, inBlock := false, false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line++
		text := sc.Text()
		switch {
		case strings.HasPrefix(text, "## "):
			in = strings.TrimSpace(text[3:]) == "Layout"
		case in && strings.HasPrefix(text, "```"):
			inBlock = !inBlock
			if inBlock {
				blockLine = line
			}
		case in && inBlock:
			if fields := strings.Fields(text); len(fields) > 0 && !strings.HasPrefix(text, " ") {
				for _, p := range strings.Split(strings.TrimSuffix(fields[0], ","), ",") {
					entries = append(entries, strings.TrimSuffix(p, "/"))
				}
			}
		}
	}
	if err := sc.Err(); err != nil || blockLine == 0 {
		return nil, err
	}

	var want []string
	for _, parent := range []string{".", "pb", "pb/internal", "pb/cmd"} {
		items, err := os.ReadDir(filepath.Join(root, parent))
		if err != nil {
			continue
		}
		for _, it := range items {
			name := it.Name()
			if !it.IsDir() || skipDirs[name] || strings.HasPrefix(name, ".") {
				continue
			}
			rel := name
			if parent != "." {
				rel = parent + "/" + name
			}
			if rel == "pb" || rel == "pb/internal" || rel == "pb/cmd" {
				continue
			}
			want = append(want, rel)
		}
	}
	sort.Strings(want)
	var problems []problem
	for _, dir := range want {
		named := false
		for _, e := range entries {
			if e == dir || strings.HasPrefix(e, dir+"/") {
				named = true
				break
			}
		}
		if !named {
			problems = append(problems, problem{file: "README.md", line: blockLine,
				msg: dir + "/ is in the tree but not in the README's layout"})
		}
	}
	return problems, nil
}
