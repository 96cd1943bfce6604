package app_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/app"
	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

const (
	chrome = "gzip, deflate, br, zstd" // Chrome's Accept-Encoding
	script = "assets/index-Bx7d2k.js"
	style  = "assets/index-Cq9r1a.css"
)

// The built files: a script with both precompressed variants, a style
// sheet with only gzip, an image (compressed already) and the real
// index.html. The variants hold markers, so a test sees which one went out.
var (
	plainScript = bytes.Repeat([]byte("export const answer = 42; // the web app\n"), 100)
	brScript    = []byte("BROTLI VARIANT OF THE SCRIPT")
	gzScript    = []byte("GZIP VARIANT OF THE SCRIPT")
	plainStyle  = bytes.Repeat([]byte(".card { color: red }\n"), 100)
	gzStyle     = []byte("GZIP VARIANT OF THE STYLE SHEET")
	png         = append([]byte("\x89PNG\r\n\x1a\n"), bytes.Repeat([]byte{0}, 4096)...)
)

func builtApp(t testing.TB) *tests.TestApp {
	dir := t.TempDir()
	index, err := os.ReadFile(filepath.Join("..", "..", "web", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{
		"index.html": index, script: plainScript, script + ".br": brScript, script + ".gz": gzScript,
		style: plainStyle, style + ".gz": gzStyle, "og-image.png": png,
	}
	for name, body := range files {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), body, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	a := apptest.NewAppWith(t, testutil.Config(), app.Options{PublicDir: dir})
	dan := testutil.CreateMember(t, a, "dan", testutil.MemberOpts{})
	for i := range 20 {
		testutil.CreateListing(t, a, "sponsorships", dan, testutil.ListingOpts{
			Title: "Robotics kit " + strconv.Itoa(i), Description: strings.Repeat("Kits and a coach for a school club. ", 10),
			Reviewed: true, Approved: true})
	}
	return a
}

// headers checks the response's headers (name: value, "" for absent) and
// its body: wantBody as sent, or gunzipped to contain wantText.
func headers(want map[string]string, wantBody []byte, wantText string) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, _ *tests.TestApp, res *http.Response) {
		for name, value := range want {
			if got := res.Header.Get(name); got != value {
				t.Errorf("%s = %q, want %q", name, got, value)
			}
		}
		body, _ := io.ReadAll(res.Body)
		if wantBody != nil && !bytes.Equal(body, wantBody) {
			t.Errorf("body %q, want %q", cut(body), cut(wantBody))
		}
		if wantText != "" {
			zr, err := gzip.NewReader(bytes.NewReader(body))
			if err != nil {
				t.Fatalf("body is not gzip: %v", err)
			}
			plain, _ := io.ReadAll(zr)
			if !strings.Contains(string(plain), wantText) {
				t.Errorf("gunzipped body lacks %q", wantText)
			}
		}
	}
}

func cut(b []byte) []byte { return b[:min(len(b), 40)] }

func TestWebAppFilesGoOutPrecompressed(t *testing.T) {
	t.Parallel()
	immutable := "public, max-age=31536000, immutable"
	js := "text/javascript; charset=utf-8"
	for _, c := range []struct {
		name, method, url, accept, rangeHeader string
		status                                 int
		want                                   map[string]string
		body                                   []byte
	}{
		{"brotli for a browser", "GET", "/" + script, chrome, "", 200,
			map[string]string{"Content-Encoding": "br", "Content-Type": js, "Vary": "Accept-Encoding", "Cache-Control": immutable,
				"Content-Length": strconv.Itoa(len(brScript))}, brScript},
		{"gzip for a client without brotli", "GET", "/" + script, "gzip", "", 200,
			map[string]string{"Content-Encoding": "gzip", "Content-Type": js, "Vary": "Accept-Encoding"}, gzScript},
		{"brotli refused", "GET", "/" + script, "br;q=0, gzip", "", 200,
			map[string]string{"Content-Encoding": "gzip"}, gzScript},
		{"the stored file without Accept-Encoding", "GET", "/" + script, "", "", 200,
			map[string]string{"Content-Encoding": "", "Content-Type": js, "Vary": "Accept-Encoding", "Cache-Control": immutable}, plainScript},
		{"a range of the selected variant", "GET", "/" + script, chrome, "bytes=0-9", 206,
			map[string]string{"Content-Encoding": "br", "Content-Length": "10", "Vary": "Accept-Encoding",
				"Content-Range": "bytes 0-9/" + strconv.Itoa(len(brScript))}, brScript[:10]},
		{"a range of the stored file", "GET", "/" + script, "identity", "bytes=5-", 206,
			map[string]string{"Content-Encoding": "", "Content-Range": fmt.Sprintf("bytes 5-%d/%d", len(plainScript)-1, len(plainScript))},
			plainScript[5:]},
		{"a range past the end", "GET", "/" + script, chrome, "bytes=9999-", 416,
			map[string]string{"Content-Encoding": "", "Content-Range": fmt.Sprintf("bytes */%d", len(brScript))},
			[]byte("invalid range: failed to overlap\n")},
		{"HEAD names the variant GET would send", "HEAD", "/" + script, chrome, "", 200,
			map[string]string{"Content-Encoding": "br", "Content-Length": strconv.Itoa(len(brScript)), "Cache-Control": immutable}, nil},
		{"only a gzip variant: brotli-only client gets the stored file", "GET", "/" + style, "br", "", 200,
			map[string]string{"Content-Encoding": "", "Content-Type": "text/css; charset=utf-8", "Vary": "Accept-Encoding"}, plainStyle},
		{"only a gzip variant", "GET", "/" + style, chrome, "", 200,
			map[string]string{"Content-Encoding": "gzip", "Content-Type": "text/css; charset=utf-8"}, gzStyle},
		{"an image is sent as stored", "GET", "/og-image.png", chrome, "", 200,
			map[string]string{"Content-Encoding": "", "Vary": "", "Content-Type": "image/png", "Cache-Control": "no-cache"}, png},
	} {
		h := map[string]string{"Accept-Encoding": c.accept}
		if c.rangeHeader != "" {
			h["Range"] = c.rangeHeader
		}
		s := &tests.ApiScenario{Name: c.name, Method: c.method, URL: c.url, Headers: h, ExpectedStatus: c.status, ExpectedEvents: testutil.NoWrites(),
			TestAppFactory: builtApp, AfterTestFunc: headers(c.want, c.body, "")}
		if c.body != nil {
			s.NotExpectedContent = []string{"File not found"}
		}
		s.Test(t)
	}
}

