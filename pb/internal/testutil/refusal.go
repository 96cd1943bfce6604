package testutil

import (
	"errors"
	"testing"

	validation "github.com/pocketbase/ozzo-validation/v4"

	"sponsorbridge/pb/internal/refusal"
)

// WantRefusal fails t unless err is a refusal of kind with message, as a
// domain action called without HTTP answers it, with an error for each of
// fields ("" names none).
func WantRefusal(t testing.TB, err error, kind refusal.Kind, message string, fields ...string) *refusal.Refusal {
	t.Helper()
	r, ok := refusal.As(err)
	if !ok {
		t.Fatalf("want the refusal %q, got %v", message, err)
	}
	if r.Kind != kind || r.Message != message || !errors.Is(err, refusal.New(kind, message)) {
		t.Fatalf("want the refusal %d %q, got %d %q", kind, message, r.Kind, r.Message)
	}
	var fe validation.Errors
	for _, f := range fields {
		if f == "" {
			continue
		}
		if !errors.As(r.Fields, &fe) || fe[f] == nil {
			t.Fatalf("refusal %q: no error for %s (%v)", message, f, r.Fields)
		}
	}
	return r
}
