package main

import (
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

type probe struct {
	base string
	pid  int
	seq  atomic.Int64
	// peaks sampled every 20 ms (kB): anonymous memory (the heap, stacks:
	// what the kernel cannot drop) and file pages mapped (SQLite's mmap of
	// data.db, counted once per connection that maps it, so VmHWM overstates)
	peakAnon, peakFile atomic.Int64
	// phaseAnon is the anonymous peak since the last report: a phase after
	// a higher one shows its own
	phaseAnon atomic.Int64
}

// sample records the peaks until the process ends.
func (p *probe) sample() {
	for {
		st, ok := p.read()
		if !ok {
			return
		}
		for _, x := range []struct {
			peak *atomic.Int64
			v    int
		}{{&p.peakAnon, st["RssAnon:"]}, {&p.phaseAnon, st["RssAnon:"]}, {&p.peakFile, st["RssFile:"]}} {
			for {
				old := x.peak.Load()
				if int64(x.v) <= old || x.peak.CompareAndSwap(old, int64(x.v)) {
					break
				}
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// read answers the kB fields of /proc/PID/status.
func (p *probe) read() (map[string]int, bool) {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", p.pid))
	if err != nil {
		return nil, false
	}
	out := map[string]int{}
	for _, line := range strings.Split(string(raw), "\n") {
		f := strings.Fields(line)
		if len(f) >= 2 {
			v, _ := strconv.Atoi(f[1])
			out[f[0]] = v
		}
	}
	return out, true
}

var client = &http.Client{Timeout: 60 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 128}}

func (p *probe) report(phase string) {
	st, _ := p.read()
	fmt.Printf("%s\n    peak anonymous %4d MB (this phase %4d, now %4d), peak file-backed %4d MB, VmHWM %4d MB\n", phase,
		p.peakAnon.Load()/1024, p.phaseAnon.Swap(int64(st["RssAnon:"]))/1024, st["RssAnon:"]/1024, p.peakFile.Load()/1024, st["VmHWM:"]/1024)
}
