package deals

// Pictures on a deliverable's proof and on a request's updates
// (docs/api/deals.md, "Pictures"). A picture comes with its step, as
// multipart form data, is checked from its headers and stored re-encoded at
// avatar.Photo in the same transaction as the step, and is read only
// through the deal: its members, and the administrators while it is
// disputed.

import (
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"

	"sponsorbridge/pb/avatar"
	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/membership"
)

const (
	// MaxPicture bounds a picture as uploaded, in bytes: a phone's 12
	// megapixel photo is 3-6 MB. What decoding it may cost is bounded by
	// avatar.MaxImageBytes, whatever its file size.
	MaxPicture = 8 << 20
	// maxPictureBody is the picture plus the form's text fields and framing.
	maxPictureBody = MaxPicture + 64<<10
	// The form's text fields are held in memory up to this; its file goes
	// to a temporary file as it arrives.
	maxFormMemory = 64 << 10
)

// upload is a step's picture: checked and re-encoded before the step,
// stored by it.
type upload struct {
	id   string
	file *filesystem.File
}

// isMultipart tells whether the request's body is multipart form data.
func isMultipart(e *core.RequestEvent) bool {
	t, _, _ := mime.ParseMediaType(e.Request.Header.Get("Content-Type"))
	return t == "multipart/form-data"
}

// readForm reads a step's body into texts, by their field names: JSON
// (form is its struct), or multipart form data whose text fields have the
// same names and whose field "picture" is one optional picture. It answers
// the picture's bytes (nil for none).
func readForm(e *core.RequestEvent, form any, texts map[string]*string) ([]byte, error) {
	if !isMultipart(e) {
		return nil, apierr.ReadBody(e, form)
	}
	if err := e.Request.ParseMultipartForm(maxFormMemory); err != nil {
		return nil, e.BadRequestError(fmt.Sprintf("Send the form as JSON, or as multipart form data with the picture in the field picture (at most %d MB).", MaxPicture>>20), nil)
	}
	// A picture past maxFormMemory waits in a temporary file: removed once
	// it is read here, not left to the end of the request (net/http removes
	// it then, but only for its own request: tests and wrapped requests left
	// 8 MB files behind).
	defer func() { _ = e.Request.MultipartForm.RemoveAll() }()
	for name, dst := range texts {
		if v := e.Request.MultipartForm.Value[name]; len(v) > 0 {
			*dst = v[0]
		}
	}
	files := e.Request.MultipartForm.File["picture"]
	switch {
	case len(files) == 0:
		return nil, nil
	case len(files) > 1:
		return nil, pictureError(e, "Choose one picture")
	case files[0].Size > MaxPicture:
		return nil, pictureError(e, fmt.Sprintf("The picture must be at most %d MB", MaxPicture>>20))
	}
	f, err := files[0].Open()
	if err != nil {
		return nil, pictureError(e, "The picture could not be read")
	}
	defer f.Close()
	raw, err := io.ReadAll(io.LimitReader(f, MaxPicture+1))
	if err != nil || len(raw) > MaxPicture {
		return nil, pictureError(e, fmt.Sprintf("The picture must be at most %d MB", MaxPicture>>20))
	}
	if len(raw) == 0 {
		return nil, nil // an empty file input
	}
	return raw, nil
}

// preparePicture checks and re-encodes raw (nil: no picture) at
// avatar.Photo, answering the field's message for a picture it refuses and
// 503 while image work is full.
func preparePicture(e *core.RequestEvent, raw []byte) (*upload, error) {
	if raw == nil {
		return nil, nil
	}
	stored, ext, err := avatar.Photo.Normalize(e.Request.Context(), raw)
	if msg, refused := avatar.Refusal(err, "picture", "The picture must be a JPEG, PNG, GIF or WebP image"); refused {
		return nil, pictureError(e, msg)
	}
	switch {
	case errors.Is(err, avatar.ErrBusy):
		e.Response.Header().Set("Retry-After", "5")
		return nil, e.Error(http.StatusServiceUnavailable, "The server is busy processing pictures. Please try again in a moment.", nil)
	case err != nil:
		return nil, e.InternalServerError("", err)
	}
	file, err := filesystem.NewFileFromBytes(stored, "picture"+ext)
	if err != nil {
		return nil, e.InternalServerError("", err)
	}
	return &upload{id: core.GenerateDefaultRandomId(), file: file}, nil
}

func pictureError(e *core.RequestEvent, msg string) error {
	return e.BadRequestError("Please check the highlighted fields.", validation.Errors{
		"picture": apierr.Field("validation_invalid_picture", msg),
	})
}

// save stores the picture, for a deal's proof or for a request's update.
func (u *upload) save(tx core.App, dealID, updateID, author string) error {
	c, err := tx.FindCachedCollectionByNameOrId("deal_pictures")
	if err != nil {
		return err
	}
	r := core.NewRecord(c)
	r.Id = u.id
	r.Load(map[string]any{"deal": dealID, "requestUpdate": updateID, "author": author})
	r.Set("file", u.file)
	return tx.Save(r)
}

// picture answers one picture of a deal: a proof picture of this deal, or
// the picture of an update on its request. Its members read it, and the
// administrators while the deal is disputed; anyone else is answered 404.
// A picture never changes (a new one has a new id), so the browser may keep
// it, privately.
func picture(e *core.RequestEvent) error {
	d, err := e.App.FindRecordById("deals", e.Request.PathValue("id"))
	member := err == nil && (d.GetString("sponsor") == e.Auth.Id || d.GetString("recipient") == e.Auth.Id)
	admin := err == nil && d.GetString("status") == StatusDisputed && membership.IsAdmin(e.Auth)
	if !member && !admin {
		return e.NotFoundError("Deal not found.", nil)
	}
	p, err := e.App.FindRecordById("deal_pictures", e.Request.PathValue("picture"))
	if err != nil || !pictureOf(e.App, p, d) {
		return e.NotFoundError("Picture not found.", nil)
	}
	fsys, err := e.App.NewFilesystem()
	if err != nil {
		return e.InternalServerError("", err)
	}
	defer fsys.Close()
	name := p.GetString("file")
	h := e.Response.Header()
	h.Set("Cache-Control", "private, max-age=31536000, immutable")
	h.Set("X-Content-Type-Options", "nosniff")
	if err := fsys.Serve(e.Response, e.Request, p.BaseFilesPath()+"/"+name, name); err != nil {
		return e.NotFoundError("Picture not found.", nil)
	}
	return nil
}

// pictureOf tells whether the picture belongs to the deal: its proof, or
// an update its sponsor may read (updatesOf).
func pictureOf(app core.App, p, d *core.Record) bool {
	if id := p.GetString("deal"); id != "" {
		return id == d.Id
	}
	u, err := app.FindRecordById("request_updates", p.GetString("requestUpdate"))
	if err != nil || d.GetString("listingKind") != "sponsorship_requests" || u.GetString("request") != d.GetString("listingId") {
		return false
	}
	until, cut := updatesUntil(d)
	return !cut || u.GetDateTime("created").String() <= until
}
