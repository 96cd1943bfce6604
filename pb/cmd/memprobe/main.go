// Command memprobe measures the server binary's peak memory under the loads
// a deploy must survive, to size the VM from a measurement (fly.toml;
// docs/security.md, "Memory"). It copies a seeded data directory (make bench
// leaves one in $TMPDIR), starts bin/sponsorbridge on it, samples
// /proc/<pid>/status every 20 ms and reports the peaks after each phase:
//
//  1. started, search index loaded;
//  2. 32 clients listing and searching with varied filters;
//  3. members uploading the largest accepted avatar (4,096 × 4,096 PNG) at once;
//  4. everything at once: the list load, uploads, and thumbnail requests;
//  5. the list load while another process inserts and edits listings in
//     data.db through SQL (the server follows them through its change log,
//     and its index grows).
//
// The figure that sizes a VM is the peak of anonymous memory (heap, stacks,
// SQLite's caches); VmHWM also counts data.db's file pages once for every
// SQLite connection that maps them, though the kernel holds them once.
//
// With -goals it measures issue 39's search goals from outside with wrk
// instead (goals.go; make bench-outside).
//
// Run: make memprobe (or go run ./pb/cmd/memprobe -h). Linux only (/proc).
package main

import (
	"flag"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"sponsorbridge/pb/internal/benchdata"
)

func main() {
	bin := flag.String("bin", "bin/sponsorbridge", "server binary")
	listings := flag.Int("listings", 100_000, "listings of each kind in the seeded data: make bench seeds 100000, make bench-1m 1000000")
	data := flag.String("data", "", "seeded data directory to copy (default: the one make bench leaves for -listings; its benchmember's password is secret-pass-1)")
	memLimit := flag.String("gomemlimit", "", "the server's GOMEMLIMIT (default: fly.toml's, as deployed)")
	seconds := flag.Int("seconds", 20, "length of each load phase")
	clients := flag.Int("clients", 32, "concurrent list and search clients")
	uploaders := flag.Int("uploaders", 6, "members uploading an avatar at once")
	writes := flag.Int("writes", 50, "listings inserted or edited a second through SQL in the last phase")
	goals := flag.Bool("goals", false, "instead of the memory phases, measure issue 39's search goals from outside with wrk (goals.go): -seconds a load, -clients connections")
	threads := flag.Int("threads", 2, "with -goals: wrk's threads")
	rounds := flag.Int("rounds", 1, "with -goals: how many times to run the loads, one after the other")
	onlyCheck := flag.Bool("seeded", false, "only answer whether the seeded data for -listings is there (exit status 0) or not (1)")
	flag.Parse()
	if *onlyCheck {
		if _, err := os.Stat(filepath.Join(seededDir(os.TempDir(), *listings), "data.db")); err != nil {
			fmt.Printf("no seeded data for %d listings of each kind: make bench's benchmarks seed it\n", *listings)
			os.Exit(1)
		}
		os.Exit(0)
	}
	if *memLimit == "" {
		limit, err := benchdata.DeployedMemLimit("fly.toml")
		if err != nil {
			fmt.Fprintln(os.Stderr, "memprobe:", err)
			os.Exit(1)
		}
		*memLimit = limit
	}
	fmt.Printf("GOMEMLIMIT=%s\n", *memLimit)
	seeded := *data
	if seeded == "" {
		seeded = seededDir(os.TempDir(), *listings)
	}
	var err error
	if *goals {
		err = runGoals(*bin, seeded, *memLimit, time.Duration(*seconds)*time.Second, *clients, *threads, *rounds)
	} else {
		err = run(*bin, seeded, *memLimit, time.Duration(*seconds)*time.Second, *clients, *uploaders, *writes)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "memprobe:", err)
		os.Exit(1)
	}
}

// benchDataVersion names the seeded data's shape; it is the benchmarks'
// benchDataVersion (pb/internal/listings/bench_test.go), checked by a test.
const benchDataVersion = "v4"

// seededDir is where the benchmarks leave their seeded data directory.
func seededDir(tmp string, listings int) string {
	return filepath.Join(tmp, fmt.Sprintf("sponsorbridge-bench-%d-%s", listings, benchDataVersion))
}

// server is the binary started on a copy of the seeded data, its index
// loaded.
type server struct {
	*probe
	dir    string
	member http.Header // benchmember, signed in
	stop   func()
}

