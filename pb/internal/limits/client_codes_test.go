package limits

import (
	"encoding/binary"
	"net/netip"
	"runtime"
	"testing"
	"time"
)

// A client is an IPv4 address, or an IPv6 address's /64.
func TestClientKeys(t *testing.T) {
	same := [][2]string{
		{"2001:db8:1:2::1", "2001:db8:1:2:ffff:ffff:ffff:ffff"},
		{"203.0.113.9", "::ffff:203.0.113.9"},
		{"fe80::1%eth0", "fe80::2"},
	}
	for _, p := range same {
		if clientKeyOf(p[0]) != clientKeyOf(p[1]) {
			t.Errorf("%s and %s count apart, want as one client", p[0], p[1])
		}
	}
	apart := [][2]string{
		{"2001:db8:1:2::1", "2001:db8:1:3::1"},
		{"203.0.113.9", "203.0.113.10"},
		{"203.0.113.9", "2001:db8::1"},
	}
	for _, p := range apart {
		if clientKeyOf(p[0]) == clientKeyOf(p[1]) {
			t.Errorf("%s and %s count as one client, want apart", p[0], p[1])
		}
	}
}

// The count: 50 wrong codes from the first one's time, then none for the
// rest of its 24 hours; a new window after.
func TestClientCountWindow(t *testing.T) {
	c := &clientCodes{byClient: map[clientKey]clientCount{}}
	key := clientKeyOf("203.0.113.9")
	start := time.Now()
	for i := range ClientMaxWrongCodes {
		if ok, _ := c.take(key, start.Add(time.Duration(i)*time.Minute)); !ok {
			t.Fatalf("attempt %d refused", i+1)
		}
	}
	ok, wait := c.take(key, start.Add(time.Hour))
	if ok || wait != 23*time.Hour {
		t.Errorf("past the count: %v, wait %v; want refused for 23h", ok, wait)
	}
	if ok, _ := c.take(key, start.Add(24*time.Hour)); !ok {
		t.Error("a new window is refused")
	}
}

// The counts are bounded: at most clientCodesMax clients, each a few dozen
// bytes (measured here, written in docs/security.md).
func TestClientCountMemory(t *testing.T) {
	c := &clientCodes{byClient: map[clientKey]clientCount{}}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	for i := range clientCodesMax + 20_000 {
		var b [16]byte
		b[0] = 0x20
		binary.BigEndian.PutUint64(b[1:9], uint64(i)) // a new /64 each time
		c.take(clientKey(netip.AddrFrom16(b).As16()), start)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(c)
	if n := len(c.byClient); n > clientCodesMax {
		t.Errorf("%d clients counted, want at most %d", n, clientCodesMax)
	}
	perClient := float64(after.HeapAlloc-before.HeapAlloc) / clientCodesMax
	t.Logf("client counts: %.0f bytes per client, %.1f MB when full (%d clients)", perClient, perClient*clientCodesMax/1e6, clientCodesMax)
	if perClient > 100 {
		t.Errorf("%.0f bytes per client counted, want under 100", perClient)
	}
}
