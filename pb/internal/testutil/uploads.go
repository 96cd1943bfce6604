package testutil

import (
	"bytes"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// UploadBody is a multipart body of one file, made as it is read (the
// file's head, then zeros up to its size), so a test's own memory is not
// the server's. Its first read waits for a gate: the requests a server
// admits hold there while the ones it refuses answer. It counts what the
// server read.
type UploadBody struct {
	r    io.Reader
	gate <-chan struct{}
	read atomic.Int64
}

// NewUploadBody is a form whose field holds a file named name of size
// bytes starting with head; it answers the body and its content type.
func NewUploadBody(field, name string, head []byte, size int64, gate <-chan struct{}) (*UploadBody, string) {
	var prefix bytes.Buffer
	w := multipart.NewWriter(&prefix)
	if _, err := w.CreateFormFile(field, name); err != nil {
		panic(err)
	}
	end := "\r\n--" + w.Boundary() + "--\r\n"
	r := io.MultiReader(&prefix, bytes.NewReader(head), io.LimitReader(zeros{}, size-int64(len(head))), bytes.NewReader([]byte(end)))
	return &UploadBody{r: r, gate: gate}, w.FormDataContentType()
}

// Read waits for the gate, then reads.
func (b *UploadBody) Read(p []byte) (int, error) {
	<-b.gate
	n, err := b.r.Read(p)
	b.read.Add(int64(n))
	return n, err
}

// BytesRead is how much of the body the server read.
func (b *UploadBody) BytesRead() int64 { return b.read.Load() }

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// Burst is what UploadBurst saw.
type Burst struct {
	Codes      map[int]int   // how many requests got each status
	Read       map[int]int64 // bytes of the bodies read, by status
	HeapGrowth uint64        // the heap's peak over its size before (PeakHeap)
}

// UploadBurst sends n requests at once to h; request(i, gate) builds the
// i-th with its UploadBody. The gate opens once all but admitted requests
// are answered (or after 10 seconds), so the admitted ones are in flight
// together while the others are refused.
func UploadBurst(t testing.TB, h http.Handler, n, admitted int, request func(i int, gate <-chan struct{}) (*http.Request, *UploadBody)) Burst {
	t.Helper()
	out := Burst{Codes: map[int]int{}, Read: map[int]int64{}}
	gate := make(chan struct{})
	var mu sync.Mutex
	var answered atomic.Int64
	reqs := make([]*http.Request, n)
	bodies := make([]*UploadBody, n)
	for i := range n {
		reqs[i], bodies[i] = request(i, gate)
	}
	out.HeapGrowth = PeakHeap(func() {
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() {
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, reqs[i])
				answered.Add(1)
				mu.Lock()
				out.Codes[rec.Code]++
				out.Read[rec.Code] += bodies[i].BytesRead()
				mu.Unlock()
			})
		}
		deadline := time.Now().Add(10 * time.Second)
		for answered.Load() < int64(n-admitted) && time.Now().Before(deadline) {
			time.Sleep(time.Millisecond)
		}
		close(gate)
		wg.Wait()
	})
	return out
}

// PeakHeap runs f and answers by how much the heap grew at most while it
// ran (HeapAlloc sampled every millisecond) over its size after a
// collection before.
func PeakHeap(f func()) uint64 {
	var m runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m)
	base, peak := m.HeapAlloc, m.HeapAlloc
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		var s runtime.MemStats
		for {
			runtime.ReadMemStats(&s)
			peak = max(peak, s.HeapAlloc)
			select {
			case <-stop:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	f()
	close(stop)
	<-sampled
	return peak - base
}
