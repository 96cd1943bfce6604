// Command memprobe measures the server binary's peak resident memory
// (VmHWM) under the loads a deploy must survive, to size the VM from a
// measurement (fly.toml; docs/operations.md). It copies a seeded data
// directory (make bench leaves one in $TMPDIR), starts bin/sponsorbridge on
// it, and reports the peak after each phase:
//
//  1. started, search index loaded;
//  2. 32 clients listing and searching with varied filters;
//  3. members uploading the largest accepted avatar (4,096 × 4,096 PNG) at once;
//  4. everything at once: the list load, uploads, and thumbnail requests.
//
// Run: make memprobe (or go run ./pb/cmd/memprobe -h). Linux only (/proc).
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	mrand "math/rand"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	bin := flag.String("bin", "bin/sponsorbridge", "server binary")
	seeded := flag.String("data", filepath.Join(os.TempDir(), "sponsorbridge-bench-100000-v3"),
		"seeded data directory to copy (make bench creates it; its benchmember's password is secret-pass-1)")
	seconds := flag.Int("seconds", 20, "length of each load phase")
	clients := flag.Int("clients", 32, "concurrent list and search clients")
	uploaders := flag.Int("uploaders", 6, "members uploading an avatar at once")
	flag.Parse()
	if err := run(*bin, *seeded, time.Duration(*seconds)*time.Second, *clients, *uploaders); err != nil {
		fmt.Fprintln(os.Stderr, "memprobe:", err)
		os.Exit(1)
	}
}

func run(bin, seeded string, phase time.Duration, clients, uploaders int) error {
	dir, err := os.MkdirTemp("", "memprobe-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	for _, name := range []string{"data.db", "auxiliary.db"} {
		if err := copyFile(filepath.Join(seeded, name), filepath.Join(dir, name)); err != nil {
			return fmt.Errorf("copy the seeded data (run make bench once to create it): %w", err)
		}
	}
	port, err := freePort()
	if err != nil {
		return err
	}
	base := "http://127.0.0.1:" + strconv.Itoa(port)
	cmd := exec.Command(bin, "serve", "--http", "127.0.0.1:"+strconv.Itoa(port), "--dir", dir)
	cmd.Env = append(os.Environ(), "RATE_LIMITS=off", "APP_URL="+base)
	logFile, err := os.Create(filepath.Join(dir, "server.log"))
	if err != nil {
		return err
	}
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		return err
	}
	defer func() {
		_ = cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
		}
	}()
	p := &probe{base: base, pid: cmd.Process.Pid}
	go p.sample()
	started := time.Now()
	if err := p.waitFor("/api/health", nil, 60*time.Second); err != nil {
		return err
	}
	member, err := p.signIn("benchmember", "secret-pass-1")
	if err != nil {
		return err
	}
	if err := p.waitFor("/api/sponsorships", member, 10*time.Minute); err != nil {
		return err
	}
	fmt.Printf("index ready %s after start\n", time.Since(started).Round(time.Millisecond))
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
	fmt.Printf("peak anonymous memory: %d MB; data.db is %d MB\n", p.peakAnon.Load()/1024, fileSize(filepath.Join(dir, "data.db"))/(1<<20))
	return nil
}

type probe struct {
	base string
	pid  int
	seq  atomic.Int64
	// peaks sampled every 20 ms (kB): anonymous memory (the heap, stacks:
	// what the kernel cannot drop) and file pages mapped (SQLite's mmap of
	// data.db, counted once per connection that maps it, so VmHWM overstates)
	peakAnon, peakFile atomic.Int64
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
		}{{&p.peakAnon, st["RssAnon:"]}, {&p.peakFile, st["RssFile:"]}} {
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
	fmt.Printf("%s\n    peak anonymous %4d MB (now %4d), peak file-backed %4d MB, VmHWM %4d MB\n", phase,
		p.peakAnon.Load()/1024, st["RssAnon:"]/1024, p.peakFile.Load()/1024, st["VmHWM:"]/1024)
}

