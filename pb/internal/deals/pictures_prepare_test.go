package deals

import (
	"bytes"
	"context"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/refusal"
	"sponsorbridge/pb/internal/route"
	"sponsorbridge/pb/internal/upload"
)

// holding is a Picture as readForm leaves it, holding content.
func holding(t *testing.T, ctx context.Context, content []byte) *Picture {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	fw, err := w.CreateFormFile("picture", "p.jpg")
	if err == nil {
		_, err = fw.Write(content)
	}
	if err == nil {
		err = w.Close()
	}
	if err != nil {
		t.Fatal(err)
	}
	form, err := multipart.NewReader(&body, w.Boundary()).ReadForm(1 << 20)
	if err != nil {
		t.Fatal(err)
	}
	released := false
	p := &Picture{in: upload.Hold(ctx, "picture", form, func() { released = true })}
	t.Cleanup(func() {
		p.close()
		if !released {
			t.Error("the upload slot was not given back")
		}
	})
	return p
}

// A picture that waits for image work past its request's end is refused as
// Unavailable, answered 503 with Retry-After: 5 (docs/api/deals.md); one
// that is no picture is the field's Invalid.
func TestPreparingAPictureRefuses(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := holding(t, ctx, []byte("not a picture")).prepare()
	r, ok := refusal.As(err)
	if !ok || r.Kind != refusal.Unavailable || r.Message != "The server is busy processing pictures. Please try again in a moment." {
		t.Fatalf("with no image work to be had: %v", err)
	}
	rec := httptest.NewRecorder()
	e := &core.RequestEvent{}
	e.Response, e.Request = rec, httptest.NewRequest(http.MethodPost, "/", nil)
	if answer := route.Refused(e, err); rec.Header().Get("Retry-After") != "5" || answer == nil {
		t.Errorf("answered %v with Retry-After %q, want 5", answer, rec.Header().Get("Retry-After"))
	}

	err = holding(t, context.Background(), []byte("not a picture")).prepare()
	if r, ok := refusal.As(err); !ok || r.Kind != refusal.Invalid || r.Fields == nil {
		t.Fatalf("no picture at all: %v", err)
	} else if msg := r.Fields.Error(); msg != "picture: The picture must be a JPEG, PNG, GIF or WebP image." {
		t.Errorf("the field says %q", msg)
	}
}
