package metrics_test

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The alert table in docs/operations.md lists exactly the alerts of
// deploy/alerts.yml (the rules fire in deploy/alerts_test.yml, make
// test-alerts; their metrics exist: TestBackupsOnExportLitestreamAndEveryRuleMetric).
func TestAlertTableMatchesTheRules(t *testing.T) {
	rules := regexp.MustCompile(`(?m)^\s*- alert: (\S+)$`).FindAllStringSubmatch(read(t, "../../../deploy/alerts.yml"), -1)
	doc := read(t, "../../../docs/operations.md")
	start := strings.Index(doc, "## What to alert on\n")
	if start < 0 {
		t.Fatal("docs/operations.md has no \"What to alert on\" section")
	}
	section, _, _ := strings.Cut(doc[start+1:], "\n## ")
	table := regexp.MustCompile("(?m)^\\| `([A-Za-z]+)` \\|").FindAllStringSubmatch(section, -1)
	var fromRules, fromTable []string
	for _, m := range rules {
		fromRules = append(fromRules, m[1])
	}
	for _, m := range table {
		fromTable = append(fromTable, m[1])
	}
	slices.Sort(fromRules)
	slices.Sort(fromTable)
	if len(fromRules) < 10 || !slices.Equal(fromRules, fromTable) {
		t.Errorf("deploy/alerts.yml: %v\ndocs/operations.md: %v", fromRules, fromTable)
	}
}

func read(t *testing.T, path string) string {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(raw)
}

// ruleMetrics are the metric names deploy/alerts.yml's expressions use
// (histogram series by their family's name; Prometheus' own up aside).
func ruleMetrics(t *testing.T) []string {
	var names []string
	for _, line := range strings.Split(read(t, "../../../deploy/alerts.yml"), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		for _, n := range regexp.MustCompile(`\b(?:sponsorbridge|litestream|go|process)_[a-z_]+`).FindAllString(line, -1) {
			n = strings.TrimSuffix(n, "_bucket")
			if !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
	}
	if len(names) < 10 {
		t.Fatalf("found only %v in deploy/alerts.yml", names)
	}
	return names
}
