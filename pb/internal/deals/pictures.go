package deals

// Pictures on a deliverable's proof and on a request's updates
// (docs/api/deals.md, "Pictures"). A picture comes with its step, as
// multipart form data, is checked from its headers and stored re-encoded at
// avatar.Photo in the same transaction as the step, and is read only
// through the deal: its members, and the administrators while it is
// disputed.

import (
	"fmt"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/membership"
	"sponsorbridge/pb/internal/upload"
)

// MaxPicture bounds a picture as uploaded, in bytes (upload.MaxPicture).
const MaxPicture = upload.MaxPicture

// stored is a step's picture: checked and re-encoded before the step,
// stored by it.
type stored struct {
	id   string
	file *filesystem.File
}

// Picture is a picture as it came with a step or an update, waiting in the
// form's temporary file, with the upload slot its request holds. The
// action checks and re-encodes it (prepare) only once it may be taken.
type Picture struct {
	in    *upload.File
	ready *stored
}

// close removes the temporary file and gives the upload slot back (nil: no
// picture came).
func (p *Picture) close() {
	if p != nil {
		p.in.Close()
	}
}

// readForm reads a step's body into texts, by their field names: JSON
// (form is its struct), or multipart form data whose text fields have the
// same names and whose field "picture" is one optional picture. A
// multipart body is read only once the request holds an upload slot
// (upload.Read), so the caller checks the member, the deal and the step
// from the URL first; its picture waits on disk (nil for none), and the
// caller closes it once done.
func readForm(e *core.RequestEvent, form any, texts map[string]*string) (*Picture, error) {
	if !limits.IsMultipart(e) {
		return nil, apierr.ReadBody(e, form)
	}
	in, err := upload.Read(e, "picture", fmt.Sprintf("Send the form as JSON, or as multipart form data with the picture in the field picture (at most %d MB).", MaxPicture>>20), texts)
	if err != nil || in == nil {
		return nil, err
	}
	return &Picture{in: in}, nil
}

// prepare checks and re-encodes the picture (nil: none) at avatar.Photo,
// refusing it with the field's message, or as Unavailable while image work
// is full (upload.File.Picture).
func (p *Picture) prepare() error {
	if p == nil || p.ready != nil {
		return nil
	}
	data, ext, err := p.in.Picture("The picture must be a JPEG, PNG, GIF or WebP image")
	if err != nil {
		return err
	}
	file, err := filesystem.NewFileFromBytes(data, "picture"+ext)
	if err != nil {
		return err
	}
	p.ready = &stored{id: core.GenerateDefaultRandomId(), file: file}
	return nil
}

// prepared is the picture as prepare left it (nil: none).
func (p *Picture) prepared() *stored {
	if p == nil {
		return nil
	}
	return p.ready
}

// save stores the picture, for a deal's proof or for a request's update.
func (u *stored) save(tx core.App, dealID, updateID, author string) error {
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
	return ServeFile(e, p, "file", "private, max-age=31536000, immutable")
}

// ServeFile answers the picture in field of r (a deal's picture, a
// member's avatar) with cacheControl, once the caller decided who may read
// it; 404 Picture not found. when it is missing.
func ServeFile(e *core.RequestEvent, p *core.Record, field, cacheControl string) error {
	fsys, err := e.App.NewFilesystem()
	if err != nil {
		return e.InternalServerError("", err)
	}
	defer fsys.Close()
	name := p.GetString(field)
	h := e.Response.Header()
	h.Set("Cache-Control", cacheControl)
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
	if err != nil || d.GetString("listingKind") != listings.Requests.Table || u.GetString("request") != d.GetString("listingId") {
		return false
	}
	until, cut := updatesUntil(d)
	return !cut || u.GetDateTime("created").String() <= until
}
