package compress

import (
	"bufio"
	"compress/gzip"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// Options of the on-the-fly compression.
type Options struct {
	// MinSize: bodies shorter than this go out as they are (gzip's framing
	// would outweigh the saving).
	MinSize int
	// MaxConcurrent bounds the gzip writers at work at once (each holds
	// about 1.1 MB); a response finding none free goes out as it is.
	MaxConcurrent int
	// Level is gzip's compression level.
	Level int
	// Skip names requests never compressed (streams).
	Skip func(*http.Request) bool
}

// Defaults: a listing page (about 20 KB of JSON) gzips to about a quarter
// at level 1 in 74 µs, 7% larger than level 5 at 131 µs
// (BenchmarkGzipListingPage, 2026-11-29): every list page pays it, so the
// faster level; 8 writers bound the memory (TestConcurrentWritersAreBounded).
const (
	DefaultMinSize       = 1024
	DefaultMaxConcurrent = 8
	DefaultLevel         = gzip.BestSpeed
)

// Middleware gzips response bodies the client accepts gzip for, when they
// are of a compressible type, at least MinSize long and not encoded
// already (the web app's precompressed files). Range requests, status
// codes without a body and flushed streams go out as they are.
func Middleware(opts Options) *hook.Handler[*core.RequestEvent] {
	c := &compressor{opts: opts, slots: make(chan struct{}, opts.MaxConcurrent)}
	c.pool.New = func() any {
		w, _ := gzip.NewWriterLevel(nil, opts.Level)
		return w
	}
	return &hook.Handler[*core.RequestEvent]{
		Id:   "sbCompress",
		Func: c.handle,
	}
}

type compressor struct {
	opts  Options
	pool  sync.Pool
	slots chan struct{}
}

func (c *compressor) handle(e *core.RequestEvent) error {
	r := e.Request
	if c.opts.Skip != nil && c.opts.Skip(r) {
		return e.Next()
	}
	w := &writer{
		ResponseWriter: e.Response,
		c:              c,
		gzipOK:         r.Header.Get("Range") == "" && Accepts(r.Header.Get("Accept-Encoding"), "gzip") == "gzip",
		head:           r.Method == http.MethodHead,
	}
	e.Response = w
	defer func() {
		w.finish()
		e.Response = w.ResponseWriter
	}()
	return e.Next()
}

// writer holds the head of a body until it knows whether to compress it:
// MinSize bytes, or the end of the response.
type writer struct {
	http.ResponseWriter
	c      *compressor
	gzipOK bool // the request takes gzip and is not a range request
	head   bool // HEAD: the headers GET would send, no body to compress

	status  int
	decided bool
	buf     []byte
	gz      *gzip.Writer
}

func (w *writer) WriteHeader(status int) {
	if w.decided || w.status != 0 {
		if w.decided && w.gz == nil {
			w.ResponseWriter.WriteHeader(status)
		}
		return
	}
	if status < 200 { // informational answers (103) pass straight through
		w.ResponseWriter.WriteHeader(status)
		return
	}
	w.status = status
	if status == http.StatusNoContent || status == http.StatusNotModified || status == http.StatusPartialContent {
		_ = w.decide(false) // nothing held yet: only the head goes out
	}
}

func (w *writer) Write(b []byte) (int, error) {
	if w.status == 0 && !w.decided {
		w.WriteHeader(http.StatusOK)
	}
	if w.decided {
		if w.gz != nil {
			return w.gz.Write(b)
		}
		return w.ResponseWriter.Write(b)
	}
	if len(w.buf)+len(b) < w.c.opts.MinSize {
		w.buf = append(w.buf, b...) // at most MinSize bytes are ever held
		return len(b), nil
	}
	if err := w.decide(true); err != nil {
		return 0, err
	}
	if w.gz != nil {
		return w.gz.Write(b)
	}
	return w.ResponseWriter.Write(b)
}

// decide sends the head: compressed when the body is long enough and
// everything else allows it, else as it is.
func (w *writer) decide(long bool) error {
	w.decided = true
	h := w.Header()
	typed := Compressible(h.Get("Content-Type"))
	if typed && h.Get("Content-Encoding") == "" {
		addVary(h)
	}
	if w.head && !long {
		// A HEAD answer's length is the one GET would send (http.ServeContent).
		n, err := strconv.Atoi(h.Get("Content-Length"))
		long = err == nil && n >= w.c.opts.MinSize
	}
	if long && typed && w.gzipOK && h.Get("Content-Encoding") == "" && (w.head || w.acquire()) {
		h.Set("Content-Encoding", "gzip")
		h.Del("Content-Length")
		// The compressed body is another representation: a strong validator
		// of the plain one must not name it (a weak one may).
		if etag := h.Get("ETag"); strings.HasPrefix(etag, `"`) {
			h.Set("ETag", "W/"+etag)
		}
		if !w.head {
			w.gz = w.c.pool.Get().(*gzip.Writer)
			w.gz.Reset(w.ResponseWriter)
		}
	}
	if w.status != 0 {
		w.ResponseWriter.WriteHeader(w.status)
	}
	buf := w.buf
	w.buf = nil
	if len(buf) == 0 {
		return nil
	}
	var err error
	if w.gz != nil {
		_, err = w.gz.Write(buf)
	} else {
		_, err = w.ResponseWriter.Write(buf)
	}
	return err
}

func (w *writer) acquire() bool {
	select {
	case w.c.slots <- struct{}{}:
		return true
	default:
		return false
	}
}

// finish sends what is held and closes the gzip stream.
func (w *writer) finish() {
	if !w.decided && (w.status != 0 || len(w.buf) > 0) {
		_ = w.decide(false)
	}
	if w.gz != nil {
		_ = w.gz.Close()
		w.gz.Reset(nil)
		w.c.pool.Put(w.gz)
		w.gz = nil
		<-w.c.slots
	}
}

// Flush sends what is held as it is: a flushed body is a stream, and a
// stream reaches the client uncompressed, as written.
func (w *writer) Flush() {
	if !w.decided {
		if w.status == 0 {
			w.status = http.StatusOK
		}
		_ = w.decide(false)
	}
	if w.gz != nil {
		_ = w.gz.Flush()
	}
	_ = http.NewResponseController(w.ResponseWriter).Flush()
}

// Written and Status answer PocketBase's questions about the response
// (router.WriteTracker, router.StatusTracker) while the head is held.
func (w *writer) Written() bool { return w.status != 0 || w.decided }

func (w *writer) Status() int { return w.status }

func (w *writer) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	return http.NewResponseController(w.ResponseWriter).Hijack()
}

func (w *writer) Unwrap() http.ResponseWriter { return w.ResponseWriter }
