package metrics

import (
	"path/filepath"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"

	"sponsorbridge/pb/internal/backup"
)

// litestreamGatherer passes on Litestream's own series (sync and checkpoint
// counts and errors, sizes, replica operations), which the library
// registers in client_golang's global registry. Only while this app
// replicates (a Litestream that failed to start leaves stale zeros behind),
// and only its own databases' (the "db" label is the database's path;
// tests run many apps in one process).
type litestreamGatherer struct{ app core.App }

func (g litestreamGatherer) Gather() ([]*dto.MetricFamily, error) {
	if backup.LastSync(g.app) == nil {
		return nil, nil
	}
	families, err := prometheus.DefaultGatherer.Gather()
	dir := filepath.Clean(g.app.DataDir())
	out := families[:0]
	for _, f := range families {
		if !strings.HasPrefix(f.GetName(), "litestream_") {
			continue // the global registry's Go and process collectors: ours are in the app's registry
		}
		kept := f.Metric[:0]
		for _, m := range f.Metric {
			if ofDir(m, dir) {
				kept = append(kept, m)
			}
		}
		if len(kept) > 0 {
			f.Metric = kept
			out = append(out, f)
		}
	}
	return out, err
}

// ofDir: a series without a database path, or one of a database in dir.
func ofDir(m *dto.Metric, dir string) bool {
	for _, l := range m.GetLabel() {
		if l.GetName() == "db" && strings.ContainsRune(l.GetValue(), filepath.Separator) {
			return filepath.Dir(l.GetValue()) == dir
		}
	}
	return true
}
