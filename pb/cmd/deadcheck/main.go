// Command deadcheck fails when the server binary or one of the repository's
// commands carries a function none of them can reach: it runs deadcode
// (golang.org/x/tools/cmd/deadcode, at the version below) over the main
// packages and reports every function it finds, save those in allowed.txt,
// each of which says why it stays. An entry that matches nothing any more
// fails too, so the list only ever holds what is still there.
//
//	go run ./pb/cmd/deadcheck    # from the repository root (make lint)
package main

import (
	"bufio"
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strings"
)

// deadcode is pinned: a newer analysis may find more, and that is a change
// to review, not a surprise in make lint.
const deadcode = "golang.org/x/tools/cmd/deadcode@v0.49.0"

// mains are the programs whose reachable code is kept: the server and the
// commands under pb/cmd.
var mains = []string{"./pb", "./pb/cmd/..."}

//go:embed allowed.txt
var allowedText string

func main() {
	cmd := exec.Command("go", append([]string{"run", deadcode, "-json"}, mains...)...)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		fmt.Fprintln(os.Stderr, "deadcheck: deadcode:", err)
		os.Exit(2)
	}
	found, err := parse(out)
	if err != nil {
		fmt.Fprintln(os.Stderr, "deadcheck:", err)
		os.Exit(2)
	}
	allowed, err := parseAllowed(allowedText)
	if err != nil {
		fmt.Fprintln(os.Stderr, "deadcheck: allowed.txt:", err)
		os.Exit(2)
	}
	problems := compare(found, allowed)
	for _, p := range problems {
		fmt.Fprintln(os.Stderr, p)
	}
	if len(problems) > 0 {
		fmt.Fprintln(os.Stderr, "deadcheck: delete the unreachable functions, or say in pb/cmd/deadcheck/allowed.txt why one stays")
		os.Exit(1)
	}
}

// fn is one unreachable function: "sponsorbridge/pb/catalog.IsCategory" and
// where it is written.
type fn struct {
	name, where string
}

// parse reads deadcode's -json answer.
func parse(out []byte) ([]fn, error) {
	var pkgs []struct {
		Path  string
		Funcs []struct {
			Name     string
			Position struct {
				File      string
				Line, Col int
			}
		}
	}
	if err := json.Unmarshal(bytes.TrimSpace(out), &pkgs); err != nil && len(bytes.TrimSpace(out)) > 0 {
		return nil, fmt.Errorf("deadcode's answer is not its JSON: %w", err)
	}
	var fns []fn
	for _, p := range pkgs {
		for _, f := range p.Funcs {
			where := f.Position.File
			if wd, err := os.Getwd(); err == nil {
				where = strings.TrimPrefix(where, wd+string(os.PathSeparator))
			}
			fns = append(fns, fn{p.Path + "." + f.Name, fmt.Sprintf("%s:%d", where, f.Position.Line)})
		}
	}
	return fns, nil
}

// parseAllowed reads allowed.txt: "package.Function  why", one a line;
// "#" starts a comment line. A name without a reason is refused.
func parseAllowed(text string) (map[string]string, error) {
	allowed := map[string]string{}
	sc := bufio.NewScanner(strings.NewReader(text))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, why, _ := strings.Cut(line, " ")
		if strings.TrimSpace(why) == "" {
			return nil, fmt.Errorf("line %d: %s says not why it stays", n, name)
		}
		allowed[name] = strings.TrimSpace(why)
	}
	return allowed, sc.Err()
}

// compare lists the unreachable functions not allowed and the allowed
// names that are no longer found.
func compare(found []fn, allowed map[string]string) []string {
	var problems []string
	seen := map[string]bool{}
	for _, f := range found {
		seen[f.name] = true
		if _, ok := allowed[f.name]; !ok {
			problems = append(problems, fmt.Sprintf("%s: %s is unreachable from the binary and the commands", f.where, f.name))
		}
	}
	var gone []string
	for name := range allowed {
		if !seen[name] {
			gone = append(gone, fmt.Sprintf("pb/cmd/deadcheck/allowed.txt: %s is reachable or gone: remove its line", name))
		}
	}
	sort.Strings(gone)
	return append(problems, gone...)
}
