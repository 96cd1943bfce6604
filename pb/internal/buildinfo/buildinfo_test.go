package buildinfo

import (
	"runtime/debug"
	"testing"
)

func TestResolve(t *testing.T) {
	vcs := func(settings ...debug.BuildSetting) *debug.BuildInfo { return &debug.BuildInfo{Settings: settings} }
	rev := debug.BuildSetting{Key: "vcs.revision", Value: "e8c5da7d0123456789abcdef0123456789abcdef"}
	for _, c := range []struct {
		name   string
		linked string
		info   *debug.BuildInfo
		want   string
	}{
		{"linked by the Makefile", "v1.4.0-3-ge8c5da7-dirty", vcs(rev), "v1.4.0-3-ge8c5da7-dirty"},
		{"go build in a checkout", "", vcs(rev, debug.BuildSetting{Key: "vcs.modified", Value: "false"}), "e8c5da7d0123"},
		{"go build in a changed checkout", "", vcs(rev, debug.BuildSetting{Key: "vcs.modified", Value: "true"}), "e8c5da7d0123-dirty"},
		{"no version control (go test, a tarball)", "", vcs(), "dev"},
		{"no build info at all", "", nil, "dev"},
	} {
		if got := resolve(c.linked, c.info); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
	if Version() != "dev" {
		t.Errorf("a test binary has neither a linked version nor a commit: %q", Version())
	}
}
