package main

import (
	"os"
	"regexp"
	"testing"
)

// The seeded directory memprobe copies is the one the benchmarks leave: a
// new shape of the bench data (a new benchDataVersion there) must be
// followed here, or make memprobe asks for a bench run that never makes it.
func TestSameDataVersionAsTheBenchmarks(t *testing.T) {
	raw, err := os.ReadFile("../../internal/listings/bench_test.go")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`const benchDataVersion = "([^"]+)"`).FindSubmatch(raw)
	if m == nil {
		t.Fatal("no benchDataVersion in pb/internal/listings/bench_test.go")
	}
	if string(m[1]) != benchDataVersion {
		t.Errorf("the benchmarks seed %s data, memprobe looks for %s", m[1], benchDataVersion)
	}
	if got, want := seededDir("/tmp", 1_000_000), "/tmp/sponsorbridge-bench-1000000-"+benchDataVersion; got != want {
		t.Errorf("seededDir = %s, want %s", got, want)
	}
}
