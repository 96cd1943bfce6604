// Command testrun runs the Go tests as `go test -count=1 PACKAGES` does, but
// keeps every package's test binary between runs (make test-go).
//
// `go test` links each test binary again on every run. The binaries that link
// PocketBase and SQLite take about 1.4 s of CPU each to link: a run of the
// warm suite that selects no test took 49 s of CPU, a third of a whole run
// (142 s; 2-core machine, 2026-11-25).
// `go test -c -o DIR/` links only the binaries whose code changed, so testrun
// builds them that way and then runs them, several at a time, the packages
// that took longest in the last run first (in a fresh clone, the times of
// pb/cmd/testrun/times.json), so the slowest one does not start last and
// leave the other cores idle.
//
//	go run ./pb/cmd/testrun ./pb/... ./pb_migrations/...
//	go run ./pb/cmd/testrun ./pb/internal/accounts/ -- -test.run=TestLogin -test.v
//
// Arguments after `--` go to every test binary as they are (binary flags are
// spelled -test.run, -test.v, ...). What go test adds is kept: every test
// runs (-count=1), a test that calls os.Exit(0) fails (-test.paniconexit0),
// and a package fails after 10 minutes (-test.timeout). What it drops is go
// test's vet pass, which make lint runs in full.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"
)

func main() {
	dir := flag.String("dir", ".tmp/gotest", "where the test binaries and the last run's times are kept")
	// One more binary than cores: the backup drills spend half their time
	// waiting for the servers they start, and the spare binary fills those
	// gaps (2 cores: 60 s with 2 at once, 50 s with 3, 53 s with 4).
	par := flag.Int("p", runtime.GOMAXPROCS(0)+1, "test binaries run at once")
	flag.StringVar(&seedTimes, "seed", seedTimes, "the times to order by when DIR has none (a fresh clone)")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: testrun [-dir DIR] [-p N] PACKAGES... [-- TEST BINARY FLAGS]")
		flag.PrintDefaults()
	}
	flag.Parse()
	patterns, testArgs := splitArgs(flag.Args())
	if len(patterns) == 0 {
		flag.Usage()
		os.Exit(2)
	}
	os.Exit(run(*dir, *par, patterns, testArgs, os.Stdout))
}

// splitArgs separates the package patterns from the test binary flags.
func splitArgs(args []string) (patterns, testArgs []string) {
	if i := slices.Index(args, "--"); i >= 0 {
		return args[:i], args[i+1:]
	}
	return args, nil
}

// seedTimes is the file of package times committed with the code
// (pb/cmd/testrun/times.json, a warm run's), read when the run's own are
// missing.
var seedTimes = filepath.Join("pb", "cmd", "testrun", "times.json")

// pkg is one package with tests.
type pkg struct {
	ImportPath, Dir, Name string
	Bin                   string // path of its test binary
}

func run(dir string, par int, patterns, testArgs []string, out io.Writer) int {
	start := time.Now()
	pkgs, err := list(patterns)
	if err != nil {
		fmt.Fprintf(out, "%v\n", err)
		return 2
	}
	absDir, err := filepath.Abs(dir)
	if err != nil {
		fmt.Fprintf(out, "%v\n", err)
		return 2
	}
	if err := build(absDir, pkgs, out); err != nil {
		fmt.Fprintf(out, "%v\n", err)
		return 2
	}
	timesFile := filepath.Join(absDir, "times.json")
	last := readTimes(timesFile)
	if len(last) == 0 {
		// a fresh clone: the times of a run on the development machine, so
		// that the backup drills (40 s) and the realtime tests (28 s) start
		// first instead of in alphabetical turn near the end
		last = readTimes(seedTimes)
	}
	order(pkgs, last)

	results := runAll(pkgs, par, testArgs, out)

	failed := 0
	for _, r := range results {
		last[r.pkg.ImportPath] = r.elapsed.Seconds()
		if !r.ok {
			failed++
		}
	}
	writeTimes(timesFile, last)
	summary(out, results, time.Since(start))
	if failed > 0 {
		fmt.Fprintf(out, "FAIL: %d of %d packages\n", failed, len(results))
		return 1
	}
	return 0
}

// list answers the packages the patterns name that have tests.
func list(patterns []string) ([]*pkg, error) {
	cmd := exec.Command("go", append([]string{"list", "-json=ImportPath,Dir,Name,TestGoFiles,XTestGoFiles"}, patterns...)...)
	cmd.Stderr = os.Stderr
	raw, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %w", err)
	}
	var pkgs []*pkg
	dec := json.NewDecoder(bytes.NewReader(raw))
	for dec.More() {
		var p struct {
			ImportPath, Dir, Name     string
			TestGoFiles, XTestGoFiles []string
		}
		if err := dec.Decode(&p); err != nil {
			return nil, fmt.Errorf("go list: %w", err)
		}
		if len(p.TestGoFiles)+len(p.XTestGoFiles) > 0 {
			pkgs = append(pkgs, &pkg{ImportPath: p.ImportPath, Dir: p.Dir, Name: p.Name})
		}
	}
	return pkgs, nil
}

