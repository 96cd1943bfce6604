package testutil

import (
	"errors"
	"testing"

	"sponsorbridge/pb/internal/refusal"
)

// WantRefusal fails t unless err is a refusal of kind with message, as a
// domain action called without HTTP answers it.
func WantRefusal(t testing.TB, err error, kind refusal.Kind, message string) *refusal.Refusal {
	t.Helper()
	r, ok := refusal.As(err)
	if !ok {
		t.Fatalf("want the refusal %q, got %v", message, err)
	}
	if r.Kind != kind || r.Message != message || !errors.Is(err, refusal.New(kind, message)) {
		t.Fatalf("want the refusal %d %q, got %d %q", kind, message, r.Kind, r.Message)
	}
	return r
}
