package evidence

import (
	"bytes"
	"fmt"
	"path"
	"strings"
	"unicode"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"

	"sponsorbridge/pb/internal/refusal"
	"sponsorbridge/pb/internal/upload"
)

// MaxPDF bounds a PDF, in bytes. A picture is bounded as the deals' are
// (upload.MaxPicture as uploaded), then re-encoded smaller.
const MaxPDF = 4 << 20

// Field is the form field of the file.
const Field = "file"

// Messages of a refused file.
const (
	msgNotAccepted = "Attach a picture (JPEG, PNG, GIF or WebP) or a PDF"
	msgPDFTooLarge = "The PDF must be at most 4 MB"
	msgNoDeal      = "Deal not found."
)

// Target is what a file is for: the member's media kit, or one of their
// completed deals (its report) when Deal is set.
type Target struct {
	Deal string
}

// Store stores the file for the target as one of me's evidence files: a
// PDF (its first bytes %PDF-) as it came, anything else as a picture,
// checked and re-encoded (upload.File.Picture). A deal's file is for a
// member of that completed deal (else 404 Deal not found.); a kit's is
// attached to the member's kit, made as an empty draft if they have none.
func Store(app core.App, me *core.Record, to Target, f *upload.File) (*core.Record, error) {
	if to.Deal != "" {
		if err := checkDeal(app, me.Id, to.Deal); err != nil {
			return nil, err
		}
	}
	if f == nil {
		return nil, upload.Refused(Field, msgNotAccepted)
	}
	kind, file, err := content(f)
	if err != nil {
		return nil, err
	}
	c, err := app.FindCachedCollectionByNameOrId(Collection)
	if err != nil {
		return nil, err
	}
	r := core.NewRecord(c)
	r.Load(map[string]any{"owner": me.Id, "deal": to.Deal, "kind": kind, "name": displayName(f.Header.Filename, path.Ext(file.Name))})
	r.Set("file", file)
	err = app.RunInTransaction(func(tx core.App) error {
		if to.Deal == "" {
			kit, err := KitOf(tx, me.Id, true)
			if err == nil && kit.IsNew() {
				err = tx.Save(kit)
			}
			if err != nil {
				return err
			}
			r.Set("kit", kit.Id)
		}
		return tx.Save(r)
	})
	if err != nil {
		return nil, err
	}
	return r, nil
}

// checkDeal: the member is the sponsor or the recipient of the deal, and
// it is completed.
func checkDeal(app core.App, memberID, dealID string) error {
	d, err := app.FindRecordById("deals", dealID)
	if err != nil || d.GetString("status") != "completed" ||
		(d.GetString("sponsor") != memberID && d.GetString("recipient") != memberID) {
		return refusal.NotFoundf(msgNoDeal)
	}
	return nil
}

// content is the file as stored and its kind: a PDF streamed from its
// temporary file as it came, a picture re-encoded.
func content(f *upload.File) (kind string, file *filesystem.File, err error) {
	head, err := f.Head(5)
	if err != nil {
		return "", nil, upload.Refused(Field, "The picture could not be read")
	}
	if bytes.Equal(head, []byte("%PDF-")) {
		if f.Header.Size > MaxPDF {
			return "", nil, upload.Refused(Field, msgPDFTooLarge)
		}
		file = &filesystem.File{Reader: &filesystem.MultipartReader{Header: f.Header},
			OriginalName: "evidence.pdf", Name: "evidence_" + core.GenerateDefaultRandomId() + ".pdf", Size: f.Header.Size}
		return KindPDF, file, nil
	}
	data, ext, err := f.Picture(msgNotAccepted)
	if err != nil {
		return "", nil, err
	}
	file, err = filesystem.NewFileFromBytes(data, "evidence"+ext)
	return KindPicture, file, err
}

// displayName is the name the member's file came with, without folders or
// control characters, at most 120 characters, ending as stored (a picture
// sent as .webp is stored as .jpg); "evidence" when it had none.
func displayName(sent, ext string) string {
	name := strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, path.Base(strings.ReplaceAll(sent, `\`, "/")))
	name = strings.TrimSpace(strings.TrimSuffix(name, path.Ext(name)))
	if name == "" || name == "." || name == "/" {
		name = "evidence"
	}
	if r := []rune(name); len(r) > 120-len(ext) {
		name = string(r[:120-len(ext)])
	}
	return fmt.Sprint(name, ext)
}