// start copies the seeded data, starts bin on it with GOMEMLIMIT as deployed
// and waits for its search index.
func start(bin, seeded, memLimit string) (*server, error) {
	dir, err := os.MkdirTemp("", "memprobe-*")
	if err != nil {
		return nil, err
	}
	s := &server{dir: dir, stop: func() { _ = os.RemoveAll(dir) }}
	fail := func(err error) (*server, error) { s.stop(); return nil, err }
	for _, name := range []string{"data.db", "auxiliary.db"} {
		if err := copyFile(filepath.Join(seeded, name), filepath.Join(dir, name)); err != nil {
			return fail(fmt.Errorf("copy the seeded data (make bench, or make bench-1m for 1000000 listings, seeds it once): %w", err))
		}
	}
	port, err := freePort()
	if err != nil {
		return fail(err)
	}
	base := "http://127.0.0.1:" + strconv.Itoa(port)
	cmd := exec.Command(bin, "serve", "--http", "127.0.0.1:"+strconv.Itoa(port), "--dir", dir)
	cmd.Env = append(os.Environ(), "RATE_LIMITS=off", "APP_URL="+base, "GOMEMLIMIT="+memLimit)
	logFile, err := os.Create(filepath.Join(dir, "server.log"))
	if err != nil {
		return fail(err)
	}
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		return fail(err)
	}
	s.stop = func() {
		_ = cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
		}
		_ = os.RemoveAll(dir)
	}
	s.probe = &probe{base: base, pid: cmd.Process.Pid}
	go s.sample()
	started := time.Now()
	if err := s.waitFor("/api/health", nil, 60*time.Second); err != nil {
		return fail(err)
	}
	if s.member, err = s.signIn("benchmember", "secret-pass-1"); err != nil {
		return fail(err)
	}
	if err := s.waitFor("/api/sponsorships", s.member, 10*time.Minute); err != nil {
		return fail(err)
	}
	fmt.Printf("index ready %s after start\n", time.Since(started).Round(time.Millisecond))
	return s, nil
}

func run(bin, seeded, memLimit string, phase time.Duration, clients, uploaders, writes int) error {
	s, err := start(bin, seeded, memLimit)
	if err != nil {
		return err
	}
	defer s.stop()
	p, member, dir := s.probe, s.member, s.dir
	p.report("1. started, index loaded")

	words, err := p.words(member)
	if err != nil {
		return err
	}
	n := p.lists(member, words, clients, phase)
	p.report(fmt.Sprintf("2. %d clients listing and searching for %s (%d requests)", clients, phase, n))

	picture, err := largestPicture()
	if err != nil {
		return err
	}
	fmt.Printf("upload: %d × %d PNG of %d KB\n", 4096, 4096, len(picture)/1024)
	uploaderJars, err := p.members(uploaders)
	if err != nil {
		return err
	}
	ok, busy := p.uploads(uploaderJars, picture)
	p.report(fmt.Sprintf("3. %d avatar uploads at once (%d stored, %d told busy)", uploaders, ok, busy))

	var avatars []string
	for _, h := range uploaderJars {
		path, err := p.avatarPath(h)
		if err != nil {
			return err
		}
		avatars = append(avatars, path)
	}
	// new members upload while the thumbnails of the first ones are asked for
	laterJars, err := p.members(uploaders)
	if err != nil {
		return err
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var listed, thumbs, stored, told atomic.Int64
	wg.Add(3)
	go func() { defer wg.Done(); listed.Store(int64(p.lists(member, words, clients, phase))) }()
	go func() { defer wg.Done(); thumbs.Store(int64(p.thumbnails(avatars, 6, stop))) }()
	go func() {
		defer wg.Done()
		deadline := time.Now().Add(phase)
		for time.Now().Before(deadline) {
			a, b := p.uploads(laterJars, picture)
			stored.Add(int64(a))
			told.Add(int64(b))
		}
	}()
	time.Sleep(phase)
	close(stop)
	wg.Wait()
	p.report(fmt.Sprintf("4. all at once for %s: %d list requests, %d thumbnails, %d uploads stored, %d told busy",
		phase, listed.Load(), thumbs.Load(), stored.Load(), told.Load()))

	if err := p.listWhileWriting(filepath.Join(dir, "data.db"), member, words, clients, writes, phase); err != nil {
		return err
	}
	fmt.Printf("peak anonymous memory: %d MB; data.db is %d MB\n", p.peakAnon.Load()/1024, fileSize(filepath.Join(dir, "data.db"))/(1<<20))
	return nil
}
