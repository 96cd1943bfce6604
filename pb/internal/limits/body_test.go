package limits_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/testutil"
)

// lazyBody is a body of size bytes made as it is read (a JSON object whose
// one string never ends), so the test's own memory is not the server's; it
// counts what the server read.
type lazyBody struct {
	size int64
	read atomic.Int64
}

func (b *lazyBody) Read(p []byte) (int, error) {
	done := b.read.Load()
	if done >= b.size {
		return 0, io.EOF
	}
	n := min(int64(len(p)), b.size-done)
	for i := range p[:n] {
		p[i] = 'a'
	}
	if done == 0 && n > 14 {
		copy(p, `{"identity":"`)
	}
	b.read.Add(n)
	return int(n), nil
}

// PocketBase's own open routes read up to 32 MB of a body and keep up to
// 16 MB of it in memory (the red team's ten 30 MB bodies to POST
// /api/realtime grew the server by 430-610 MB). Every route now reads at
// most limits.DefaultBody unless it takes a file: a body announced larger
// is refused before a byte is read, one sent in chunks is cut at the
// limit, and both answer 413 in PocketBase's shape. Without limits.Body
// each of these reads the whole 30 MB.
func TestLargeBodiesToOpenRoutesAreRefusedUnread(t *testing.T) {
	app := apptest.NewApp(t, nil)
	h := testutil.Handler(t, app)
	routes := []string{
		"/api/realtime",
		"/api/collections/_superusers/auth-with-password",
		"/api/collections/_superusers/request-otp",
		"/api/collections/_superusers/auth-with-otp",
		"/api/collections/_superusers/request-password-reset",
		"/api/collections/_superusers/confirm-password-reset",
		"/api/collections/_superusers/confirm-email-change",
	}
	const size, concurrent = 30 << 20, 10
	send := func(path string, announced bool) (*httptest.ResponseRecorder, int64) {
		body := &lazyBody{size: size}
		req := httptest.NewRequest(http.MethodPost, path, body)
		req.Header.Set("Content-Type", "application/json")
		req.ContentLength = -1 // chunked
		if announced {
			req.ContentLength = size
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec, body.read.Load()
	}
	for _, path := range routes {
		for _, announced := range []bool{true, false} {
			rec, read := send(path, announced)
			// (A superuser's e-mail change is refused before its body is read.)
			if (rec.Code != http.StatusRequestEntityTooLarge || !strings.Contains(rec.Body.String(), `"message":"Request entity too large."`)) && read > 0 {
				t.Errorf("%s (announced %v): %d %s, want 413", path, announced, rec.Code, rec.Body.String())
			}
			if announced && read > 0 {
				t.Errorf("%s: read %d bytes of a body announced as 30 MB, want none", path, read)
			}
			if !announced && read > 2*limits.DefaultBody {
				t.Errorf("%s: read %d bytes of a chunked 30 MB body, want at most about %d", path, read, limits.DefaultBody)
			}
		}
	}

	// Ten at once to each route, in chunks: the heap hardly moves.
	var codes sync.Map
	grew := testutil.PeakHeap(func() {
		var wg sync.WaitGroup
		for _, path := range routes {
			for range concurrent {
				wg.Go(func() {
					rec, _ := send(path, false)
					codes.Store(rec.Code, true)
				})
			}
		}
		wg.Wait()
	})
	codes.Range(func(k, _ any) bool {
		if k.(int) != http.StatusRequestEntityTooLarge && k.(int) != http.StatusBadRequest {
			t.Errorf("a concurrent 30 MB body was answered %d", k)
		}
		return true
	})
	t.Logf("%d concurrent 30 MB bodies (%d to each of %d routes): heap grew by at most %.1f MB",
		concurrent*len(routes), concurrent, len(routes), float64(grew)/1e6)
	if grew > 16<<20 {
		t.Errorf("%d concurrent 30 MB bodies grew the heap by %.1f MB, want under 16 MB", concurrent*len(routes), float64(grew)/1e6)
	}
}

// A superuser's dashboard keeps PocketBase's limit (a collection import is
// larger than 16 KB), and the app's routes keep their own.
func TestBodyLimitLeavesOwnLimitsAndSuperusers(t *testing.T) {
	app := apptest.NewApp(t, nil)
	h := testutil.Handler(t, app)
	post := func(path, body string, headers map[string]string) int {
		req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		for k, v := range headers {
			req.Header.Set(k, v)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec.Code
	}
	big := `{"name":"` + strings.Repeat("a", 40<<10) + `"}` // over 16 KB, under the listings' 64 KB
	if got := post("/api/realtime", big, nil); got != http.StatusRequestEntityTooLarge {
		t.Errorf("40 KB to /api/realtime: %d, want 413", got)
	}
	member := testutil.CreateMember(t, app, "poster", testutil.MemberOpts{})
	if got := post("/api/sponsorships", big, testutil.Bearer(t, member)); got == http.StatusRequestEntityTooLarge {
		t.Errorf("40 KB to POST /api/sponsorships (its own limit is 64 KB): 413")
	}
	if got := post("/api/collections", big, testutil.SuperuserHeaders(t, app)); got == http.StatusRequestEntityTooLarge {
		t.Errorf("a superuser's 40 KB to POST /api/collections: 413, want PocketBase's limit")
	}
}
