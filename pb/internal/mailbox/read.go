package mailbox

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Read returns the mailbox's messages to the given address (any address when
// to is empty), newest first. Tests and development tools use it; no route
// serves it.
func Read(dir, to string) ([]Message, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	slices.Sort(names)
	slices.Reverse(names)
	var out []Message
	for _, name := range names {
		raw, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		var msg Message
		if err := json.Unmarshal(raw, &msg); err != nil {
			return nil, err
		}
		if to == "" || slices.ContainsFunc(msg.To, func(a string) bool { return strings.EqualFold(a, to) }) {
			out = append(out, msg)
		}
	}
	return out, nil
}
