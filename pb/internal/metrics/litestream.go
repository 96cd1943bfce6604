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
	syncs := backup.LastSync(g.app)
	if syncs == nil {
		return nil, nil
	}
	families, err := prometheus.DefaultGatherer.Gather()
	dir := filepath.Clean(g.app.DataDir())
	out := families[:0]
	var checkpointErrors *dto.MetricFamily
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
		f.Metric = kept
		if f.GetName() == checkpointErrorsName {
			checkpointErrors = f
		}
		if len(kept) > 0 {
			out = append(out, f)
		}
	}
	if checkpointErrors == nil {
		checkpointErrors = &dto.MetricFamily{Name: ptr(checkpointErrorsName), Help: ptr(checkpointErrorsHelp), Type: dto.MetricType_COUNTER.Enum()}
		out = append(out, checkpointErrors)
	}
	for name := range syncs {
		zeroCheckpointErrors(checkpointErrors, filepath.Join(dir, name))
	}
	return out, err
}

// Litestream creates a checkpoint-error series at its first error, which
// increase() cannot see (a series' first sample has no predecessor), so an
// alert on it would miss the first error. Here the series of the modes
// Litestream checkpoints with start at zero, until Litestream has its own.
const (
	checkpointErrorsName = "litestream_checkpoint_error_count"
	checkpointErrorsHelp = "Number of checkpoint errors that have occurred"
)

var checkpointModes = []string{"PASSIVE", "TRUNCATE"}

func zeroCheckpointErrors(f *dto.MetricFamily, db string) {
	for _, mode := range checkpointModes {
		found := false
		for _, m := range f.Metric {
			if label(m, "db") == db && label(m, "mode") == mode {
				found = true
				break
			}
		}
		if !found {
			f.Metric = append(f.Metric, &dto.Metric{
				Label:   []*dto.LabelPair{{Name: ptr("db"), Value: ptr(db)}, {Name: ptr("mode"), Value: ptr(mode)}},
				Counter: &dto.Counter{Value: ptr(0.0)},
			})
		}
	}
}

// ofDir: a series without a database path, or one of a database in dir.
func ofDir(m *dto.Metric, dir string) bool {
	if db := label(m, "db"); strings.ContainsRune(db, filepath.Separator) {
		return filepath.Dir(db) == dir
	}
	return true
}

func label(m *dto.Metric, name string) string {
	for _, l := range m.GetLabel() {
		if l.GetName() == name {
			return l.GetValue()
		}
	}
	return ""
}

func ptr[T any](v T) *T { return &v }
