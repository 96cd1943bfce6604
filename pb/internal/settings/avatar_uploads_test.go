package settings_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/settings"
	"sponsorbridge/pb/internal/testutil"
)

// The red team's 100 avatars at once took the server from 49 to 931 MB:
// PocketBase's router kept each body in memory, the form reader kept each
// file in memory (its memory bound was the file's size), and every upload
// then waited for image work holding its picture. Now an upload is read
// only under an upload slot (at most limits.UploadsInAll in the server,
// limits.UploadsPerMember a member), to a temporary file, and read into
// memory only under an image-work slot: the others are refused unread.
func TestConcurrentAvatarsAreRefusedBeforeTheyAreRead(t *testing.T) {
	app := apptest.NewApp(t, nil)
	const n = 40
	members := make([]*core.Record, n)
	for i := range members {
		members[i] = testutil.CreateMember(t, app, fmt.Sprintf("member%02d", i), testutil.MemberOpts{})
	}
	h := testutil.Handler(t, app)
	picture := testutil.LargePNG(t, 1000, 1000) // a real picture, its file filled up to 2 MB
	const size = settings.MaxAvatar - 1024
	upload := func(member func(i int) *core.Record) func(int, <-chan struct{}) (*http.Request, *testutil.UploadBody) {
		return func(i int, gate <-chan struct{}) (*http.Request, *testutil.UploadBody) {
			body, ctype := testutil.NewUploadBody("avatar", "me.png", picture, size, gate)
			req := httptest.NewRequest(http.MethodPost, "/api/user/avatar", body)
			req.ContentLength = -1
			req.Header.Set("Content-Type", ctype)
			req.Header.Set("Origin", testutil.Origin)
			for k, v := range testutil.Cookie(t, member(i)) {
				req.Header.Set(k, v)
			}
			return req, body
		}
	}

	one := testutil.UploadBurst(t, h, 1, 1, upload(func(int) *core.Record { return members[0] }))
	if one.Codes[http.StatusOK] != 1 {
		t.Fatalf("one avatar: %v, want 200", one.Codes)
	}

	// Three at once from one member: two are read, the third refused unread.
	b := testutil.UploadBurst(t, h, 3, limits.UploadsPerMember, upload(func(int) *core.Record { return members[0] }))
	if b.Codes[http.StatusOK] != 2 || b.Codes[http.StatusTooManyRequests] != 1 || b.Read[http.StatusTooManyRequests] != 0 {
		t.Errorf("three avatars at once from one member: %v, %d bytes read of the refused, want 2 × 200 and one 429 unread",
			b.Codes, b.Read[http.StatusTooManyRequests])
	}

	// One each from 40 members at once.
	b = testutil.UploadBurst(t, h, n, limits.UploadsInAll, upload(func(i int) *core.Record { return members[i] }))
	t.Logf("one avatar of 2 MB: heap grew by at most %.1f MB; %d at once from %d members: %v, heap grew by at most %.1f MB; bytes read of the refused: %d",
		float64(one.HeapGrowth)/1e6, n, n, b.Codes, float64(b.HeapGrowth)/1e6, b.Read[http.StatusServiceUnavailable])
	if b.Codes[http.StatusOK] != limits.UploadsInAll || b.Codes[http.StatusServiceUnavailable] != n-limits.UploadsInAll {
		t.Errorf("answers %v, want %d × 200 and %d × 503", b.Codes, limits.UploadsInAll, n-limits.UploadsInAll)
	}
	if b.Read[http.StatusServiceUnavailable] != 0 {
		t.Errorf("the refused avatars read %d bytes, want none", b.Read[http.StatusServiceUnavailable])
	}
	// Two pictures at work at a time (pb/avatar's slots), the form readers
	// 64 KB each.
	if b.HeapGrowth > 2*one.HeapGrowth+32<<20 {
		t.Errorf("%d avatars at once grew the heap by %.1f MB, want under two avatars' %.1f MB + 32 MB (the rest of the process, the garbage of the tests before)",
			n, float64(b.HeapGrowth)/1e6, float64(2*one.HeapGrowth)/1e6)
	}
}
