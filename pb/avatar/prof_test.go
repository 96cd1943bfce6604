package avatar_test

import (
	"os"
	"runtime"
	"runtime/pprof"
	"testing"

	"sponsorbridge/pb/avatar"
)

func TestProf(t *testing.T) {
	raw, _ := os.ReadFile("testdata/" + os.Getenv("F"))
	runtime.MemProfileRate = 1
	_ = avatar.Work(raw)
	f, _ := os.Create("/tmp/mem.prof")
	pprof.Lookup("allocs").WriteTo(f, 0)
	f.Close()
}
