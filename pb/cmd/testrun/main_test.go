package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A module with a passing package, a failing one, one whose test calls
// os.Exit(0), and two packages whose binaries would have the same name.
func writeModule(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	files := map[string]string{
		"go.mod":              "module example.com/m\n\ngo 1.22\n",
		"good/good_test.go":   "package good\nimport \"testing\"\nfunc TestGood(t *testing.T) { t.Log(\"good ran\") }\n",
		"bad/bad_test.go":     "package bad\nimport \"testing\"\nfunc TestBad(t *testing.T) { t.Fatal(\"bad failed\") }\n",
		"exit/exit_test.go":   "package exit\nimport (\"os\"; \"testing\")\nfunc TestExit(t *testing.T) { os.Exit(0) }\n",
		"a/same/same_test.go": "package same\nimport \"testing\"\nfunc TestA(t *testing.T) { t.Log(\"a/same ran\") }\n",
		"b/same/same_test.go": "package same\nimport (\"os\"; \"testing\")\nfunc TestB(t *testing.T) { if _, err := os.Stat(\"same_test.go\"); err != nil { t.Fatal(\"not run in its folder:\", err) }; t.Log(\"b/same ran\") }\n",
		"notests/notests.go":  "package notests\n",
	}
	for name, body := range files {
		path := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func runIn(t *testing.T, root string, patterns []string, testArgs ...string) (int, string) {
	t.Helper()
	t.Chdir(root)
	var out strings.Builder
	code := run(filepath.Join(root, ".bin"), 2, patterns, testArgs, &out)
	return code, out.String()
}

// One module, two runs: the second reuses the first one's binaries.
func TestRun(t *testing.T) {
	root := writeModule(t)

	// every package: the failures fail the run, the others pass quietly
	code, out := runIn(t, root, []string{"./..."})
	if code != 1 {
		t.Errorf("exit code %d, want 1; output:\n%s", code, out)
	}
	for _, want := range []string{
		"ok  \texample.com/m/good\t", "ok  \texample.com/m/a/same\t", "ok  \texample.com/m/b/same\t",
		"bad failed", "FAIL\texample.com/m/bad\t",
		"FAIL\texample.com/m/exit\t", // -test.paniconexit0, as go test
		"FAIL: 2 of 5 packages",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "good ran") || strings.Contains(out, "notests") {
		t.Errorf("a passing package's log, or a package without tests, in the output:\n%s", out)
	}
	if times := readTimes(filepath.Join(root, ".bin", "times.json")); len(times) != 5 {
		t.Errorf("times of %d packages kept, want 5: %v", len(times), times)
	}

	// passing packages only, with -test.v: the run passes and shows their logs
	code, out = runIn(t, root, []string{"./good/", "./a/...", "./b/..."}, "-test.v")
	if code != 0 {
		t.Fatalf("exit code %d, want 0; output:\n%s", code, out)
	}
	for _, want := range []string{"good ran", "a/same ran", "b/same ran", "3 packages in"} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
	}
}

func TestSlowestLastTimeRunsFirst(t *testing.T) {
	pkgs := []*pkg{{ImportPath: "quick"}, {ImportPath: "new"}, {ImportPath: "slow"}, {ImportPath: "middle"}}
	order(pkgs, map[string]float64{"quick": 0.1, "slow": 30, "middle": 4})
	var got []string
	for _, p := range pkgs {
		got = append(got, p.ImportPath)
	}
	if strings.Join(got, " ") != "new slow middle quick" {
		t.Errorf("order %v, want new (never timed), slow, middle, quick", got)
	}
}

func TestSplitArgs(t *testing.T) {
	patterns, testArgs := splitArgs([]string{"./a/...", "./b/", "--", "-test.run=X", "-test.v"})
	if strings.Join(patterns, " ") != "./a/... ./b/" || strings.Join(testArgs, " ") != "-test.run=X -test.v" {
		t.Errorf("patterns %v, test args %v", patterns, testArgs)
	}
	if patterns, testArgs := splitArgs([]string{"./..."}); len(patterns) != 1 || testArgs != nil {
		t.Errorf("without --: patterns %v, test args %v", patterns, testArgs)
	}
}
