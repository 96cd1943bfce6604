package listings

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"sponsorbridge/pb/internal/when"
)

// A card read while a change was applied is not kept: it may have been
// read before the write, and the drop came before the put.
func TestACardReadAcrossADropIsNotKept(t *testing.T) {
	c := newCardCache(1 << 20)
	findAt := func(table string, rowid, now int64) *card {
		got := make([]*card, 1)
		c.lookup(table, []int64{rowid}, now, got)
		return got[0]
	}
	find := func(table string, rowid int64) *card { return findAt(table, rowid, 0) }
	gen := c.lookup("sponsorships", []int64{7}, 0, make([]*card, 1))
	c.drop("sponsorships", 9) // any change applied meanwhile
	c.put(gen, "sponsorships", 7, &card{id: "a", object: []byte(`{"id":"a"`)})
	if find("sponsorships", 7) != nil {
		t.Fatal("a card read across a drop was kept")
	}
	gen = c.lookup("sponsorships", []int64{7}, 0, make([]*card, 1))
	c.put(gen, "sponsorships", 7, &card{id: "a", object: []byte(`{"id":"a"`)})
	if cd := find("sponsorships", 7); cd == nil || cd.id != "a" {
		t.Fatal("a card read with nothing dropped meanwhile was not kept")
	}
	if find("sponsorship_requests", 7) != nil {
		t.Fatal("the same rowid of the other table found the card")
	}
	c.put(c.lookup("sponsorships", nil, 0, nil), "sponsorships", 8, &card{id: "b", object: []byte(`{"id":"b"`), expires: 100})
	if findAt("sponsorships", 8, 99) == nil || findAt("sponsorships", 8, 100) != nil {
		t.Fatal("a card that expires at 100 must be found at 99 and not at 100")
	}
	c.drop("sponsorships", 7)
	if find("sponsorships", 7) != nil {
		t.Fatal("a dropped card is still found")
	}
}

// The cache never holds more than its bound, however many cards come.
func TestCardsStayWithinTheirBound(t *testing.T) {
	const limit = 64 << 10
	c := newCardCache(limit)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 5000 {
		gen := c.lookup("t", nil, 0, nil)
		c.put(gen, "t", int64(rng.IntN(3000)), &card{id: "x", object: make([]byte, 200+rng.IntN(2000))})
		if n, bytes := c.held(); bytes > limit || n == 0 {
			t.Fatalf("after %d puts: %d cards, %d bytes (bound %d)", i+1, n, bytes, limit)
		}
	}
	n, bytes := c.held()
	if bytes < limit/2 {
		t.Fatalf("the cache holds %d bytes (%d cards) of its %d: it evicts too eagerly", bytes, n, limit)
	}
	c.clear()
	if n, bytes := c.held(); n != 0 || bytes != 0 {
		t.Fatalf("after clear: %d cards, %d bytes", n, bytes)
	}
	c.put(c.lookup("t", nil, 0, nil), "t", 1, &card{object: make([]byte, limit)})
	if n, _ := c.held(); n != 0 {
		t.Fatal("a card larger than the bound was kept")
	}
}

