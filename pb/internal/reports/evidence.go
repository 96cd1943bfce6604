package reports

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// evidenceFile is what a report shows of an evidence file.
type evidenceFile struct {
	Kind string
	Name string
}

// evidenceOf are the evidence files of deal dealID among ids, by id
// ("" and the files of other deals are left out), in one query.
func evidenceOf(app core.App, dealID string, ids []string) (map[string]evidenceFile, error) {
	want := make([]any, 0, len(ids))
	for _, id := range ids {
		if id != "" {
			want = append(want, id)
		}
	}
	out := map[string]evidenceFile{}
	if len(want) == 0 {
		return out, nil
	}
	var rows []struct {
		ID   string `db:"id"`
		Kind string `db:"kind"`
		Name string `db:"name"`
	}
	err := app.DB().Select("id", "kind", "name").From("evidence_files").
		Where(dbx.HashExp{"deal": dealID}).AndWhere(dbx.In("id", want...)).All(&rows)
	for _, r := range rows {
		out[r.ID] = evidenceFile{Kind: r.Kind, Name: r.Name}
	}
	return out, err
}

// serveEvidence answers evidence file id of deal dealID.
// TODO(merge h-k): evidence.Serve, with its PDF headers.
func serveEvidence(e *core.RequestEvent, dealID, id string) error {
	return e.NotFoundError("File not found.", nil)
}
