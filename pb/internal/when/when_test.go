package when

import (
	"testing"
	"time"
)

func TestFormats(t *testing.T) {
	at := time.Date(2026, 11, 24, 13, 2, 0, 0, time.FixedZone("IST", 5*3600+1800))
	if got := DateTime(at); got != "Nov 24, 2026, 7:32 AM UTC" {
		t.Errorf("DateTime: %q", got)
	}
	if got := Date(at); got != "Nov 24, 2026" {
		t.Errorf("Date: %q", got)
	}
}
