package evidence_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"sponsorbridge/pb/internal/evidence"
	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/testutil"
	"sponsorbridge/pb/internal/upload"
)

// Evidence files share the proof pictures' upload slots: 25 files of 8 MB
// at once from one member are two in flight, read to disk and stored, and
// 23 refused unread; 25 PDFs of 8 MB (over their 4 MB) are read to disk,
// never into memory, and refused.
func TestConcurrentEvidenceIsBoundedByTheUploadSlots(t *testing.T) {
	w := newWorld(t)
	h := w.j.Handler()
	cookie := testutil.Cookie(t, w.rita)
	send := func(head []byte, name string, size int64) func(int, <-chan struct{}) (*http.Request, *testutil.UploadBody) {
		return func(_ int, gate <-chan struct{}) (*http.Request, *testutil.UploadBody) {
			body, ctype := testutil.NewUploadBody(evidence.Field, name, head, size, gate)
			req := httptest.NewRequest(http.MethodPost, "/api/evidence", body)
			req.ContentLength = -1
			req.Header.Set("Content-Type", ctype)
			req.Header.Set("Origin", testutil.Origin)
			for k, v := range cookie {
				req.Header.Set(k, v)
			}
			return req, body
		}
	}
	const n = 25
	size := int64(upload.MaxPicture - 1024)
	one := testutil.UploadBurst(t, h, 1, 1, send(picture(t, 1600, 1200), "shot.png", size))
	if one.Codes[http.StatusCreated] != 1 {
		t.Fatalf("one picture: %v, want 201", one.Codes)
	}
	pictures := testutil.UploadBurst(t, h, n, limits.UploadsPerMember, send(picture(t, 1600, 1200), "shot.png", size))
	pdfs := testutil.UploadBurst(t, h, n, limits.UploadsPerMember, send(pdf, "big.pdf", size))
	t.Logf("one 8 MB picture: heap +%.1f MB; %d pictures at once: %v, heap +%.1f MB, bytes read of the refused %d; %d PDFs of 8 MB at once: %v, heap +%.1f MB",
		float64(one.HeapGrowth)/1e6, n, pictures.Codes, float64(pictures.HeapGrowth)/1e6, pictures.Read[http.StatusTooManyRequests],
		n, pdfs.Codes, float64(pdfs.HeapGrowth)/1e6)
	if pictures.Codes[http.StatusCreated] != 2 || pictures.Codes[http.StatusTooManyRequests] != n-2 || pictures.Read[http.StatusTooManyRequests] != 0 {
		t.Errorf("pictures: %v (read of the refused: %d), want 2 × 201 and %d × 429 unread", pictures.Codes, pictures.Read[http.StatusTooManyRequests], n-2)
	}
	if pdfs.Codes[http.StatusBadRequest] != 2 || pdfs.Codes[http.StatusTooManyRequests] != n-2 {
		t.Errorf("PDFs: %v, want 2 × 400 (over 4 MB) and %d × 429", pdfs.Codes, n-2)
	}
	if pdfs.HeapGrowth > 32<<20 {
		t.Errorf("two 8 MB PDFs in flight grew the heap by %d MB: read into memory?", pdfs.HeapGrowth>>20)
	}
}

// A member stores at most 60 files a day.
func TestSixtyFilesADay(t *testing.T) {
	cfg := testutil.Config()
	cfg.RateLimits = true
	w := newWorldWith(t, cfg)
	w.app.Settings().RateLimits.Rules = nil // the per-address limits would stop the test first
	body, headers := form(t, "a.pdf", pdf)
	for range evidence.PerDay {
		w.j.Do(t, testutil.Call{Name: "a file", Who: "sam", Method: http.MethodPost, URL: "/api/evidence", Body: body, Headers: headers,
			Status: 201, Want: []string{`"kind":"pdf"`}})
	}
	w.j.Do(t, testutil.Call{Name: "the 61st", Who: "sam", Method: http.MethodPost, URL: "/api/evidence", Body: body, Headers: headers,
		Status: 429, Want: []string{`"message":"You have uploaded many files today. Try again in`}})
}
