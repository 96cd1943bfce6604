package provenance_test

import (
	"testing"

	"sponsorbridge/pb/internal/provenance"
)

func TestAFigureWithoutProvenanceIsSelfReported(t *testing.T) {
	for stored, want := range map[string]string{"": "self", "self": "self", "evidenced": "evidenced", "measured": "measured"} {
		if got := provenance.Of(stored); got != want {
			t.Errorf("Of(%q) = %q, want %q", stored, got, want)
		}
	}
}
