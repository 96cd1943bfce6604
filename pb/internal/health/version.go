package health

import (
	"bytes"
	"encoding/json"
	"net/http"

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
	var answer map[string]any
	if status == http.StatusOK && json.Unmarshal(body, &answer) == nil {
		if data, ok := answer["data"].(map[string]any); ok {
			data["version"] = buildinfo.Version()
			if withIt, err := json.Marshal(answer); err == nil {
				body = withIt
			}
		}
	}
	real.WriteHeader(status)
	_, err = real.Write(body)
	return err
}

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
