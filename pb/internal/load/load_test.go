// Package load_test is make load: the whole app under a community's load
// (issue 39). It seeds a data directory (LOAD_MEMBERS members with
// subscriptions, LOAD_LISTINGS listings of each kind from make bench's
// corpus, posted by the acting members), starts the real server binary on
// it as deployed (GOMEMLIMIT from fly.toml) with rate limits off, and then:
//
//  1. opens every member's realtime stream as the web app does (GET
//     /api/realtime with the session cookie, then POST /api/realtime
//     subscribing to messages/*, conversations/*, notifications/*, deals/*
//     and session; web/src/lib/pb.ts), from loopback addresses 127.0.0.2
//     and up, 200 streams an address (the server allows 256 an address,
//     pb/internal/builtin/streams.go);
//  2. measures the signed-in GET /api/health ceiling with those streams open;
//  3. has LOAD_ACTIVE of the members act for LOAD_SECONDS as members do:
//     each reads for a think time drawn for every action from LOAD_THINK
//     (0.5-3 s by default; 0: none, each action as soon as the last is
//     answered, the server's saturation), then acts with parameters drawn
//     fresh each time (browse and filter both lists, open a listing, start a
//     conversation and send a message, apply, pledge, deal steps, read
//     notifications), and times every message from its POST to the
//     receiver's realtime event;
//  4. runs each route class alone for LOAD_CLASS_SECONDS to read the
//     server's CPU a request of that class (process CPU from
//     /proc/<pid>/stat over the requests answered).
//
// It prints, per route class, requests, p50/p99, errors by status and CPU a
// request; the realtime delivery p50/p99; the server's peak memory (VmHWM
// and the sampled peak of anonymous memory). Without LOAD_BIN (set by make
// load) the test is skipped at once, so go test ./... does not run it.
package load_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	mrand "math/rand"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/benchdata"
	"sponsorbridge/pb/internal/testutil"
)

// params are the load's settings, read from the environment.
type params struct {
	bin                             string
	members, active, listings       int
	seconds, classSeconds, perAddrs int
	memLimit                        string
	think                           [2]time.Duration // an acting member's pause before each action: drawn in [0], [1]
}

// defaultThink is LOAD_THINK's default: a member reads a page, a list or a
// conversation for half a second to three seconds before their next action.
const defaultThink = "0.5-3"

// parseThink reads LOAD_THINK: seconds, "a-b" (drawn evenly between a and b
// for every action) or "a" (always a); "0" acts flat out.
func parseThink(v string) ([2]time.Duration, error) {
	lo, hi, ranged := strings.Cut(strings.TrimSpace(v), "-")
	if !ranged {
		hi = lo
	}
	var out [2]time.Duration
	for i, part := range []string{lo, hi} {
		f, err := strconv.ParseFloat(strings.TrimSpace(part), 64)
		if err != nil || f < 0 || f > 600 {
			return out, fmt.Errorf("LOAD_THINK=%q: want seconds, as 2 or 0.5-3 (0: flat out)", v)
		}
		out[i] = time.Duration(f * float64(time.Second))
	}
	if out[1] < out[0] {
		return out, fmt.Errorf("LOAD_THINK=%q: the range ends below its start", v)
	}
	return out, nil
}

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n >= 0 {
		return n
	}
	return def
}

// root is the repository's root (fly.toml).
func root() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..")
}