func (p *probe) do(method, path string, body io.Reader, contentType string, h http.Header) (*http.Response, []byte, error) {
	req, err := http.NewRequest(method, p.base+path, body)
	if err != nil {
		return nil, nil, err
	}
	for k, v := range h {
		req.Header[k] = v
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	req.Header.Set("Origin", p.base)
	res, err := client.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	return res, raw, err
}

func (p *probe) waitFor(path string, h http.Header, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for {
		res, raw, err := p.do(http.MethodGet, path, nil, "", h)
		if err == nil && res.StatusCode == 200 {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%s did not answer 200 within %s (last: %v %s)", path, limit, err, raw)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// session keeps only the session cookie of an answer.
func session(res *http.Response) http.Header {
	h := http.Header{}
	jar, _ := cookiejar.New(nil)
	u, _ := url.Parse(res.Request.URL.String())
	jar.SetCookies(u, res.Cookies())
	var parts []string
	for _, c := range jar.Cookies(u) {
		parts = append(parts, c.Name+"="+c.Value)
	}
	h.Set("Cookie", strings.Join(parts, "; "))
	return h
}

func (p *probe) signIn(username, password string) (http.Header, error) {
	body, _ := json.Marshal(map[string]string{"username": username, "password": password})
	res, raw, err := p.do(http.MethodPost, "/api/login", bytes.NewReader(body), "application/json", nil)
	if err != nil || res.StatusCode != 200 {
		return nil, fmt.Errorf("sign-in as %s: %v %s", username, err, raw)
	}
	return session(res), nil
}

func (p *probe) members(n int) ([]http.Header, error) {
	var out []http.Header
	for range n {
		h, err := p.register(fmt.Sprintf("memprobe%d", p.seq.Add(1)))
		if err != nil {
			return nil, err
		}
		out = append(out, h)
	}
	return out, nil
}

func (p *probe) register(username string) (http.Header, error) {
	body, _ := json.Marshal(map[string]string{"username": username, "displayName": "Probe " + username, "password": "probe-pass-1"})
	res, raw, err := p.do(http.MethodPost, "/api/register", bytes.NewReader(body), "application/json", nil)
	if err != nil || res.StatusCode != 201 {
		return nil, fmt.Errorf("register %s: %v %s", username, err, raw)
	}
	return session(res), nil
}

// words collects search terms from the titles of a few pages of listings.
func (p *probe) words(h http.Header) ([]string, error) {
	seen := map[string]bool{}
	var out []string
	for _, path := range []string{"/api/sponsorships?perPage=50", "/api/sponsorship-requests?perPage=50", "/api/sponsorships?perPage=50&sort=amount_asc"} {
		res, raw, err := p.do(http.MethodGet, path, nil, "", h)
		if err != nil || res.StatusCode != 200 {
			return nil, fmt.Errorf("list %s: %v %s", path, err, raw)
		}
		var page []struct { // a list answers an array (the total is a header)
			Title string `json:"title"`
		}
		if err := json.Unmarshal(raw, &page); err != nil {
			return nil, err
		}
		for _, it := range page {
			for _, w := range strings.Fields(strings.ToLower(it.Title)) {
				w = strings.Trim(w, ".,;:")
				if len(w) >= 3 && !seen[w] {
					seen[w] = true
					out = append(out, w)
				}
			}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no words in the listings")
	}
	return out, nil
}

var (
	categories = []string{"Education", "Healthcare", "Technology", "Environment", "Arts", "Community", "Business"}
	cities     = []string{"Pune", "Mumbai", "Bengaluru", "Delhi", "Lagos", "London"}
	sorts      = []string{"newest", "amount_desc", "amount_asc"}
)

// listPath is one list or search request with parameters that change on
// every request, as people's searches do.
func listPath(rng *mrand.Rand, words []string) string {
	kind := "/api/sponsorships"
	v := url.Values{}
	if rng.Intn(2) == 0 {
		kind = "/api/sponsorship-requests"
		if rng.Intn(3) == 0 {
			v.Set("status", "open")
		}
	}
	if rng.Intn(2) == 0 {
		q := words[rng.Intn(len(words))]
		if rng.Intn(3) == 0 {
			q += " " + words[rng.Intn(len(words))]
		}
		v.Set("q", q)
	}
	if rng.Intn(3) == 0 {
		v.Set("category", categories[rng.Intn(len(categories))])
	}
	if rng.Intn(4) == 0 {
		v.Set("location", cities[rng.Intn(len(cities))])
	}
	if rng.Intn(4) == 0 {
		v.Set("minAmount", strconv.Itoa(rng.Intn(5000)))
	}
	if rng.Intn(5) == 0 {
		v.Set("verified", "true")
	}
	v.Set("sort", sorts[rng.Intn(len(sorts))])
	if rng.Intn(4) == 0 {
		v.Set("page", strconv.Itoa(2+rng.Intn(20)))
	}
	return kind + "?" + v.Encode()
}

func (p *probe) lists(h http.Header, words []string, clients int, d time.Duration) int {
	var wg sync.WaitGroup
	var count, failed atomic.Int64
	deadline := time.Now().Add(d)
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := mrand.New(mrand.NewSource(int64(c) + time.Now().UnixNano()))
			for time.Now().Before(deadline) {
				res, _, err := p.do(http.MethodGet, listPath(rng, words), nil, "", h)
				if err != nil || res.StatusCode != 200 {
					failed.Add(1)
					continue
				}
				count.Add(1)
			}
		}()
	}
	wg.Wait()
	if failed.Load() > 0 {
		fmt.Printf("  (%d list requests failed)\n", failed.Load())
	}
	return int(count.Load())
}

// largestPicture is a PNG at the pixel bound (16 megapixels) and under the
// 2 MB upload limit (a smooth gradient compresses that far). Decoding costs
// the same whatever the content: 64 MB of pixels.
func largestPicture() ([]byte, error) {
	img := image.NewNRGBA(image.Rect(0, 0, 4096, 4096))
	for y := 0; y < 4096; y++ {
		for x := 0; x < 4096; x++ {
			img.SetNRGBA(x, y, color.NRGBA{uint8(x / 16), uint8(y / 16), uint8((x + y) / 32), 255})
		}
	}
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&buf, img); err != nil {
		return nil, err
	}
	if buf.Len() > 2<<20 {
		return nil, fmt.Errorf("the test picture is %d bytes, over the 2 MB limit", buf.Len())
	}
	return buf.Bytes(), nil
}

// uploads sends one avatar per member at once; answers stored and busy counts.
func (p *probe) uploads(members []http.Header, picture []byte) (stored, busy int) {
	var wg sync.WaitGroup
	var ok, told atomic.Int64
	for _, h := range members {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var body bytes.Buffer
			w := multipart.NewWriter(&body)
			part, _ := w.CreateFormFile("avatar", "big.png")
			_, _ = part.Write(picture)
			_ = w.Close()
			res, raw, err := p.do(http.MethodPost, "/api/user/avatar", &body, w.FormDataContentType(), h)
			switch {
			case err != nil:
				fmt.Println("  upload:", err)
			case res.StatusCode == 200:
				ok.Add(1)
			case res.StatusCode == 503:
				told.Add(1)
			default:
				fmt.Printf("  upload: %d %s\n", res.StatusCode, raw)
			}
		}()
	}
	wg.Wait()
	return int(ok.Load()), int(told.Load())
}

func (p *probe) avatarPath(h http.Header) (string, error) {
	res, raw, err := p.do(http.MethodGet, "/api/user", nil, "", h)
	if err != nil || res.StatusCode != 200 {
		return "", fmt.Errorf("current user: %v %s", err, raw)
	}
	var me struct {
		Avatar string `json:"avatar"` // the file's path
	}
	if err := json.Unmarshal(raw, &me); err != nil || me.Avatar == "" {
		return "", fmt.Errorf("no avatar: %v %s", err, raw)
	}
	return me.Avatar, nil
}

// thumbnails asks for the avatars' thumbnails from n clients until stop,
// each size in turn (a thumbnail is made on its first request, then served).
func (p *probe) thumbnails(avatars []string, n int, stop chan struct{}) int {
	if len(avatars) == 0 {
		return 0
	}
	var wg sync.WaitGroup
	var count atomic.Int64
	for c := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				path := avatars[(c+i)%len(avatars)] + "?thumb=" + []string{"96x96", "256x256", ""}[i%3]
				res, raw, err := p.do(http.MethodGet, path, nil, "", nil)
				if err == nil && res.StatusCode == 200 {
					count.Add(1)
				} else if c == 0 && i == 0 {
					fmt.Printf("  thumbnail %s: %v %d %.200s\n", path, err, statusOf(res), raw)
				}
			}
		}()
	}
	wg.Wait()
	return int(count.Load())
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

func statusOf(res *http.Response) int {
	if res == nil {
		return 0
	}
	return res.StatusCode
}

func fileSize(path string) int64 {
	st, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return st.Size()
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
