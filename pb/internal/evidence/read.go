package evidence

import (
	"fmt"
	"strconv"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// msgNoFile answers a file someone may not read, and an unknown one alike.
const msgNoFile = "File not found."

// Readable tells whether who (nil: a visitor) may read the file: a deal's
// file to the deal's two members; a kit's to its owner, and to anyone once
// the kit is published and one of its figures names the file.
func Readable(app core.App, who *core.Record, r *core.Record) (bool, error) {
	if dealID := r.GetString("deal"); dealID != "" {
		if who == nil {
			return false, nil
		}
		var n int
		err := app.DB().NewQuery(`SELECT COUNT(*) FROM deals WHERE id = {:deal} AND (sponsor = {:me} OR recipient = {:me})`).
			Bind(dbx.Params{"deal": dealID, "me": who.Id}).Row(&n)
		return n > 0, err
	}
	if who != nil && r.GetString("owner") == who.Id {
		return true, nil
	}
	var n int
	err := app.DB().NewQuery(`SELECT COUNT(*) FROM media_kits k WHERE k.id = {:kit} AND k.published = 1 AND (` + kitNames("k", "{:file}") + `)`).
		Bind(dbx.Params{"kit": r.GetString("kit"), "file": r.Id}).Row(&n)
	return n > 0, err
}

// Serve answers the file: a picture as it was stored (JPEG or PNG), a PDF
// as an attachment the browser runs nothing of. The caller decided who may
// read it (Readable, or a shared report's link).
func Serve(e *core.RequestEvent, r *core.Record) error {
	fsys, err := e.App.NewFilesystem()
	if err != nil {
		return err
	}
	defer fsys.Close()
	stored := r.GetString("file")
	h := e.Response.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	// a published kit's file stops being public when the kit is unpublished
	h.Set("Cache-Control", "private, no-cache")
	name := r.GetString("name")
	if r.GetString("kind") == KindPDF {
		h.Set("Content-Type", "application/pdf")
		h.Set("Content-Disposition", "attachment; filename="+strconv.Quote(name))
		h.Set("Content-Security-Policy", "sandbox")
	}
	if err := fsys.Serve(e.Response, e.Request, r.BaseFilesPath()+"/"+stored, name); err != nil {
		return e.NotFoundError(msgNoFile, nil)
	}
	return nil
}

// jsonList is the JSON field col as a list json_each can read ('[]' when
// it holds none).
func jsonList(col string) string {
	return fmt.Sprintf("CASE WHEN json_valid(%[1]s) AND json_type(%[1]s) = 'array' THEN %[1]s ELSE '[]' END", col)
}

// named is a condition: one of the objects of the JSON list col has key
// equal to file.
func named(col, key, file string) string {
	return fmt.Sprintf("EXISTS (SELECT 1 FROM json_each(%s) WHERE json_extract(value, '$.%s') = %s)", jsonList(col), key, file)
}

// kitNames is a condition: the kit k (its alias) names file in one of its
// figures (media_kits: audienceEvidence, and evidence in segments,
// channels and pastEvents).
func kitNames(k, file string) string {
	return k + ".audienceEvidence = " + file +
		" OR " + named(k+".segments", "evidence", file) +
		" OR " + named(k+".channels", "evidence", file) +
		" OR " + named(k+".pastEvents", "evidence", file)
}

// reportNames is a condition: the impact report r (its alias) names file
// in a figure (figures.evidence) or a receipt (spending.receipt).
func reportNames(r, file string) string {
	return named(r+".figures", "evidence", file) + " OR " + named(r+".spending", "receipt", file)
}
