package signin

import (
	"crypto/sha256"
	"testing"
	"time"
)

func TestFlowStoreTakesOnceWithinTTL(t *testing.T) {
	t.Parallel()
	now := time.Unix(1_700_000_000, 0)
	s := newFlowStore()
	s.now = func() time.Time { return now }
	bind := sha256.Sum256([]byte("browser"))
	s.put("fresh", flow{verifier: "v", browserHash: bind})
	s.put("stale", flow{verifier: "v", browserHash: bind})

	if _, ok := s.take("fresh", "other-browser"); ok {
		t.Fatal("another browser took the flow")
	}
	if f, ok := s.take("fresh", "browser"); !ok || f.verifier != "v" {
		t.Fatal("the starting browser could not take its flow")
	}
	if _, ok := s.take("fresh", "browser"); ok {
		t.Fatal("a state was taken twice")
	}
	now = now.Add(flowTTL + time.Second)
	if _, ok := s.take("stale", "browser"); ok {
		t.Fatal("an expired flow was accepted")
	}
}

func TestMaxAge(t *testing.T) {
	t.Parallel()
	for header, want := range map[string]time.Duration{
		"public, max-age=19845, must-revalidate, no-transform": 19845 * time.Second,
		"":                  time.Hour,
		"max-age=5":         time.Minute,
		"max-age=9e9":       time.Hour,
		"max-age=999999999": 24 * time.Hour,
	} {
		if got := maxAge(header); got != want {
			t.Errorf("maxAge(%q) = %v, want %v", header, got, want)
		}
	}
}