// A request's card expires exactly when its status or closed reason would
// read differently: at the end of its event day, unless it is sponsored or
// the day has ended.
func TestARequestsCardExpiresWhenItsStatusWouldChange(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	now := time.Date(2026, 11, 29, 15, 4, 5, 0, time.UTC)
	expiring := 0
	for range 2000 {
		status := []string{StatusOpen, StatusClosed, StatusSponsored, ""}[rng.IntN(4)]
		event := ""
		if rng.IntN(5) > 0 {
			event = now.Add(time.Duration(rng.IntN(96)-48) * time.Hour).Truncate(24 * time.Hour).Format(when.StoredLayout)
		}
		read := func(at time.Time) [2]string {
			return [2]string{EffectiveStatus(status, event, at), ClosedReason(status, event, at)}
		}
		exp := cardExpires(status, event, now.Unix())
		first := read(now)
		if exp == 0 {
			for _, later := range []time.Duration{time.Hour, 49 * time.Hour, 400 * 24 * time.Hour} {
				if read(now.Add(later)) != first {
					t.Fatalf("%q %q: never expires, but reads %v at +%v (was %v)", status, event, read(now.Add(later)), later, first)
				}
			}
			continue
		}
		expiring++
		end := time.Unix(exp, 0)
		if !end.After(now) || read(end.Add(-time.Second)) != first || read(end) == first {
			t.Fatalf("%q %q: expires at %v, but reads %v before and %v then (was %v)", status, event, end,
				read(end.Add(-time.Second)), read(end), first)
		}
	}
	if expiring == 0 {
		t.Fatal("no card expired: the cases are wrong")
	}
}

// The cards get a tenth of what GOMEMLIMIT leaves beside the index, image
// work and the full keyword caches, at most their bound and none below
// their least; a smaller bound lets cards go until they fit.
func TestCardsAreSizedFromTheMemoryLeft(t *testing.T) {
	const mib = 1 << 20
	for _, c := range []struct {
		limit, live, reserved int64
		want                  int
	}{
		{math.MaxInt64, 400 * mib, 280 * mib, MaxCardBytes}, // no limit set
		{640 * mib, 100 * mib, 280 * mib, 260 * mib / 10},   // 100,000 + 100,000: two pictures and 24 MiB of keyword sets
		{640 * mib, 403 * mib, 152 * mib, 85 * mib / 10},    // 1,000,000 + 1,000,000: one picture
		{640 * mib, 434 * mib, 152 * mib, 54 * mib / 10},    // the same, the index grown by writes
		{640 * mib, 480 * mib, 152 * mib, 0},                // less than the least: none
		{640 * mib, 434 * mib, 280 * mib, 0},                // over the limit: none
		{1024 * mib, 434 * mib, 280 * mib, 310 * mib / 10},
		{4096 * mib, 100 * mib, 280 * mib, MaxCardBytes},
	} {
		if got := cardBudget(c.limit, c.live, c.reserved); got != c.want {
			t.Errorf("limit %d MiB, live %d MiB, reserved %d MiB: %d bytes, want %d", c.limit/mib, c.live/mib, c.reserved/mib, got, c.want)
		}
	}
	cc := newCardCache(MaxCardBytes)
	for i := range 2000 {
		cc.put(cc.lookup("t", nil, 0, nil), "t", int64(i), &card{object: make([]byte, 1000)})
	}
	cc.setLimit(256 << 10)
	if n, bytes := cc.held(); bytes > 256<<10 || n < 100 {
		t.Fatalf("after a smaller bound: %d cards, %d bytes", n, bytes)
	}
}

// Image work gets half of what the memory limit leaves beside the loaded
// index: at a million listings of each kind in 640 MiB that is one picture
// at a time (avatar.LimitWork; TestImageWorkSlotsFitTheirBound), at
// 100,000 two; without a limit nothing is bounded.
func TestImageWorkIsBoundedByTheMemoryLeft(t *testing.T) {
	const mib = 1 << 20
	if _, ok := imageWorkBytes(math.MaxInt64, 400*mib); ok {
		t.Fatal("bounded without a memory limit")
	}
	for _, c := range []struct{ limit, live, want int64 }{
		{640 * mib, 378 * mib, 131 * mib}, // 1,000,000 + 1,000,000 once loaded
		{640 * mib, 70 * mib, 285 * mib},  // 100,000 + 100,000
		{640 * mib, 700 * mib, 0},         // over the limit already
	} {
		if got, ok := imageWorkBytes(c.limit, c.live); !ok || got != c.want {
			t.Errorf("limit %d MiB, live %d MiB: %d MiB (%v), want %d", c.limit/mib, c.live/mib, got/mib, ok, c.want/mib)
		}
	}
}
