// Package evidence holds the files a member attaches to a figure: a
// picture (re-encoded as the deals' proof pictures are) or a PDF kept as it
// came (docs/api/proof-of-value.md, "Evidence files"). A kit's files go with
// the kit; a deal's (its report's figures and receipts) with the deal. Who
// may read a file is decided by who names it: the kit or the deal; a file no
// figure names is swept away (Sweep).
package evidence

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Collection is the table of evidence files.
const Collection = "evidence_files"

// Kinds of file.
const (
	KindPicture = "picture"
	KindPDF     = "pdf"
)

// EvidenceFile is an evidence file in an answer.
type EvidenceFile struct {
	ID   string `json:"id"`
	Kind string `json:"kind"`
	Name string `json:"name"`
	URL  string `json:"url"`
}

// ToFile is the record as answered, read through GET /api/evidence/{id}.
func ToFile(r *core.Record) EvidenceFile {
	return EvidenceFile{ID: r.Id, Kind: r.GetString("kind"), Name: r.GetString("name"), URL: "/api/evidence/" + r.Id}
}

// ByID loads the files with ids in one query (ids repeated or "" cost
// nothing); a missing id is absent from the answer.
func ByID(app core.App, ids ...string) (map[string]*core.Record, error) {
	want := make([]any, 0, len(ids))
	seen := map[string]bool{}
	for _, id := range ids {
		if id != "" && !seen[id] {
			seen[id] = true
			want = append(want, id)
		}
	}
	out := make(map[string]*core.Record, len(want))
	if len(want) == 0 {
		return out, nil
	}
	var rows []*core.Record
	if err := app.RecordQuery(Collection).AndWhere(dbx.In("id", want...)).All(&rows); err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.Id] = r
	}
	return out, nil
}

// OfMember are the files among ids that are the member's own kit files
// (not a deal's), by id, in one query; an id missing from the answer is
// not (unknown, someone else's, a deal's): its figure's "Attach one of your
// own files".
func OfMember(app core.App, memberID string, ids ...string) (map[string]*core.Record, error) {
	all, err := ByID(app, ids...)
	if err != nil {
		return nil, err
	}
	for id, r := range all {
		if r.GetString("owner") != memberID || r.GetString("deal") != "" {
			delete(all, id)
		}
	}
	return all, nil
}

// OfDeal are the files among ids that are the deal's files, by id, in one
// query; an id missing from the answer is not (unknown, a kit's, another
// deal's): a report figure's or receipt's "Attach a file of this deal".
func OfDeal(app core.App, dealID string, ids ...string) (map[string]*core.Record, error) {
	all, err := ByID(app, ids...)
	if err != nil {
		return nil, err
	}
	for id, r := range all {
		if dealID == "" || r.GetString("deal") != dealID {
			delete(all, id)
		}
	}
	return all, nil
}