// build writes every test binary with one `go test -c -ldflags=-w -o DIR/` per group of
// packages whose last path elements differ (go test names a binary after
// it); a binary that is up to date is not linked again.
func build(dir string, pkgs []*pkg, out io.Writer) error {
	var groups [][]*pkg
	for _, p := range pkgs {
		base := filepath.Base(p.ImportPath)
		placed := false
		for i, g := range groups {
			if !slices.ContainsFunc(g, func(q *pkg) bool { return filepath.Base(q.ImportPath) == base }) {
				groups[i] = append(g, p)
				placed = true
				break
			}
		}
		if !placed {
			groups = append(groups, []*pkg{p})
		}
	}
	for i, g := range groups {
		binDir := filepath.Join(dir, fmt.Sprint(i))
		if err := os.MkdirAll(binDir, 0o755); err != nil {
			return err
		}
		// no DWARF (-w): a test's stack traces keep their files and lines, and
		// each binary links in 1.4 s of CPU instead of 2.1 (about 35 s of a
		// fresh clone's CPU, 51 binaries)
		args := []string{"test", "-c", "-ldflags=-w", "-o", binDir + string(filepath.Separator)}
		for _, p := range g {
			args = append(args, p.ImportPath)
			p.Bin = filepath.Join(binDir, filepath.Base(p.ImportPath)+".test")
		}
		cmd := exec.Command("go", args...)
		cmd.Stdout, cmd.Stderr = out, out
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("building the test binaries: %w", err)
		}
	}
	return nil
}

// order puts the packages that took longest last time first; packages never
// timed go first, as they may be slow.
func order(pkgs []*pkg, last map[string]float64) {
	slices.SortStableFunc(pkgs, func(a, b *pkg) int {
		ta, oka := last[a.ImportPath]
		tb, okb := last[b.ImportPath]
		switch {
		case oka != okb:
			if !oka {
				return -1
			}
			return 1
		case ta > tb:
			return -1
		case ta < tb:
			return 1
		}
		return 0
	})
}

type result struct {
	pkg     *pkg
	ok      bool
	elapsed time.Duration
	cpu     time.Duration // the binary's and its children's (the backup drills' servers)
}

// runAll runs the binaries par at a time and prints each package's result
// when it ends: its output when it failed or when -test.v asks for it.
func runAll(pkgs []*pkg, par int, testArgs []string, out io.Writer) []result {
	verbose := slices.ContainsFunc(testArgs, func(a string) bool {
		return a == "-test.v" || strings.HasPrefix(a, "-test.v=") && a != "-test.v=false"
	})
	args := append([]string{"-test.paniconexit0", "-test.timeout=10m0s"}, testArgs...)
	var (
		mu      sync.Mutex
		results []result
		wg      sync.WaitGroup
		next    = make(chan *pkg)
	)
	for range max(par, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range next {
				var buf bytes.Buffer
				cmd := exec.Command(p.Bin, args...)
				cmd.Dir = p.Dir // as go test: a test reads its testdata from its package's folder
				cmd.Stdout, cmd.Stderr = &buf, &buf
				began := time.Now()
				err := cmd.Run()
				r := result{pkg: p, ok: err == nil, elapsed: time.Since(began)}
				if st := cmd.ProcessState; st != nil { // wait4's usage counts the children it waited for
					r.cpu = st.UserTime() + st.SystemTime()
				}
				mu.Lock()
				if !r.ok || verbose {
					_, _ = out.Write(buf.Bytes())
				}
				if r.ok {
					fmt.Fprintf(out, "ok  \t%s\t%.3fs\n", p.ImportPath, r.elapsed.Seconds())
				} else {
					fmt.Fprintf(out, "FAIL\t%s\t%.3fs (%v)\n", p.ImportPath, r.elapsed.Seconds(), err)
				}
				results = append(results, r)
				mu.Unlock()
			}
		}()
	}
	for _, p := range pkgs {
		next <- p
	}
	close(next)
	wg.Wait()
	return results
}

// summary names the slowest packages and those that used the most CPU (on
// a 2-core machine the suite is CPU-bound: its time is about the total CPU
// over 2), so a test that grows slow or costly is seen.
func summary(out io.Writer, results []result, wall time.Duration) {
	top := func(by func(r result) time.Duration) string {
		sorted := slices.Clone(results)
		slices.SortFunc(sorted, func(a, b result) int { return int(by(b) - by(a)) })
		var names []string
		for _, r := range sorted[:min(5, len(sorted))] {
			names = append(names, fmt.Sprintf("%s %.1fs", strings.TrimPrefix(r.pkg.ImportPath, "sponsorbridge/"), by(r).Seconds()))
		}
		return strings.Join(names, ", ")
	}
	var cpu time.Duration
	for _, r := range results {
		cpu += r.cpu
	}
	fmt.Fprintf(out, "%d packages in %.1fs, %.1fs of CPU; slowest: %s; most CPU: %s\n", len(results), wall.Seconds(), cpu.Seconds(),
		top(func(r result) time.Duration { return r.elapsed }), top(func(r result) time.Duration { return r.cpu }))
}

func readTimes(path string) map[string]float64 {
	times := map[string]float64{}
	if raw, err := os.ReadFile(path); err == nil {
		_ = json.Unmarshal(raw, &times) // a damaged file only loses the order
	}
	return times
}

func writeTimes(path string, times map[string]float64) {
	raw, _ := json.MarshalIndent(times, "", "  ")
	_ = os.WriteFile(path, raw, 0o644)
}
