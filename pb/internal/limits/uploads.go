package limits

import (
	"net/http"
	"sync"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"
)

// Uploads in flight: a picture's body is read (to a temporary file, 64 KB
// of it in memory) only while its route holds an upload slot, taken after
// the route checked the member, the target and the step from the URL.
// A member uploads one picture at a time from the web app; two leave room
// for a second tab. The total bounds the temporary files (at most 16 × 8
// MB on disk) and the form readers' memory (16 × 64 KB); decoding is
// bounded apart, by pb/avatar's image-work slots. Slots are not switched
// by RATE_LIMITS: they bound memory, not use.
const (
	UploadsPerMember = 2
	UploadsInAll     = 16
)

var uploads = struct {
	sync.Mutex
	all      int
	byMember map[string]int
}{byMember: map[string]int{}}

// Messages of a refused upload.
const (
	msgUploadsPerMember = "You are already uploading 2 pictures. Wait until they are done, then try again."
	msgUploadsInAll     = "The server is receiving too many pictures. Please try again in a moment."
)

// TakeUpload takes an upload slot for the signed-in member, or refuses at
// once, without reading the body: 429 when the member already has
// UploadsPerMember in flight, 503 when the server has UploadsInAll. The
// answer's release gives the slot back; call it once the request is done
// with the picture (read, decoded, its temporary file removed).
func TakeUpload(e *core.RequestEvent) (release func(), err error) {
	id := e.Auth.Id
	uploads.Lock()
	defer uploads.Unlock()
	switch {
	case uploads.byMember[id] >= UploadsPerMember:
		e.Response.Header().Set("Retry-After", "5")
		return nil, router.NewApiError(http.StatusTooManyRequests, msgUploadsPerMember, nil)
	case uploads.all >= UploadsInAll:
		e.Response.Header().Set("Retry-After", "5")
		return nil, router.NewApiError(http.StatusServiceUnavailable, msgUploadsInAll, nil)
	}
	uploads.all++
	uploads.byMember[id]++
	var once sync.Once
	return func() {
		once.Do(func() {
			uploads.Lock()
			defer uploads.Unlock()
			uploads.all--
			if uploads.byMember[id]--; uploads.byMember[id] == 0 {
				delete(uploads.byMember, id)
			}
		})
	}, nil
}
