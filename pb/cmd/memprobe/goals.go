package main

import (
	"bufio"
	"fmt"
	mrand "math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"sponsorbridge/pb/internal/benchdata"
)

// The search goals of issue 39 measured as the issue measures them: from
// outside, with wrk (Debian's package: a C client on epoll, which costs the
// machine little beside the server), no compression asked, each load's rate
// against the signed-in /api/health ceiling of the same run. memprobe -goals
// (make bench-outside) starts the real binary on make bench's data as
// deployed and runs, one after the other: /api/health without a session,
// /api/health signed in (the ceiling), make bench's mix and its hard mix
// (pb/internal/benchdata), and plain pages, the list route's floor. Every list request is a path drawn afresh from
// those generators (written to a file that wrk's script reads in turn, each
// path once) with one of 256 members' sessions. CPU a request is the
// server's own (/proc/PID/stat), and wrk's is reported beside it.

// goalSessions is how many members' sessions the signed-in loads use, as
// in make bench (one member's would measure the session cache).
const goalSessions = 256

// goalLoad is one wrk run.
type goalLoad struct {
	name     string
	path     func(*mrand.Rand) string // nil: /api/health
	signedIn bool
	ceiling  bool // the load the others are compared with
}

// goalResult is what one wrk run measured.
type goalResult struct {
	requests          int
	seconds           float64
	p50, p99          time.Duration
	errors            string // wrk's error counts, empty when none
	serverCPU, wrkCPU time.Duration
	peakAnonMB        int64
	// paths is how many paths were drawn for the load (each sent once, in
	// turn); distinct how many differ (the mix's plain pages are ten)
	paths, distinct int
}

func (r goalResult) rate() float64 { return float64(r.requests) / r.seconds }

func (r goalResult) cpuPer(d time.Duration) time.Duration {
	if r.requests == 0 {
		return 0
	}
	return d / time.Duration(r.requests)
}

func runGoals(bin, seeded, memLimit string, d time.Duration, conns, threads, rounds int) error {
	wrk, err := exec.LookPath("wrk")
	if err != nil {
		return fmt.Errorf("wrk is not installed (Debian's package: apt-get install wrk): %w", err)
	}
	s, err := start(bin, seeded, memLimit)
	if err != nil {
		return err
	}
	defer s.stop()
	members, err := s.members(goalSessions)
	if err != nil {
		return err
	}
	cookies := make([]string, len(members))
	for i, h := range members {
		cookies[i] = h.Get("Cookie")
	}
	work, err := os.MkdirTemp("", "goals-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	cookieFile := filepath.Join(work, "cookies")
	if err := os.WriteFile(cookieFile, []byte(strings.Join(cookies, "\n")+"\n"), 0o600); err != nil {
		return err
	}
	script := filepath.Join(work, "goals.lua")
	if err := os.WriteFile(script, []byte(wrkScript), 0o600); err != nil {
		return err
	}
	loads := []goalLoad{
		{name: "/api/health, no session"},
		{name: "/api/health, signed in (the ceiling)", signedIn: true, ceiling: true},
		{name: "the mix", path: benchdata.Mix, signedIn: true},
		{name: "the hard mix", path: benchdata.HardMix, signedIn: true},
		// The list route's floor: pages 1-5 of either list, whose cards
		// are always cached and whose total is a counter. The varied mix
		// does all of this and more.
		{name: "plain pages (the list route's floor)", path: benchdata.PlainPage, signedIn: true},
	}
	fmt.Printf("wrk -t%d -c%d -d%s, no compression asked, %d members' sessions\n", threads, conns, d, len(cookies))
	for round := 1; round <= rounds; round++ {
		var ceiling goalResult
		for i, l := range loads {
			paths := filepath.Join(work, fmt.Sprintf("paths-%d-%d", round, i))
			n, distinct, err := writePaths(paths, l.path, int64(round*100+i), int(d.Seconds())*20_000)
			if err != nil {
				return err
			}
			cookiesArg := "-"
			if l.signedIn {
				cookiesArg = cookieFile
			}
			r, err := s.wrk(wrk, script, paths, cookiesArg, d, conns, threads)
			if err != nil {
				return fmt.Errorf("%s: %w", l.name, err)
			}
			r.paths, r.distinct = n, distinct
			if l.ceiling {
				ceiling = r
			}
			printGoal(round, l.name, r, ceiling)
		}
	}
	fmt.Printf("peak anonymous memory of the server: %d MB\n", s.peakAnon.Load()/1024)
	return nil
}

// writePaths writes n paths drawn from gen (one path: /api/health) and
// answers how many it wrote and how many of them are distinct.
func writePaths(file string, gen func(*mrand.Rand) string, seed int64, n int) (written, distinct int, err error) {
	f, err := os.Create(file)
	if err != nil {
		return 0, 0, err
	}
	w := bufio.NewWriter(f)
	seen := map[string]struct{}{}
	if gen == nil {
		n = 1
		gen = func(*mrand.Rand) string { return "/api/health" }
	}
	rng := mrand.New(mrand.NewSource(seed))
	for range n {
		p := gen(rng)
		seen[p] = struct{}{}
		_, _ = w.WriteString(p + "\n")
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return 0, 0, err
	}
	return n, len(seen), f.Close()
}

// wrk runs one load and reads its result line and the CPU both sides spent.
func (s *server) wrk(bin, script, paths, cookies string, d time.Duration, conns, threads int) (goalResult, error) {
	cmd := exec.Command(bin, "-t", strconv.Itoa(threads), "-c", strconv.Itoa(conns), "-d", fmt.Sprintf("%ds", int(d.Seconds())),
		"--timeout", "10s", "-s", script, s.base, "--", paths, cookies, strconv.Itoa(threads), s.base)
	s.phaseAnon.Store(0)
	before, err := processCPU(s.pid)
	if err != nil {
		return goalResult{}, err
	}
	out, err := cmd.Output()
	if err != nil {
		return goalResult{}, fmt.Errorf("wrk: %w: %s", err, out)
	}
	after, err := s.settled()
	if err != nil {
		return goalResult{}, err
	}
	r := goalResult{serverCPU: after - before, peakAnonMB: s.phaseAnon.Load() / 1024}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.wrkCPU = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) != 6 || f[0] != "RESULT" {
			continue
		}
		n := make([]int64, 5)
		for i := range n {
			n[i], _ = strconv.ParseInt(f[i+1], 10, 64)
		}
		r.requests, r.seconds = int(n[0]), float64(n[1])/1e6
		r.p50, r.p99 = time.Duration(n[2])*time.Microsecond, time.Duration(n[3])*time.Microsecond
		if f[5] != "-" {
			r.errors = f[5]
		}
		return r, nil
	}
	return goalResult{}, fmt.Errorf("no result from wrk: %s", out)
}

