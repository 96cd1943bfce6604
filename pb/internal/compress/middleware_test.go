package compress

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

func testOptions() Options {
	return Options{MinSize: DefaultMinSize, MaxConcurrent: DefaultMaxConcurrent, Level: DefaultLevel,
		Skip: func(r *http.Request) bool { return r.URL.Path == "/api/realtime" }}
}

// run sends r through the middleware to handler.
func run(t testing.TB, mw *hook.Handler[*core.RequestEvent], r *http.Request, handler func(*core.RequestEvent) error) *httptest.ResponseRecorder {
	t.Helper()
	rec := httptest.NewRecorder()
	e := &core.RequestEvent{}
	e.Request = r
	e.Response = rec
	h := &hook.Hook[*core.RequestEvent]{}
	h.Bind(mw)
	if err := h.Trigger(e, handler); err != nil {
		t.Fatal(err)
	}
	return rec
}

func get(path string, headers ...string) *http.Request {
	r := httptest.NewRequest(http.MethodGet, path, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		r.Header.Set(headers[i], headers[i+1])
	}
	return r
}

// listingJSON is a page of listings as the API answers it: random ids,
// text drawn from a few hundred words, the same keys in every item.
func listingJSON(n int) []byte {
	rng := rand.New(rand.NewPCG(1, 2))
	vocabulary := strings.Fields(words)
	id := func() string {
		const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"
		b := make([]byte, 15)
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		return string(b)
	}
	text := func(min, max int) string {
		out := make([]string, min+rng.IntN(max-min))
		for i := range out {
			out[i] = vocabulary[rng.IntN(len(vocabulary))]
		}
		return strings.Join(out, " ")
	}
	var b bytes.Buffer
	b.WriteString(`{"items":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		user := id()
		fmt.Fprintf(&b, `{"id":%q,"title":%q,"description":%q,"requestedAmount":%d,"eventDate":"2026-11-%02dT00:00:00Z",`+
			`"status":"open","location":%q,"categories":["Education"],"userId":%q,`+
			`"createdAt":"2026-10-%02dT10:%02d:%02dZ","updatedAt":"2026-10-%02dT10:%02d:%02dZ","approved":true,"reviewed":true,`+
			`"poster":{"id":%q,"username":%q,"displayName":%q,"isVerified":%v}}`,
			id(), text(3, 9), text(30, 90), 100+rng.IntN(50000), 1+rng.IntN(28), text(1, 3), user,
			1+rng.IntN(28), rng.IntN(60), rng.IntN(60), 1+rng.IntN(28), rng.IntN(60), rng.IntN(60),
			user, text(1, 2), text(2, 3), rng.IntN(2) == 0)
	}
	b.WriteString(`],"hasMore":true,"next":"c2V0IGZvciB0aGUgbmV4dCBwYWdl","totalItems":4000}`)
	return b.Bytes()
}

func gunzip(t testing.TB, body []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(body))
	if err != nil {
		t.Fatalf("not gzip: %v", err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func writeJSON(status int, body []byte) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		e.Response.Header().Set("Content-Type", "application/json")
		e.Response.WriteHeader(status)
		_, err := e.Response.Write(body)
		return err
	}
}

func TestLongJSONIsGzipped(t *testing.T) {
	t.Parallel()
	page := listingJSON(20)
	mw := Middleware(testOptions())
	for _, status := range []int{http.StatusOK, http.StatusNotFound} {
		rec := run(t, mw, get("/api/sponsorships", "Accept-Encoding", "gzip, deflate, br, zstd"), writeJSON(status, page))
		h := rec.Header()
		if rec.Code != status || h.Get("Content-Encoding") != "gzip" || h.Get("Vary") != "Accept-Encoding" || h.Get("Content-Length") != "" {
			t.Fatalf("status %d, headers %v", rec.Code, h)
		}
		if got := gunzip(t, rec.Body.Bytes()); !bytes.Equal(got, page) {
			t.Fatal("the body does not survive the round trip")
		}
		if status == http.StatusOK {
			t.Logf("a page of 20 listings: %d bytes, %d gzipped", len(page), rec.Body.Len())
		}
	}
}

// A body written in small pieces is held until MinSize, then compressed whole.
func TestABodyInPiecesIsGzippedWhole(t *testing.T) {
	t.Parallel()
	page := listingJSON(20)
	rec := run(t, Middleware(testOptions()), get("/api/x", "Accept-Encoding", "gzip"), func(e *core.RequestEvent) error {
		e.Response.Header().Set("Content-Type", "application/json")
		for rest := page; len(rest) > 0; {
			n := min(len(rest), 100)
			if _, err := e.Response.Write(rest[:n]); err != nil {
				return err
			}
			rest = rest[n:]
		}
		return nil
	})
	if rec.Header().Get("Content-Encoding") != "gzip" || !bytes.Equal(gunzip(t, rec.Body.Bytes()), page) {
		t.Fatalf("headers %v", rec.Header())
	}
}

func TestWhatGoesOutAsItIs(t *testing.T) {
	t.Parallel()
	page := listingJSON(20)
	mw := Middleware(testOptions())
	for _, c := range []struct {
		name     string
		req      *http.Request
		handler  func(*core.RequestEvent) error
		status   int
		vary     bool
		encoding string
		body     []byte
	}{
		{"no Accept-Encoding", get("/api/x"), writeJSON(200, page), 200, true, "", page},
		{"only brotli accepted", get("/api/x", "Accept-Encoding", "br"), writeJSON(200, page), 200, true, "", page},
		{"gzip refused", get("/api/x", "Accept-Encoding", "gzip;q=0, br"), writeJSON(200, page), 200, true, "", page},
		{"a tiny body", get("/api/x", "Accept-Encoding", "gzip"), writeJSON(200, []byte(`{"ok":true}`)), 200, true, "", []byte(`{"ok":true}`)},
		{"a range request", get("/api/x", "Accept-Encoding", "gzip", "Range", "bytes=0-9"), writeJSON(200, page), 200, true, "", page},
		{"a compressed type", get("/x.png", "Accept-Encoding", "gzip"), func(e *core.RequestEvent) error {
			e.Response.Header().Set("Content-Type", "image/png")
			_, err := e.Response.Write(page)
			return err
		}, 200, false, "", page},
		{"an encoded body", get("/assets/a.js", "Accept-Encoding", "gzip"), func(e *core.RequestEvent) error {
			e.Response.Header().Set("Content-Type", "text/javascript")
			e.Response.Header().Set("Content-Encoding", "br")
			_, err := e.Response.Write(page)
			return err
		}, 200, false, "br", page},
		{"no content", get("/api/x", "Accept-Encoding", "gzip"), func(e *core.RequestEvent) error {
			return e.NoContent(http.StatusNoContent)
		}, 204, false, "", nil},
		{"not modified", get("/api/x", "Accept-Encoding", "gzip"), func(e *core.RequestEvent) error {
			e.Response.Header().Set("Content-Type", "text/html")
			e.Response.WriteHeader(http.StatusNotModified)
			return nil
		}, 304, true, "", nil},
		{"the realtime stream", get("/api/realtime", "Accept-Encoding", "gzip"), func(e *core.RequestEvent) error {
			if _, wrapped := e.Response.(*writer); wrapped {
				return fmt.Errorf("the stream went through the compressor")
			}
			e.Response.Header().Set("Content-Type", "text/event-stream")
			_, err := e.Response.Write(page)
			return err
		}, 200, false, "", page},
	} {
		rec := run(t, mw, c.req, c.handler)
		h := rec.Header()
		if rec.Code != c.status || h.Get("Content-Encoding") != c.encoding || (h.Get("Vary") != "") != c.vary ||
			!bytes.Equal(rec.Body.Bytes(), c.body) {
			t.Errorf("%s: status %d, headers %v, body %d bytes", c.name, rec.Code, h, rec.Body.Len())
		}
	}
}

// A handler that flushes streams: the client must see each part as it is
// written, so nothing is held back or compressed.
func TestFlushedBodiesGoOutAsTheyAre(t *testing.T) {
	t.Parallel()
	page := listingJSON(20)
	rec := run(t, Middleware(testOptions()), get("/api/x", "Accept-Encoding", "gzip"), func(e *core.RequestEvent) error {
		e.Response.Header().Set("Content-Type", "text/plain")
		_, _ = e.Response.Write([]byte("first line\n"))
		if err := e.Flush(); err != nil {
			return err
		}
		if !e.Written() {
			return fmt.Errorf("flushed but not written")
		}
		_, err := e.Response.Write(page)
		return err
	})
	if !rec.Flushed || rec.Header().Get("Content-Encoding") != "" || !strings.HasPrefix(rec.Body.String(), "first line\n") {
		t.Errorf("flushed %v, headers %v", rec.Flushed, rec.Header())
	}
}

func TestStrongETagBecomesWeakWhenGzipped(t *testing.T) {
	t.Parallel()
	rec := run(t, Middleware(testOptions()), get("/", "Accept-Encoding", "gzip"), func(e *core.RequestEvent) error {
		e.Response.Header().Set("ETag", `"abc"`)
		e.Response.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, err := e.Response.Write(bytes.Repeat([]byte("<p>hello</p>"), 200))
		return err
	})
	if rec.Header().Get("Content-Encoding") != "gzip" || rec.Header().Get("ETag") != `W/"abc"` {
		t.Errorf("headers %v", rec.Header())
	}
}

// Each gzip writer holds its window and tables: the number at work at once
// is bounded, and a response finding none free goes out as it is.
// Not parallel: it counts the bytes the process allocates, and a parallel
// test allocating meanwhile was counted too (11.7 MB once instead of 8.6).
func TestConcurrentWritersAreBounded(t *testing.T) {
	opts := testOptions()
	opts.MaxConcurrent = 1
	mw := Middleware(opts)
	page := listingJSON(20)
	holding, release := make(chan struct{}), make(chan struct{})
	var first *httptest.ResponseRecorder
	var wg sync.WaitGroup
	wg.Go(func() {
		first = run(t, mw, get("/api/x", "Accept-Encoding", "gzip"), func(e *core.RequestEvent) error {
			e.Response.Header().Set("Content-Type", "application/json")
			_, _ = e.Response.Write(page) // past MinSize: takes the only writer
			close(holding)
			<-release
			return nil
		})
	})
	<-holding
	second := run(t, mw, get("/api/x", "Accept-Encoding", "gzip"), writeJSON(200, page))
	close(release)
	wg.Wait()
	if first.Header().Get("Content-Encoding") != "gzip" || second.Header().Get("Content-Encoding") != "" ||
		!bytes.Equal(second.Body.Bytes(), page) {
		t.Fatalf("first %v, second %v", first.Header(), second.Header())
	}
	// The writer went back: the next response is compressed again.
	third := run(t, mw, get("/api/x", "Accept-Encoding", "gzip"), writeJSON(200, page))
	if third.Header().Get("Content-Encoding") != "gzip" {
		t.Fatalf("third %v", third.Header())
	}

	// What the bound is worth: the memory of DefaultMaxConcurrent writers.
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	writers := make([]*gzip.Writer, DefaultMaxConcurrent)
	for i := range writers {
		writers[i], _ = gzip.NewWriterLevel(io.Discard, DefaultLevel)
		_, _ = writers[i].Write(page)
		_ = writers[i].Close()
	}
	runtime.ReadMemStats(&after)
	total := after.TotalAlloc - before.TotalAlloc
	runtime.KeepAlive(writers)
	t.Logf("%d gzip writers at level %d: %.1f MB", DefaultMaxConcurrent, DefaultLevel, float64(total)/1e6)
	if total > 10<<20 {
		t.Errorf("%d writers take %d bytes; docs/security.md says about 9 MB", DefaultMaxConcurrent, total)
	}
}

// How long a page of listings takes to gzip at the levels worth weighing.
func BenchmarkGzipListingPage(b *testing.B) {
	page := listingJSON(20)
	for _, level := range []int{gzip.BestSpeed, DefaultLevel, gzip.DefaultCompression, gzip.BestCompression} {
		b.Run(fmt.Sprintf("level%d", level), func(b *testing.B) {
			w, _ := gzip.NewWriterLevel(io.Discard, level)
			var out bytes.Buffer
			b.SetBytes(int64(len(page)))
			for b.Loop() {
				out.Reset()
				w.Reset(&out)
				_, _ = w.Write(page)
				_ = w.Close()
			}
			b.ReportMetric(float64(out.Len()), "bytes-out")
		})
	}
}

const words = `the a of and to in for with on at by from our their school club kids youth community local city village district state team league festival concert music dance theatre art mural painting library books reading writing science fair robotics coding computer lab kits equipment coach coaching training camp summer winter weekend evening morning garden park river lake water clean cleanup tree planting solar energy health clinic medical camp blood donation food bank meals shelter animal rescue dogs cats sports cricket football basketball hockey tennis chess tournament marathon run cycling swimming pool ground field stadium hall venue stage lights sound banners posters printing t-shirts uniforms jerseys trophies medals prizes scholarships fees travel bus tickets hotel accommodation catering snacks water bottles first aid volunteers students teachers parents women girls seniors elders families children toddlers mentors professionals startups makers artists musicians dancers players sponsor sponsorship funding support brand logo visibility social media reach audience attendees visitors footfall annual yearly monthly weekly first second third edition season chapter launch opening inaugural finals semi quarter need needs help helps raise raising cover covers costs budget amount requested offered offer looking seeking hoping will would can could should must may might also more most very new old big small large great good best better pune mumbai delhi bangalore chennai hyderabad kolkata jaipur lucknow kochi goa nagpur indore bhopal surat`
