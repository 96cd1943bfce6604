package benchdata

import (
	"regexp"
	"testing"
)

// The tools run the server with the deploy's memory limit.
func TestReadsTheDeployedMemoryLimit(t *testing.T) {
	limit, err := DeployedMemLimit("../../../fly.toml")
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^[0-9]+MiB$`).MatchString(limit) {
		t.Errorf("fly.toml's GOMEMLIMIT is %q", limit)
	}
}