func TestPagesAndJSONAreGzipped(t *testing.T) {
	t.Parallel()
	page := map[string]string{"Content-Encoding": "gzip", "Vary": "Accept-Encoding", "Cache-Control": "no-cache",
		"Content-Type": "text/html; charset=utf-8", "Content-Length": ""}
	for _, s := range []*tests.ApiScenario{
		{Name: "index.html gzipped", Method: http.MethodGet, URL: "/home", Headers: map[string]string{"Accept-Encoding": chrome},
			ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), NotExpectedContent: []string{"og:title"}, AfterTestFunc: headers(page, nil, `property="og:url"`)},
		{Name: "index.html as it is without Accept-Encoding", Method: http.MethodGet, URL: "/home",
			ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`property="og:url"`},
			AfterTestFunc: headers(map[string]string{"Content-Encoding": "", "Vary": "Accept-Encoding"}, nil, "")},
		{Name: "HEAD of index.html: GET's headers", Method: http.MethodHead, URL: "/home", Headers: map[string]string{"Accept-Encoding": "gzip"},
			ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), AfterTestFunc: headers(page, []byte{}, "")},
		{Name: "tiny JSON as it is", Method: http.MethodGet, URL: "/api/health", Headers: map[string]string{"Accept-Encoding": chrome},
			ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{"API is healthy"},
			AfterTestFunc: headers(map[string]string{"Content-Encoding": "", "Vary": "Accept-Encoding"}, nil, "")},
	} {
		s.TestAppFactory = builtApp
		s.Test(t)
	}
	for _, accept := range []string{chrome, "gzip"} {
		testutil.Prepared(builtApp, tests.ApiScenario{
			Name: "a page of listings gzipped (" + accept + ")", Method: http.MethodGet, URL: "/api/sponsorships?perPage=20",
			ExpectedStatus: 200, NotExpectedContent: []string{"Robotics kit"}, ExpectedEvents: testutil.NoWrites(),
			AfterTestFunc: headers(map[string]string{"Content-Encoding": "gzip", "Vary": "Accept-Encoding",
				"Content-Type": "application/json"}, nil, `"title":"Robotics kit`),
		}, func(t testing.TB, a core.App, s *tests.ApiScenario) {
			testutil.As("dan")(t, a, s)
			s.Headers["Accept-Encoding"] = accept
		}).Test(t)
	}
	testutil.Prepared(builtApp, tests.ApiScenario{
		Name: "a page of listings as it is without Accept-Encoding", Method: http.MethodGet, URL: "/api/sponsorships?perPage=20",
		ExpectedStatus: 200, ExpectedContent: []string{`"title":"Robotics kit`}, ExpectedEvents: testutil.NoWrites(),
		AfterTestFunc: headers(map[string]string{"Content-Encoding": "", "Vary": "Accept-Encoding"}, nil, ""),
	}, testutil.As("dan")).Test(t)
}

// The realtime stream reaches the browser event by event, never gzipped.
func TestRealtimeStreamIsNotCompressed(t *testing.T) {
	t.Parallel()
	built := builtApp(t)
	t.Cleanup(built.Cleanup) // after the server closes (cleanups run last first)
	srv := testutil.Serve(t, built)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+"/api/realtime", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	res, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.Header.Get("Content-Encoding") != "" || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
		t.Fatalf("headers %v", res.Header)
	}
	line, err := bufio.NewReader(res.Body).ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "id:") {
		t.Fatalf("first line %q, %v", line, err)
	}
}
