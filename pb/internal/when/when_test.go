package when_test

import (
	"testing"
	"time"

	"sponsorbridge/pb/internal/when"
)

func TestFormats(t *testing.T) {
	at := time.Date(2026, 11, 24, 13, 2, 0, 0, time.FixedZone("IST", 5*3600+1800))
	if got := when.DateTime(at); got != "Nov 24, 2026, 7:32 AM UTC" {
		t.Errorf("DateTime: %q", got)
	}
	if got := when.Date(at); got != "Nov 24, 2026" {
		t.Errorf("Date: %q", got)
	}
}

func TestAddMonthsStaysInTheTargetMonth(t *testing.T) {
	t.Parallel()
	day := func(s string) time.Time {
		d, err := time.Parse("2006-01-02 15:04", s)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	for _, c := range []struct {
		from   string
		months int
		want   string
	}{
		{"2026-11-29 10:30", 3, "2027-02-28 10:30"},
		{"2026-11-30 10:30", 3, "2027-02-28 10:30"},
		{"2027-11-29 10:30", 3, "2028-02-29 10:30"}, // a leap year has the 29th
		{"2026-08-31 00:00", 1, "2026-09-30 00:00"},
		{"2026-01-31 23:59", 12, "2027-01-31 23:59"},
		{"2026-11-15 08:00", 13, "2027-12-15 08:00"},
		{"2027-03-31 12:00", -1, "2027-02-28 12:00"},
		{"2027-02-28 10:30", -3, "2026-11-28 10:30"},
	} {
		if got := when.AddMonths(day(c.from), c.months); !got.Equal(day(c.want)) {
			t.Errorf("AddMonths(%s, %d) = %s, want %s", c.from, c.months, got.Format("2006-01-02 15:04"), c.want)
		}
	}
	// Taking back what was added never lands after the start: a refund of a
	// plan bought on any day of the year ends it.
	for d := day("2026-01-01 09:00"); d.Year() == 2026; d = d.AddDate(0, 0, 1) {
		for _, months := range []int{1, 3, 12} {
			if back := when.AddMonths(when.AddMonths(d, months), -months); back.After(d) {
				t.Fatalf("%s + %d months - %d months = %s, after the start", d.Format(time.DateOnly), months, months, back)
			}
		}
	}
}
