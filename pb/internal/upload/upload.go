// Package upload reads one file sent as multipart form data and checks and
// re-encodes a picture: the pipeline of the deals' proof pictures and of the
// evidence files (docs/api/deals.md, "Pictures"; docs/api/proof-of-value.md).
// The body is read only under an upload slot (limits.TakeUpload), taken once
// the route checked what it could from the URL; the file waits on disk, and
// is read into memory only to be checked and re-encoded, under an image-work
// slot (pb/avatar).
package upload

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/avatar"
	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/refusal"
)

const (
	// MaxPicture bounds a picture as uploaded, in bytes: a phone's 12
	// megapixel photo is 3-6 MB. What decoding it may cost is bounded by
	// avatar.MaxImageBytes, whatever its file size.
	MaxPicture = 8 << 20
	// The form's text fields are held in memory up to this; its file goes
	// to a temporary file as it arrives.
	maxFormMemory = 64 << 10
)

// File is the file of a multipart form, waiting in the form's temporary
// file, with the upload slot its request holds. Field is the form field it
// came in; refusals about it name that field.
type File struct {
	Field   string
	Header  *multipart.FileHeader
	ctx     context.Context
	release func()
	form    *multipart.Form
}

// Read reads a multipart body once the request holds an upload slot: its
// text fields into texts (by their names) and its one file from field
// (nil, nil when none came). badForm is the message for a body that cannot
// be read as a form. The caller closes the file once done.
func Read(e *core.RequestEvent, field, badForm string, texts map[string]*string) (*File, error) {
	release, err := limits.TakeUpload(e)
	if err != nil {
		return nil, err
	}
	f := &File{Field: field, ctx: e.Request.Context(), release: release}
	if err := e.Request.ParseMultipartForm(maxFormMemory); err != nil {
		f.Close() // a body cut at its limit is answered 413 (limits.Upload)
		return nil, refusal.Invalidf(badForm, nil)
	}
	f.form = e.Request.MultipartForm
	for name, dst := range texts {
		if v := f.form.Value[name]; len(v) > 0 {
			*dst = v[0]
		}
	}
	files := f.form.File[field]
	switch {
	case len(files) == 0 || files[0].Size == 0: // none, or an empty file input
		f.Close()
		return nil, nil
	case len(files) > 1:
		f.Close()
		return nil, Refused(field, "Choose one picture")
	case files[0].Size > MaxPicture:
		f.Close()
		return nil, Refused(field, fmt.Sprintf("The picture must be at most %d MB", MaxPicture>>20))
	}
	f.Header = files[0]
	return f, nil
}

// Hold is a File holding an already parsed form (tests of what follows the
// upload), releasing with release.
func Hold(ctx context.Context, field string, form *multipart.Form, release func()) *File {
	return &File{Field: field, Header: form.File[field][0], ctx: ctx, release: release, form: form}
}

// Close removes the temporary file and gives the upload slot back (nil: no
// file came). net/http would remove the file only at the end of its own
// request: tests and wrapped requests left 8 MB files behind.
func (f *File) Close() {
	if f == nil {
		return
	}
	if f.form != nil {
		_ = f.form.RemoveAll()
	}
	f.release()
}

// Head is the file's first n bytes (fewer when it is shorter).
func (f *File) Head(n int) ([]byte, error) {
	r, err := f.Header.Open()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	b := make([]byte, n)
	got, err := io.ReadFull(r, b)
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		err = nil
	}
	return b[:got], err
}

// Bytes is the whole file, read into memory.
func (f *File) Bytes() ([]byte, error) {
	r, err := f.Header.Open()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return io.ReadAll(r)
}

// ErrBusy: image work is full (avatar.ErrBusy); Retry-After 5.
var ErrBusy = &refusal.Refusal{Kind: refusal.Unavailable, RetryAfter: 4 * time.Second,
	Message: "The server is busy processing pictures. Please try again in a moment."}

// Picture checks and re-encodes the file as a picture at avatar.Photo,
// answering its bytes and extension, or refusing it with the field's
// message (notImage for a file that is no picture at all), or ErrBusy while
// image work is full. The file is read into memory only under an
// image-work slot.
func (f *File) Picture(notImage string) (stored []byte, ext string, err error) {
	r, err := f.Header.Open()
	if err != nil {
		return nil, "", Refused(f.Field, "The picture could not be read")
	}
	defer r.Close()
	stored, ext, err = avatar.Photo.NormalizeFile(f.ctx, r, f.Header.Size)
	if msg, refused := avatar.Refusal(err, "picture", notImage); refused {
		return nil, "", Refused(f.Field, msg)
	}
	switch {
	case errors.Is(err, avatar.ErrBusy):
		return nil, "", ErrBusy
	case err != nil:
		return nil, "", err
	}
	return stored, ext, nil
}

// Refused is the Invalid refusal of a form whose field has the message.
func Refused(field, msg string) error {
	return refusal.Invalidf(refusal.CheckFields, validation.Errors{field: apierr.Field("validation_invalid_"+field, msg)})
}
