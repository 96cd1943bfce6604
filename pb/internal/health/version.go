package health

import (
	"bytes"
	"encoding/json"
	"net/http"
	"sync"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/buildinfo"
)

// withVersion lets PocketBase answer the health check (its superuser
// extras included) and adds the running build to the answer's data:
// {"message":"API is healthy.","code":200,"data":{"version":"v1.4.0-3-ge8c5da7"}},
// so a monitor or a person after a deploy sees which build answers.
func withVersion(e *core.RequestEvent) error {
	real := e.Response
	held := &heldResponse{ResponseWriter: real}
	e.Response = held
	err := e.Next()
	e.Response = real
	if err != nil || held.status == 0 && held.body.Len() == 0 {
		return err // nothing written: the error handler answers on the real writer
	}
	status, body := held.status, held.body.Bytes()
	if status == 0 {
		status = http.StatusOK
	}
	if status == http.StatusOK {
		body = addVersion(body)
	}
	real.WriteHeader(status)
	_, err = real.Write(body)
	return err
}

// addVersion puts "version" first in the answer's data object. PocketBase
// writes the object itself, so a splice is enough (a decode and re-encode
// took a quarter of the route's time); an answer without one is left as is.
func addVersion(body []byte) []byte {
	const key = `"data":{`
	i := bytes.Index(body, []byte(key))
	if i < 0 {
		return body
	}
	at := i + len(key)
	field := versionField()
	out := make([]byte, 0, len(body)+len(field)+1)
	out = append(append(out, body[:at]...), field...)
	if at < len(body) && body[at] != '}' {
		out = append(out, ',')
	}
	return append(out, body[at:]...)
}

var versionField = sync.OnceValue(func() []byte {
	v, _ := json.Marshal(buildinfo.Version())
	return append([]byte(`"version":`), v...)
})

// heldResponse keeps the status and body back; headers go to the real writer.
type heldResponse struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
}

func (h *heldResponse) WriteHeader(status int) {
	if h.status == 0 {
		h.status = status
	}
}

func (h *heldResponse) Write(p []byte) (int, error) { return h.body.Write(p) }
