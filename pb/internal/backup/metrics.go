package backup

import (
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"

	"sponsorbridge/pb/internal/metrics"
)

// The backup's series in GET /api/metrics (pb/internal/metrics): whether
// Litestream replicates, each database's replication lag, and Litestream's
// own counters.
var (
	backupEnabledDesc = prometheus.NewDesc("sponsorbridge_backup_enabled",
		"1 while Litestream replicates the databases; 0 when backups are off (LITESTREAM_REPLICA_URL not set, or Litestream could not start).", nil, nil)
	lagDesc = prometheus.NewDesc("sponsorbridge_backup_replication_lag_seconds",
		"Seconds since each database last shipped its changes to the backup replica (-1: not yet); absent when backups are off.", []string{"db"}, nil)
)

// registerMetrics adds the backup's series to app's metrics.
func registerMetrics(app core.App) {
	metrics.Collect(app, lagCollector{app})
	metrics.Gather(app, litestreamGatherer{app})
}

type lagCollector struct{ app core.App }

func (lagCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- backupEnabledDesc
	ch <- lagDesc
}

func (c lagCollector) Collect(ch chan<- prometheus.Metric) {
	gauge := func(d *prometheus.Desc, v float64, labels ...string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v, labels...)
	}
	syncs := lastSync(c.app) // nil when backups are off
	enabled := 0.0
	if syncs != nil {
		enabled = 1
	}
	gauge(backupEnabledDesc, enabled)
	names := make([]string, 0, len(syncs))
	for name := range syncs {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		lag := -1.0
		if at := syncs[name]; !at.IsZero() {
			lag = time.Since(at).Seconds()
		}
		gauge(lagDesc, lag, strings.TrimSuffix(name, ".db"))
	}
}

// lastSync is when each replicated database (data.db, auxiliary.db) last
// shipped its changes (zero time: not yet); nil when backups are off.
func lastSync(app core.App) map[string]time.Time {
	s, _ := app.Store().Get(storeKey).(*service)
	if s == nil || !s.rep.Running() {
		return nil
	}
	return s.rep.LastSync()
}

// litestreamGatherer passes on Litestream's own series (sync and checkpoint
// counts and errors, sizes, replica operations), which the library
// registers in client_golang's global registry. Only while this app
// replicates (a Litestream that failed to start leaves stale zeros behind),
// and only its own databases' (the "db" label is the database's path;
// tests run many apps in one process).
type litestreamGatherer struct{ app core.App }

func (g litestreamGatherer) Gather() ([]*dto.MetricFamily, error) {
	syncs := lastSync(g.app)
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
