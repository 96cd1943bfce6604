package limits

import (
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// lockBytesPerName is what the sign-in lock keeps for each unknown
// username of length size tried once (heap after a collection).
func lockBytesPerName(n, size int) float64 {
	s := &signIns{byKey: map[string]*failures{}}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	t := time.Now()
	pad := strings.Repeat("x", size)
	for i := range n {
		id := strconv.Itoa(i)
		s.begin("account|"+pad[:size-len(id)]+id, t)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(s)
	return float64(after.HeapAlloc-before.HeapAlloc) / float64(n)
}

// The lock keeps every unknown name tried for an hour, so a name's size is
// bounded at sign-in (32 characters, accounts.MaxUsername): measured here,
// and written in docs/security.md. Before the bound a 16 KB name cost 16 KB.
func TestSignInLockMemoryPerUnknownName(t *testing.T) {
	bounded := lockBytesPerName(100_000, 32)
	unbounded := lockBytesPerName(2_000, 16<<10)
	t.Logf("sign-in lock: %.0f bytes per 32-character name (%.1f MB per 100,000), %.0f bytes per 16 KB name",
		bounded, bounded*100_000/1e6, unbounded)
	if bounded > 400 {
		t.Errorf("a 32-character unknown name costs %.0f bytes in the lock, want under 400", bounded)
	}
}