// settled waits until the server is idle (under 2% of a core over 200 ms,
// at most 60 s) and answers its CPU then: work a load leaves behind (the
// request log's batched writes to auxiliary.db, the collector) is that
// load's, not the next one's.
func (s *server) settled() (time.Duration, error) {
	last, err := processCPU(s.pid)
	if err != nil {
		return 0, err
	}
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); {
		time.Sleep(200 * time.Millisecond)
		now, err := processCPU(s.pid)
		if err != nil {
			return 0, err
		}
		if now-last < 4*time.Millisecond {
			return now, nil
		}
		last = now
	}
	return last, nil
}

func printGoal(round int, name string, r, ceiling goalResult) {
	line := fmt.Sprintf("%d. %-38s %8.0f req/s  p50 %6.2f ms  p99 %7.2f ms  server CPU %5d µs/req  wrk %3d µs/req  peak anon %d MB",
		round, name, r.rate(), float64(r.p50.Microseconds())/1000, float64(r.p99.Microseconds())/1000,
		r.cpuPer(r.serverCPU).Microseconds(), r.cpuPer(r.wrkCPU).Microseconds(), r.peakAnonMB)
	if ceiling.requests > 0 && r.distinct > 1 {
		line += fmt.Sprintf("  %.1f%% of the signed-in ceiling (by server CPU %.1f%%)",
			100*r.rate()/ceiling.rate(), 100*float64(ceiling.cpuPer(ceiling.serverCPU))/float64(r.cpuPer(r.serverCPU)))
		line += fmt.Sprintf("  (%d distinct paths of %d drawn)", r.distinct, r.paths)
		if r.requests > r.paths {
			line += fmt.Sprintf("  (the drawn paths were sent again: %d requests)", r.requests)
		}
	}
	if r.errors != "" {
		line += "  errors " + r.errors
	}
	fmt.Println(line)
}

// processCPU is a process's user and system CPU from /proc/PID/stat (in
// clock ticks of 10 ms, Linux's USER_HZ).
func processCPU(pid int) (time.Duration, error) {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// the command name may hold spaces: the fields start after its ")"
	f := strings.Fields(string(raw[strings.LastIndexByte(string(raw), ')')+1:]))
	if len(f) < 13 {
		return 0, fmt.Errorf("short /proc/%d/stat", pid)
	}
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(utime+stime) * 10 * time.Millisecond, nil
}

// wrkScript reads the paths (each once, in turn, the threads interleaved)
// and the session cookies ("-": none), and prints one line for Go: requests,
// microseconds, p50 and p99 in microseconds, and wrk's errors.
const wrkScript = `
local threads = {}
local counter = 0
function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
  table.insert(threads, thread)
end

local paths, cookies, i, step, origin = {}, {}, 0, 1, ""
function init(args)
  for line in io.lines(args[1]) do paths[#paths + 1] = line end
  if args[2] ~= "-" then
    for line in io.lines(args[2]) do cookies[#cookies + 1] = line end
  end
  step = tonumber(args[3])
  origin = args[4]
  i = id
end

function request()
  local p = paths[(i % #paths) + 1]
  local h = { ["Origin"] = origin }
  if #cookies > 0 then
    h["Cookie"] = cookies[((i * 7919) % #cookies) + 1]
  end
  i = i + step
  return wrk.format("GET", p, h)
end

function done(summary, latency, requests)
  local e = summary.errors
  local errs = {}
  for _, k in ipairs({ "connect", "read", "write", "status", "timeout" }) do
    if e[k] > 0 then errs[#errs + 1] = k .. "=" .. e[k] end
  end
  local es = "-"
  if #errs > 0 then es = table.concat(errs, ",") end
  io.write(string.format("RESULT %d %d %d %d %s\n", summary.requests, summary.duration,
    latency:percentile(50), latency:percentile(99), es))
end
`