func TestLoad(t *testing.T) {
	p := params{
		bin:          os.Getenv("LOAD_BIN"),
		members:      envInt("LOAD_MEMBERS", 2000),
		active:       envInt("LOAD_ACTIVE", 200),
		listings:     envInt("LOAD_LISTINGS", 20_000),
		seconds:      envInt("LOAD_SECONDS", 30),
		classSeconds: envInt("LOAD_CLASS_SECONDS", 3),
		perAddrs:     200,
		memLimit:     os.Getenv("GOMEMLIMIT"),
	}
	if p.bin == "" {
		t.Skip("make load runs this (LOAD_BIN names the server binary)")
	}
	think := os.Getenv("LOAD_THINK")
	if think == "" {
		think = defaultThink
	}
	var err error
	if p.think, err = parseThink(think); err != nil {
		t.Fatal(err)
	}
	if p.memLimit == "" {
		limit, err := benchdata.DeployedMemLimit(filepath.Join(root(), "fly.toml"))
		if err != nil {
			t.Fatal(err)
		}
		p.memLimit = limit
	}
	p.active = max(2, min(p.active, p.members))
	fmt.Printf("make load: %d members online, %d acting (%s), %d listings of each kind, %d s mixed load, %d s a class alone\n",
		p.members, p.active, p.thinking(), p.listings, p.seconds, p.classSeconds)
	fmt.Printf("server: GOMEMLIMIT=%s, RATE_LIMITS=false (off for the run: the per-address and per-member request limits,\n"+
		"  messages, applications, pledges and sign-in limits of docs/security.md); realtime stream caps kept (256 an address,\n"+
		"  8 a member): the streams come from %d loopback addresses, %d each\n",
		p.memLimit, (p.members+p.perAddrs-1)/p.perAddrs, p.perAddrs)

	s := seed(t, p)
	srv := start(t, p, s.dir, s.cookies[0])
	l := &load{p: p, s: s, srv: srv, sent: map[int64]sentMessage{}}
	l.openStreams(t)
	l.health()
	l.run()
	l.classesAlone()
	l.report()
}

// thinking says how the acting members pace themselves.
func (p params) thinking() string {
	switch {
	case p.think[1] == 0:
		return "flat out: each action as soon as the last is answered, LOAD_THINK=0"
	case p.think[0] == p.think[1]:
		return fmt.Sprintf("%s between actions, LOAD_THINK", p.think[0])
	}
	return fmt.Sprintf("%s to %s between actions, drawn for each, LOAD_THINK", p.think[0], p.think[1])
}

// seeded is the data directory and who is in it.
type seeded struct {
	dir      string
	ids      []string // member ids, by index
	cookies  []string // their session cookies ("name=token")
	listings int      // listings of each kind: ids b%014d
}

