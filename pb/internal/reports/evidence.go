package reports

import (
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/evidence"
)

// evidenceOf are the evidence files of deal dealID among ids, by id ("" and
// the files of other deals are left out), in one query.
func evidenceOf(app core.App, dealID string, ids []string) (map[string]*core.Record, error) {
	files, err := evidence.ByID(app, ids...)
	for id, f := range files {
		if f.GetString("deal") != dealID {
			delete(files, id)
		}
	}
	return files, err
}
