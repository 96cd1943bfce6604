package benchdata

import (
	"fmt"
	"os"
	"regexp"
)

// DeployedMemLimit reads GOMEMLIMIT from the deploy's fly.toml (path), for
// the tools that run the server as deployed (make memprobe, make load).
func DeployedMemLimit(path string) (string, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("read the deployed GOMEMLIMIT (run from the repository root, or pass -gomemlimit): %w", err)
	}
	m := regexp.MustCompile(`(?m)^\s*GOMEMLIMIT\s*=\s*"([^"]+)"`).FindSubmatch(raw)
	if m == nil {
		return "", fmt.Errorf("%s sets no GOMEMLIMIT: pass -gomemlimit", path)
	}
	return string(m[1]), nil
}