func seed(t *testing.T, p params) *seeded {
	start := time.Now()
	app := apptest.NewApp(t, nil)
	s := &seeded{listings: p.listings}
	err := app.RunInTransaction(func(tx core.App) error {
		for i := range p.members {
			m := testutil.CreateMember(t, tx, fmt.Sprintf("load%05d", i), testutil.MemberOpts{Subscribed: true})
			s.ids = append(s.ids, m.Id)
			s.cookies = append(s.cookies, testutil.Cookie(t, m)["Cookie"])
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// The acting members post the listings: their applications and pledges
	// reach members who answer them.
	corpus := benchdata.NewCorpus()
	for i, table := range []string{"sponsorships", "sponsorship_requests"} {
		if err := corpus.SeedListings(app, table, s.ids[:p.active], p.listings, int64(i+1)); err != nil {
			t.Fatal(err)
		}
	}
	for _, q := range []string{"ANALYZE", "PRAGMA wal_checkpoint(TRUNCATE)"} {
		if _, err := app.DB().NewQuery(q).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := app.AuxDB().NewQuery("PRAGMA wal_checkpoint(TRUNCATE)").Execute(); err != nil {
		t.Fatal(err)
	}
	s.dir = t.TempDir()
	for _, f := range []string{"data.db", "auxiliary.db"} {
		raw, err := os.ReadFile(filepath.Join(app.DataDir(), f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(s.dir, f), raw, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	app.Cleanup()
	fmt.Printf("seeded %d members and %d listings of each kind in %s\n", p.members, p.listings, time.Since(start).Round(time.Millisecond))
	return s
}

// server is the running binary.
type server struct {
	base string
	pid  int
	log  string // its standard output and error: the Go runtime's GC trace among them
}

func start(t *testing.T, p params, dir, cookie string) *server {
	return startOn(t, p, dir, cookie, freeAddr(t))
}

// freeAddr is a loopback address no one listens on.
func freeAddr(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// startOn starts the binary listening on addr (a restart keeps the address).
func startOn(t *testing.T, p params, dir, cookie, addr string) *server {
	base := "http://" + addr
	cmd := exec.Command(p.bin, "serve", "--http", addr, "--dir", dir)
	// gctrace: each collection writes a line to the log, with the heap
	// live after it (liveHeap); the runtime's own figure of what the
	// process holds, the collector's headroom and unreturned pages apart
	godebug := "gctrace=1"
	if g := os.Getenv("GODEBUG"); g != "" {
		godebug = g + "," + godebug
	}
	cmd.Env = append(os.Environ(), "RATE_LIMITS=false", "APP_URL="+base, "GOMEMLIMIT="+p.memLimit, "GODEBUG="+godebug)
	logFile, err := os.Create(filepath.Join(dir, "server.log"))
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
		}
		_ = logFile.Close()
	})
	srv := &server{base: base, pid: cmd.Process.Pid, log: logFile.Name()}
	began := time.Now()
	for _, path := range []string{"/api/health", "/api/sponsorships"} {
		for {
			req, _ := http.NewRequest(http.MethodGet, base+path, nil)
			req.Header.Set("Cookie", cookie) // lists answer 503 until the index is loaded
			res, err := http.DefaultClient.Do(req)
			if err == nil {
				_, _ = io.Copy(io.Discard, res.Body)
				_ = res.Body.Close()
				if res.StatusCode == http.StatusOK {
					break
				}
			}
			if time.Since(began) > 5*time.Minute {
				log, _ := os.ReadFile(filepath.Join(dir, "server.log"))
				t.Fatalf("%s did not answer 200; server log:\n%s", path, log)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	fmt.Printf("server ready (index loaded) %s after start\n", time.Since(began).Round(time.Millisecond))
	return srv
}

// liveHeap answers the heap the last collection left live, in MB, and how
// many collections have run (the runtime's GC trace in the server's log:
// "gc N @…: A->B->C MB, …"); 0, 0 before the first.
func (s *server) liveHeap() (mb, collections int) {
	raw, err := os.ReadFile(s.log)
	if err != nil {
		return 0, 0
	}
	for line := range strings.Lines(string(raw)) {
		if !strings.HasPrefix(line, "gc ") {
			continue
		}
		var n int
		if _, err := fmt.Sscanf(line, "gc %d ", &n); err != nil {
			continue
		}
		_, sizes, ok := strings.Cut(line, " ms cpu, ")
		sizes, _, ok2 := strings.Cut(sizes, " MB")
		parts := strings.Split(sizes, "->")
		if !ok || !ok2 || len(parts) != 3 {
			continue
		}
		if live, err := strconv.Atoi(parts[2]); err == nil {
			mb, collections = live, n
		}
	}
	return mb, collections
}

// cpu is the server's user+system CPU so far (/proc/<pid>/stat, in clock
// ticks of 10 ms: Linux's USER_HZ).
func (s *server) cpu() time.Duration {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", s.pid))
	if err != nil {
		return 0
	}
	// fields after the command's closing parenthesis: state is field 3,
	// utime 14 and stime 15
	f := strings.Fields(string(raw[bytes.LastIndexByte(raw, ')')+1:]))
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(utime+stime) * 10 * time.Millisecond
}

// status is the kB fields of /proc/<pid>/status.
func (s *server) status() map[string]int {
	raw, _ := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.pid))
	out := map[string]int{}
	for _, line := range strings.Split(string(raw), "\n") {
		if f := strings.Fields(line); len(f) >= 2 {
			out[f[0]], _ = strconv.Atoi(f[1])
		}
	}
	return out
}

// sentMessage is a message on its way: when its POST began and who should
// hear it.
type sentMessage struct {
	at       time.Time
	receiver int
}

// stat is one route class's answers.
type stat struct {
	lat    []time.Duration
	status map[int]int // non-2xx answers by status; 0: no answer
	cpu    time.Duration
	alone  int // requests in the class's own phase
}

type load struct {
	p   params
	s   *seeded
	srv *server

	mu         sync.Mutex
	stats      map[string]*stat
	sent       map[int64]sentMessage
	delivery   []time.Duration
	seq        atomic.Int64
	healthRate float64
	healthCPU  time.Duration
	peakAnon   atomic.Int64 // kB
	streamKB   int

	actions  *http.Client
	convs    sync.Map // "a:b" -> conversation id
	countOps bool
	phaseEnd chan struct{} // closed when the running phase ends (a thinking member stops at once)
}

func (l *load) record(class string, d time.Duration, code int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.stats == nil {
		l.stats = map[string]*stat{}
	}
	st := l.stats[class]
	if st == nil {
		st = &stat{status: map[int]int{}}
		l.stats[class] = st
	}
	if !l.countOps {
		return
	}
	st.lat = append(st.lat, d)
	if code < 200 || code > 299 {
		st.status[code]++
	}
}

// call sends one request as member m (-1: no session) and answers the
// status and body, recording it under class.
func (l *load) call(class string, m int, method, path string, body any) (int, []byte) {
	var rd io.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		rd = bytes.NewReader(raw)
	}
	req, _ := http.NewRequest(method, l.srv.base+path, rd)
	req.Header.Set("Origin", l.srv.base)
	req.Header.Set("Accept-Encoding", "gzip") // as a browser; the body is not decoded
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if m >= 0 {
		req.Header.Set("Cookie", l.s.cookies[m])
	}
	t0 := time.Now()
	res, err := l.actions.Do(req)
	if err != nil {
		l.record(class, time.Since(t0), 0)
		return 0, nil
	}
	raw, _ := io.ReadAll(res.Body)
	_ = res.Body.Close()
	l.record(class, time.Since(t0), res.StatusCode)
	return res.StatusCode, raw
}

// openStreams opens every member's realtime stream and subscribes it.
func (l *load) openStreams(t *testing.T) {
	l.actions = &http.Client{Timeout: 60 * time.Second, Transport: &http.Transport{
		MaxIdleConnsPerHost: l.p.active + 64, DisableCompression: true}}
	go func() { // the anonymous memory's peak, sampled
		for {
			st := l.srv.status()
			if len(st) == 0 {
				return
			}
			if v := int64(st["RssAnon:"]); v > l.peakAnon.Load() {
				l.peakAnon.Store(v)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}()
	before := l.srv.status()["RssAnon:"]
	began := time.Now()
	var wg sync.WaitGroup
	var failed atomic.Int64
	var firstErr atomic.Value
	transports := map[int]*http.Transport{}
	sem := make(chan struct{}, 32)
	for m := range l.p.members {
		a := m / l.p.perAddrs
		tr := transports[a]
		if tr == nil {
			local := &net.TCPAddr{IP: net.IPv4(127, 0, 0, byte(2+a))}
			d := &net.Dialer{LocalAddr: local, Timeout: 10 * time.Second}
			tr = &http.Transport{DialContext: d.DialContext, DisableCompression: true, MaxIdleConnsPerHost: 64}
			transports[a] = tr
		}
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			ready := make(chan error, 1)
			go l.stream(m, tr, ready)
			if err := <-ready; err != nil {
				failed.Add(1)
				firstErr.CompareAndSwap(nil, err)
			}
			<-sem
		}()
	}
	wg.Wait()
	if n := failed.Load(); n > 0 {
		t.Fatalf("%d of %d streams did not open: %v", n, l.p.members, firstErr.Load())
	}
	runtime.GC()
	time.Sleep(time.Second)
	after := l.srv.status()["RssAnon:"]
	l.streamKB = (after - before) / max(l.p.members, 1)
	fmt.Printf("%d streams open and subscribed in %s; anonymous memory %d -> %d MB a second after (about %d KiB a stream, the opening's garbage included: the idle tabs' phase reads it settled)\n",
		l.p.members, time.Since(began).Round(time.Millisecond), before/1024, after/1024, l.streamKB)
}

// stream is member m's open tab: it connects, subscribes as the web app,
// says so on ready, then reads events until the server ends the stream,
// timing the messages sent to m.
func (l *load) stream(m int, tr *http.Transport, ready chan<- error) {
	client := &http.Client{Transport: tr}
	req, _ := http.NewRequestWithContext(context.Background(), http.MethodGet, l.srv.base+"/api/realtime", nil)
	req.Header.Set("Cookie", l.s.cookies[m])
	req.Header.Set("Accept", "text/event-stream")
	res, err := client.Do(req)
	if err != nil {
		ready <- err
		return
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		raw, _ := io.ReadAll(res.Body)
		ready <- fmt.Errorf("GET /api/realtime: %d %s", res.StatusCode, raw)
		return
	}
	rd := bufio.NewReader(res.Body)
	subscribed := false
	var event string
	for {
		line, err := rd.ReadString('\n')
		if err != nil {
			if !subscribed {
				ready <- fmt.Errorf("stream ended before PB_CONNECT: %w", err)
			}
			return
		}
		line = strings.TrimRight(line, "\r\n")
		switch {
		case strings.HasPrefix(line, "event:"):
			event = strings.TrimSpace(line[len("event:"):])
		case strings.HasPrefix(line, "data:"):
			data := strings.TrimSpace(line[len("data:"):])
			if event == "PB_CONNECT" && !subscribed {
				var c struct {
					ClientID string `json:"clientId"`
				}
				_ = json.Unmarshal([]byte(data), &c)
				ready <- l.subscribe(m, tr, c.ClientID)
				subscribed = true
			} else if strings.HasPrefix(event, "messages/") {
				l.heard(m, data)
			}
		}
	}
}

func (l *load) subscribe(m int, tr *http.Transport, clientID string) error {
	body, _ := json.Marshal(map[string]any{"clientId": clientID,
		"subscriptions": []string{"messages/*", "conversations/*", "notifications/*", "deals/*", "session"}})
	req, _ := http.NewRequest(http.MethodPost, l.srv.base+"/api/realtime", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", l.srv.base)
	req.Header.Set("Cookie", l.s.cookies[m])
	res, err := (&http.Client{Transport: tr, Timeout: 60 * time.Second}).Do(req)
	if err != nil {
		return err
	}
	raw, _ := io.ReadAll(res.Body)
	_ = res.Body.Close()
	if res.StatusCode != http.StatusNoContent {
		return fmt.Errorf("POST /api/realtime: %d %s", res.StatusCode, raw)
	}
	return nil
}

// heard times a message event if it is one of ours and m its receiver.
func (l *load) heard(m int, data string) {
	now := time.Now()
	i := strings.Index(data, "loadmsg-")
	if i < 0 {
		return
	}
	rest := data[i+len("loadmsg-"):]
	seq, err := strconv.ParseInt(rest[:strings.IndexByte(rest, '-')], 10, 64)
	if err != nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if s, ok := l.sent[seq]; ok && s.receiver == m {
		delete(l.sent, seq)
		if l.countOps {
			l.delivery = append(l.delivery, now.Sub(s.at))
		}
	}
}

// health is the signed-in /api/health ceiling with the streams open: 32
// clients as fast as answered for 5 seconds.
func (l *load) health() {
	rate, cpu, _ := l.phase(5*time.Second, 32, func(rng *mrand.Rand, m int) {
		l.call("health", m%l.p.members, http.MethodGet, "/api/health", nil)
	})
	l.healthRate, l.healthCPU = rate, cpu
	fmt.Printf("signed-in GET /api/health ceiling: %.0f requests/s, %s CPU a request\n", rate, cpu.Round(time.Microsecond))
	l.mu.Lock()
	delete(l.stats, "health")
	l.mu.Unlock()
}

// phase runs n acting members for d, each doing act over and over, and
// answers the requests a second, the server's CPU a request and the count.
func (l *load) phase(d time.Duration, n int, act func(rng *mrand.Rand, m int)) (float64, time.Duration, int) {
	l.mu.Lock()
	l.countOps = true
	counted := 0
	for _, st := range l.stats {
		counted += len(st.lat)
	}
	l.mu.Unlock()
	l.phaseEnd = make(chan struct{})
	cpu0, t0 := l.srv.cpu(), time.Now()
	var stop atomic.Bool
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := mrand.New(mrand.NewSource(int64(i + 1)))
			for !stop.Load() {
				act(rng, i)
			}
		}()
	}
	time.Sleep(d)
	stop.Store(true)
	close(l.phaseEnd)
	wg.Wait()
	elapsed, cpu := time.Since(t0), l.srv.cpu()-cpu0
	l.mu.Lock()
	l.countOps = false
	total := 0
	for _, st := range l.stats {
		total += len(st.lat)
	}
	l.mu.Unlock()
	reqs := total - counted
	if reqs == 0 {
		return 0, 0, 0
	}
	return float64(reqs) / elapsed.Seconds(), cpu / time.Duration(reqs), reqs
}

// The route classes and their shares of the mixed load (of 100).
var classes = []struct {
	name  string
	share int
	act   func(l *load, rng *mrand.Rand, m int)
}{
	{"browse", 40, (*load).browse},
	{"open listing", 15, (*load).open},
	{"message", 15, (*load).message},
	{"apply", 6, (*load).apply},
	{"applications", 4, (*load).applications},
	{"pledge", 6, (*load).pledge},
	{"deal", 7, (*load).deal},
	{"notifications", 7, (*load).notifications},
}

// think is an acting member's pause before an action, drawn in LOAD_THINK's
// range; it answers false when the phase ended meanwhile.
func (l *load) think(rng *mrand.Rand) bool {
	lo, hi := l.p.think[0], l.p.think[1]
	if hi == 0 {
		return true
	}
	d := lo + time.Duration(rng.Int63n(int64(hi-lo)+1))
	select {
	case <-time.After(d):
		return true
	case <-l.phaseEnd:
		return false
	}
}

func (l *load) run() {
	rate, cpu, n := l.phase(time.Duration(l.p.seconds)*time.Second, l.p.active, func(rng *mrand.Rand, m int) {
		if !l.think(rng) {
			return
		}
		x := rng.Intn(100)
		for _, c := range classes {
			if x < c.share {
				c.act(l, rng, m)
				return
			}
			x -= c.share
		}
	})
	fmt.Printf("mixed load (%s): %d requests, %.0f a second (%.0f%% of the health ceiling), %s server CPU a request\n",
		l.p.thinking(), n, rate, 100*rate/max(l.healthRate, 1), cpu.Round(time.Microsecond))
}

// classesAlone runs each class alone to read its CPU a request; its
// latencies are not added to the mixed load's.
func (l *load) classesAlone() {
	if l.p.classSeconds == 0 {
		return
	}
	for _, c := range classes {
		mixed := l.snapshot()
		_, cpu, n := l.phase(time.Duration(l.p.classSeconds)*time.Second, l.p.active, func(rng *mrand.Rand, m int) { c.act(l, rng, m) })
		l.restore(mixed)
		l.mu.Lock()
		if st := l.stats[c.name]; st != nil {
			st.cpu, st.alone = cpu, n
		}
		l.mu.Unlock()
	}
}

// snapshot and restore keep the mixed load's latencies apart from a class's
// own phase.
func (l *load) snapshot() map[string]stat {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := map[string]stat{}
	for k, st := range l.stats {
		codes := map[int]int{}
		for c, n := range st.status {
			codes[c] = n
		}
		out[k] = stat{lat: slices.Clone(st.lat), status: codes, cpu: st.cpu, alone: st.alone}
	}
	out["\x00delivery"] = stat{lat: slices.Clone(l.delivery)}
	return out
}

func (l *load) restore(s map[string]stat) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for k, st := range s {
		if k == "\x00delivery" {
			l.delivery = st.lat
			continue
		}
		l.stats[k] = &stat{lat: st.lat, status: st.status, cpu: st.cpu, alone: st.alone}
	}
}

// The acts. Every URL carries parameters drawn for that request.

var corpus = benchdata.NewCorpus()

func kind(rng *mrand.Rand) string {
	return []string{"/api/sponsorships", "/api/sponsorship-requests"}[rng.Intn(2)]
}

func (l *load) browse(rng *mrand.Rand, m int) {
	z := corpus.Zipf(rng)
	v := url.Values{}
	switch rng.Intn(4) {
	case 0:
		v.Set("page", strconv.Itoa(1+rng.Intn(5)))
		v.Set("perPage", strconv.Itoa(10+rng.Intn(41)))
	case 1:
		v.Set("q", corpus.Words[z.Uint64()])
		v.Set("page", strconv.Itoa(1+rng.Intn(3)))
	case 2:
		lo := 1 + rng.Intn(9800)
		v.Set("categories", benchdata.Categories[rng.Intn(7)])
		v.Set("minAmount", strconv.Itoa(lo))
		v.Set("maxAmount", strconv.Itoa(lo+100+rng.Intn(2000)))
		city := benchdata.Cities[rng.Intn(len(benchdata.Cities))]
		v.Set("location", strings.ToLower(city[:3+rng.Intn(len(city)-2)]))
	default:
		v.Set("q", corpus.Words[z.Uint64()]+" "+corpus.Words[z.Uint64()][:2])
		v.Set("categories", benchdata.Categories[rng.Intn(7)])
		v.Set("minAmount", strconv.Itoa(1+rng.Intn(9000)))
		v.Set("sort", []string{"amount_desc", "amount_asc"}[rng.Intn(2)])
	}
	l.call("browse", m, http.MethodGet, kind(rng)+"?"+v.Encode(), nil)
}

func (l *load) listing(rng *mrand.Rand) string {
	return fmt.Sprintf("b%014d", rng.Intn(max(l.s.listings, 1)))
}

func (l *load) open(rng *mrand.Rand, m int) {
	l.call("open listing", m, http.MethodGet, kind(rng)+"/"+l.listing(rng), nil)
}

// message: m writes to another member online (their stream times it); the
// conversation is started once a pair.
func (l *load) message(rng *mrand.Rand, m int) {
	to := rng.Intn(l.p.members - 1)
	if to >= m {
		to++
	}
	key := fmt.Sprintf("%d:%d", min(m, to), max(m, to))
	id, ok := l.convs.Load(key)
	if !ok {
		code, raw := l.call("start conversation", m, http.MethodPost, "/api/conversations", map[string]string{"userId": l.s.ids[to]})
		var c struct {
			ID string `json:"id"`
		}
		if code/100 != 2 || json.Unmarshal(raw, &c) != nil || c.ID == "" {
			return
		}
		l.convs.Store(key, c.ID)
		id = c.ID
	}
	seq := l.seq.Add(1)
	l.mu.Lock()
	l.sent[seq] = sentMessage{at: time.Now(), receiver: to}
	l.mu.Unlock()
	z := corpus.Zipf(rng)
	code, _ := l.call("message", m, http.MethodPost, "/api/conversations/"+id.(string)+"/messages",
		map[string]string{"body": fmt.Sprintf("loadmsg-%d- %s", seq, corpus.Text(rng, z, 3+rng.Intn(20), true))})
	if code/100 != 2 { // nothing to hear
		l.mu.Lock()
		delete(l.sent, seq)
		l.mu.Unlock()
	}
}

func (l *load) apply(rng *mrand.Rand, m int) {
	z := corpus.Zipf(rng)
	l.call("apply", m, http.MethodPost, "/api/sponsorships/"+l.listing(rng)+"/apply",
		map[string]string{"message": corpus.Text(rng, z, 5+rng.Intn(30), true)})
}

// applications: a poster reads the applications received and accepts or
// declines the first pending one (an accepted one opens a deal).
func (l *load) applications(rng *mrand.Rand, m int) {
	code, raw := l.call("applications", m, http.MethodGet,
		fmt.Sprintf("/api/applications?role=received&status=pending&page=%d", 1+rng.Intn(2)), nil)
	var page struct {
		Items []struct {
			ID string `json:"id"`
		} `json:"items"`
	}
	if code != http.StatusOK || json.Unmarshal(raw, &page) != nil || len(page.Items) == 0 {
		return
	}
	verb := []string{"accept", "decline"}[rng.Intn(2)]
	l.call("applications", m, http.MethodPost, "/api/applications/"+page.Items[rng.Intn(len(page.Items))].ID+"/"+verb, nil)
}

func (l *load) pledge(rng *mrand.Rand, m int) {
	l.call("pledge", m, http.MethodPost, "/api/sponsorship-requests/"+l.listing(rng)+"/sponsor",
		map[string]any{"amount": 1 + rng.Intn(25), "message": corpus.Text(rng, corpus.Zipf(rng), 3+rng.Intn(10), false)})
}

// deal: the member's next step on one of their deals: propose the
// deliverables, agree to the other side's, say the funds were sent or
// received; else open it.
func (l *load) deal(rng *mrand.Rand, m int) {
	status := []string{"negotiating", "agreed"}[rng.Intn(2)]
	code, raw := l.call("deal", m, http.MethodGet, fmt.Sprintf("/api/deals?status=%s&page=%d", status, 1+rng.Intn(2)), nil)
	var page struct {
		Items []struct {
			ID, Status, ProposedBy, FundsSentAt string
			Version                             int
			Proposal                            []json.RawMessage
			Sponsor, Recipient                  struct{ ID string }
		} `json:"items"`
	}
	if code != http.StatusOK || json.Unmarshal(raw, &page) != nil || len(page.Items) == 0 {
		return
	}
	d := page.Items[rng.Intn(len(page.Items))]
	me, path := l.s.ids[m], "/api/deals/"+d.ID
	var body any
	switch {
	case d.Status == "negotiating" && len(d.Proposal) == 0:
		path += "/deliverables"
		body = map[string]any{"deliverables": []map[string]string{{"title": corpus.Text(rng, corpus.Zipf(rng), 3, false)}}}
	case len(d.Proposal) > 0 && d.ProposedBy != me:
		path += "/agree"
		body = map[string]int{"version": d.Version}
	case d.Status == "agreed" && d.Sponsor.ID == me && d.FundsSentAt == "":
		path += "/funds-sent"
	case d.Status == "agreed" && d.Recipient.ID == me && d.FundsSentAt != "":
		path += "/funds-received"
	default:
		l.call("deal", m, http.MethodGet, path, nil)
		return
	}
	l.call("deal", m, http.MethodPost, path, body)
}

func (l *load) notifications(rng *mrand.Rand, m int) {
	code, raw := l.call("notifications", m, http.MethodGet, fmt.Sprintf("/api/notifications?page=%d", 1+rng.Intn(2)), nil)
	var page struct {
		Items []struct {
			ID string `json:"id"`
		} `json:"items"`
	}
	if code != http.StatusOK || json.Unmarshal(raw, &page) != nil || len(page.Items) == 0 {
		return
	}
	body := map[string]any{"ids": []string{page.Items[rng.Intn(len(page.Items))].ID}}
	if rng.Intn(4) == 0 {
		body = map[string]any{} // all read
	}
	l.call("notifications", m, http.MethodPost, "/api/notifications/read", body)
}

func pct(lat []time.Duration, p int) time.Duration {
	if len(lat) == 0 {
		return 0
	}
	return lat[len(lat)*p/100]
}

func (l *load) report() {
	l.mu.Lock()
	defer l.mu.Unlock()
	ms := func(d time.Duration) string { return strconv.FormatFloat(float64(d)/1e6, 'f', 1, 64) }
	fmt.Printf("\n| route class | requests | p50 ms | p99 ms | errors (status: count) | CPU a request (class alone) |\n|---|---:|---:|---:|---|---:|\n")
	names := make([]string, 0, len(l.stats))
	for k := range l.stats {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		st := l.stats[k]
		slices.Sort(st.lat)
		var errs []string
		codes := make([]int, 0, len(st.status))
		for c := range st.status {
			codes = append(codes, c)
		}
		slices.Sort(codes)
		for _, c := range codes {
			errs = append(errs, fmt.Sprintf("%d: %d", c, st.status[c]))
		}
		e := strings.Join(errs, ", ")
		if e == "" {
			e = "none"
		}
		cpu := "–"
		if st.alone > 0 {
			cpu = fmt.Sprintf("%s ms (%d requests)", ms(st.cpu), st.alone)
		}
		fmt.Printf("| %s | %d | %s | %s | %s | %s |\n", k, len(st.lat), ms(pct(st.lat, 50)), ms(pct(st.lat, 99)), e, cpu)
	}
	slices.Sort(l.delivery)
	fmt.Printf("| signed-in GET /api/health (ceiling, alone) | %.0f a second | | | | %s ms |\n", l.healthRate, ms(l.healthCPU))
	fmt.Printf("\nrealtime delivery (message POST sent -> the receiver's event), mixed load: %d messages, p50 %s ms, p99 %s ms; %d not heard\n",
		len(l.delivery), ms(pct(l.delivery, 50)), ms(pct(l.delivery, 99)), len(l.sent))
	st := l.srv.status()
	fmt.Printf("server memory: VmHWM %d MB, peak anonymous %d MB (sampled every 50 ms), now anonymous %d MB; GOMEMLIMIT=%s\n",
		st["VmHWM:"]/1024, l.peakAnon.Load()/1024, st["RssAnon:"]/1024, l.p.memLimit)
}

// TestParseThink: LOAD_THINK's forms, and what it refuses, without a server.
func TestParseThink(t *testing.T) {
	for in, want := range map[string][2]time.Duration{
		"0.5-3": {500 * time.Millisecond, 3 * time.Second}, "0": {}, "2": {2 * time.Second, 2 * time.Second}, " 1 - 1.5 ": {time.Second, 1500 * time.Millisecond},
	} {
		if got, err := parseThink(in); err != nil || got != want {
			t.Errorf("parseThink(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "fast", "3-1", "-1", "1-", "9999"} {
		if _, err := parseThink(in); err == nil {
			t.Errorf("parseThink(%q) took it", in)
		}
	}
}
