package logline_test

import (
	"testing"
	"time"

	"sponsorbridge/pb/internal/logline"
)

// A warning outsiders can repeat: the first at once, then one a minute
// counting those since.
func TestTallyWarnsOnceAMinute(t *testing.T) {
	var tally logline.Tally
	start := time.Date(2026, 12, 6, 1, 0, 0, 0, time.UTC)
	if n := tally.Add(start); n != 1 {
		t.Fatalf("the first: report %d, want 1 at once", n)
	}
	for i := 1; i < 100; i++ {
		if n := tally.Add(start.Add(time.Duration(i) * 500 * time.Millisecond)); n != 0 {
			t.Fatalf("the %dth within the minute: report %d, want none", i+1, n)
		}
	}
	if n := tally.Add(start.Add(time.Minute)); n != 100 {
		t.Errorf("a minute after the first report: %d, want the 99 since and this one", n)
	}
	if n := tally.Add(start.Add(time.Minute + time.Second)); n != 0 {
		t.Errorf("a second after that report: %d, want none", n)
	}
}
