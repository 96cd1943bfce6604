// Package buildinfo tells which build of the server is running: the version
// `sponsorbridge --version`, /api/health and the metrics' build-info gauge
// report.
package buildinfo

import (
	"runtime"
	"runtime/debug"
	"sync"
)

// version is set at link time by the Makefile and the Dockerfile:
//
//	-ldflags "-X sponsorbridge/pb/internal/buildinfo.version=$(git describe --always --dirty)"
//
// Empty in builds without the flag (go run, go test, a plain go build).
var version string

// Version is the linked-in version; without one, the commit Go embeds in
// a binary built inside a git checkout (vcs.revision, "-dirty" when the
// tree had changes); else "dev".
func Version() string { return resolved() }

// resolved parses the build info once: /api/health asks on every request.
var resolved = sync.OnceValue(func() string {
	info, _ := debug.ReadBuildInfo()
	return resolve(version, info)
})

// GoVersion is the Go release the binary was built with.
func GoVersion() string { return runtime.Version() }

func resolve(linked string, info *debug.BuildInfo) string {
	if linked != "" {
		return linked
	}
	if info != nil {
		var revision string
		var modified bool
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				revision = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
		if revision != "" {
			if len(revision) > 12 { // enough to name a commit, short enough to read
				revision = revision[:12]
			}
			if modified {
				revision += "-dirty"
			}
			return revision
		}
	}
	return "dev"
}
