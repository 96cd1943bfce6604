package deals_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/testutil"
)

// The red team's 25 simultaneous 8 MB proof pictures from one member grew
// the server by 589-623 MB (every body held in memory by PocketBase's
// router and read whole, all 25 decoded, 24 then refused by the step), and
// 25 × 8 MB of junk to a deal that does not exist by 551 MB. Now the deal
// and the step are checked from the URL, then the request takes an upload
// slot (limits.UploadsPerMember) before a byte is read, the body streams
// to a temporary file and the file is read into memory only under an
// image-work slot: two pictures are read and decoded, the other 23 are
// refused unread, and nothing is read for a missing deal.
func TestConcurrentPicturesAreRefusedBeforeTheyAreRead(t *testing.T) {
	j := newJourney(t)
	id := j.pledge("sam", 600)
	items := j.funded("sam", id, "Logo on the banner", "A post")
	h := j.Handler()
	cookie := testutil.Cookie(t, testutil.FindByUsername(t, j.app, "rita"))
	// A real picture, its file filled up to the 8 MB allowed (decoders stop
	// at the picture's end).
	picture := photo(t, 1600, 1200)
	const size = deals.MaxPicture - 1024
	send := func(path string) func(int, <-chan struct{}) (*http.Request, *testutil.UploadBody) {
		return func(_ int, gate <-chan struct{}) (*http.Request, *testutil.UploadBody) {
			body, ctype := testutil.NewUploadBody("picture", "proof.png", picture, size, gate)
			req := httptest.NewRequest(http.MethodPost, path, body)
			req.ContentLength = -1 // as it comes; the limit is checked as it is read
			req.Header.Set("Content-Type", ctype)
			req.Header.Set("Origin", testutil.Origin)
			for k, v := range cookie {
				req.Header.Set(k, v)
			}
			return req, body
		}
	}

	// One picture alone: what its image work costs.
	one := testutil.UploadBurst(t, h, 1, 1, send("/api/deals/"+id+"/deliverables/"+items[1]+"/done"))
	if one.Codes[http.StatusOK] != 1 {
		t.Fatalf("one picture: %v, want 200", one.Codes)
	}

	const n = 25
	step := "/api/deals/" + id + "/deliverables/" + items[0] + "/done"
	b := testutil.UploadBurst(t, h, n, limits.UploadsPerMember, send(step))
	t.Logf("one picture of 8 MB: heap grew by at most %.1f MB; %d at once from one member: %v, heap grew by at most %.1f MB; bytes read of the refused: %d",
		float64(one.HeapGrowth)/1e6, n, b.Codes, float64(b.HeapGrowth)/1e6, b.Read[http.StatusTooManyRequests])
	if b.Codes[http.StatusOK] != 1 || b.Codes[http.StatusConflict] != 1 || b.Codes[http.StatusTooManyRequests] != n-2 {
		t.Errorf("answers %v, want one 200 (stored), one 409 (already done, checked after its picture) and %d × 429", b.Codes, n-2)
	}
	if b.Read[http.StatusTooManyRequests] != 0 {
		t.Errorf("the refused uploads read %d bytes, want none", b.Read[http.StatusTooManyRequests])
	}
	// Two pictures at work (the two slots a member has), the others nothing.
	if b.HeapGrowth > 2*one.HeapGrowth+32<<20 {
		t.Errorf("%d pictures of 8 MB at once grew the heap by %.1f MB, want under two pictures' %.1f MB + 32 MB (the rest of the process, the garbage of the tests before)",
			n, float64(b.HeapGrowth)/1e6, float64(2*one.HeapGrowth)/1e6)
	}

	missing := "/api/deals/aaaaaaaaaaaaaaa/deliverables/bbbbbbbbbbbbbbb/done"
	b = testutil.UploadBurst(t, h, n, 0, send(missing))
	t.Logf("%d pictures of 8 MB at once to a missing deal: %v, heap grew by at most %.1f MB; bytes read: %d",
		n, b.Codes, float64(b.HeapGrowth)/1e6, b.Read[http.StatusNotFound])
	if b.Codes[http.StatusNotFound] != n || b.Read[http.StatusNotFound] != 0 {
		t.Errorf("answers %v, %d bytes read, want %d × 404 with nothing read", b.Codes, b.Read[http.StatusNotFound], n)
	}
	if b.HeapGrowth > 8<<20 {
		t.Errorf("%d pictures of 8 MB to a missing deal grew the heap by %.1f MB, want under 8 MB", n, float64(b.HeapGrowth)/1e6)
	}

	// A request's update with a picture: a stranger's to another's request
	// is refused unread.
	updates := "/api/sponsorship-requests/" + j.request().Id + "/updates"
	cookie = testutil.Cookie(t, testutil.FindByUsername(t, j.app, "olive"))
	b = testutil.UploadBurst(t, h, n, 0, send(updates))
	if b.Codes[http.StatusForbidden] != n || b.Read[http.StatusForbidden] != 0 {
		t.Errorf("updates from a stranger: %v, %d bytes read, want %d × 403 with nothing read", b.Codes, b.Read[http.StatusForbidden], n)
	}
}
