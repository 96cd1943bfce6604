package evidence

import (
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// SweepAfter is how long a file may stay named by no figure: time to
// upload it, then save the kit or the report that names it.
const SweepAfter = 24 * time.Hour

// Sweep deletes, with their stored files, the evidence files uploaded more
// than SweepAfter ago that no figure names: a kit's file named by none of
// its kit's figures, a deal's named by none of its report's figures and
// receipts (the cron job sbEvidenceSweep), a batch at a time.
func Sweep(app core.App) error {
	for {
		var rows []*core.Record
		err := app.RecordQuery(Collection).AndWhere(dbx.NewExp(`created < {:before}
			AND NOT EXISTS (SELECT 1 FROM media_kits k WHERE k.id = evidence_files.kit AND (`+kitNames("k", "evidence_files.id")+`))
			AND NOT EXISTS (SELECT 1 FROM impact_reports r WHERE r.deal = evidence_files.deal AND (`+reportNames("r", "evidence_files.id")+`))`,
			dbx.Params{"before": types.NowDateTime().Add(-SweepAfter).String()})).Limit(200).All(&rows)
		if err != nil {
			return err
		}
		for _, r := range rows {
			if err := app.Delete(r); err != nil {
				return err
			}
		}
		if len(rows) < 200 {
			return nil
		}
	}
}
