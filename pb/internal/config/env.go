package config

import (
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// The readers of the environment: each value trimmed, an unset or blank one
// its fallback.

func env(name, fallback string) string {
	if v, ok := os.LookupEnv(name); ok && strings.TrimSpace(v) != "" {
		return strings.TrimSpace(v)
	}
	return fallback
}

func intEnv(name string, fallback int) (int, error) {
	raw := env(name, "")
	if raw == "" {
		return fallback, nil
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n <= 0 || n > 65535 {
		return 0, fmt.Errorf("config: %s must be a port number, got %q", name, raw)
	}
	return n, nil
}

func positiveInt(name string, fallback int) (int, error) {
	raw := env(name, "")
	if raw == "" {
		return fallback, nil
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("config: %s must be a positive whole number, got %q", name, raw)
	}
	return n, nil
}

func duration(name string, fallback time.Duration) (time.Duration, error) {
	raw := env(name, "")
	if raw == "" {
		return fallback, nil
	}
	d, err := time.ParseDuration(raw)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("config: %s must be a positive duration such as 10s", name)
	}
	return d, nil
}

func boolEnv(name string, fallback bool) bool {
	switch strings.ToLower(env(name, "")) {
	case "1", "true", "yes", "on":
		return true
	case "0", "false", "no", "off":
		return false
	}
	return fallback
}

// secret reads NAME, or the file named by NAME_FILE.
func secret(name string) (string, error) {
	if v := env(name, ""); v != "" {
		return v, nil
	}
	path := env(name+"_FILE", "")
	if path == "" {
		return "", nil
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("config: reading %s_FILE: %w", name, err)
	}
	return strings.TrimSpace(string(raw)), nil
}

func randomPassword() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

func list(raw string) []string {
	var out []string
	for _, part := range strings.Split(raw, ",") {
		if part = strings.TrimSpace(part); part != "" {
			out = append(out, part)
		}
	}
	return out
}
