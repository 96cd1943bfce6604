package metrics

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
	"github.com/prometheus/client_golang/prometheus"

	"sponsorbridge/pb/internal/backup"
	"sponsorbridge/pb/internal/buildinfo"
)

// The gauges read at each scrape: files, the queue, the backup, the build.
var (
	dbSizeDesc = prometheus.NewDesc("sponsorbridge_db_size_bytes",
		"Size of each SQLite database file in the data directory.", []string{"db"}, nil)
	walSizeDesc = prometheus.NewDesc("sponsorbridge_db_wal_size_bytes",
		"Size of each database's write-ahead log (grows until a checkpoint).", []string{"db"}, nil)
	digestsDesc = prometheus.NewDesc("sponsorbridge_notification_digests_pending",
		"Digest e-mails waiting for their hour (members with batched notifications); -1 when the query failed.", nil, nil)
	itemsDesc = prometheus.NewDesc("sponsorbridge_notification_items_pending",
		"Notifications waiting in those digests; -1 when the query failed.", nil, nil)
	backupEnabledDesc = prometheus.NewDesc("sponsorbridge_backup_enabled",
		"1 while Litestream replicates the databases; 0 when backups are off (LITESTREAM_REPLICA_URL not set, or Litestream could not start).", nil, nil)
	lagDesc = prometheus.NewDesc("sponsorbridge_backup_replication_lag_seconds",
		"Seconds since each database last shipped its changes to the backup replica (-1: not yet); absent when backups are off.", []string{"db"}, nil)
	retryPendingDesc = prometheus.NewDesc("sponsorbridge_mail_retry_pending",
		"Background mails waiting in the outbox for another try (the mail server did not take them yet); -1 when the query failed.", nil, nil)
	retryOldestDesc = prometheus.NewDesc("sponsorbridge_mail_retry_oldest_seconds",
		"Age of the oldest mail waiting in the outbox (0 when none waits); -1 when the query failed.", nil, nil)
	buildInfoDesc = prometheus.NewDesc("sponsorbridge_build_info",
		"Always 1; the labels name the running build (sponsorbridge --version) and its Go release.", []string{"version", "goversion"}, nil)
)

type stateCollector struct{ app core.App }

func (stateCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{dbSizeDesc, walSizeDesc, digestsDesc, itemsDesc, retryPendingDesc, retryOldestDesc,
		backupEnabledDesc, lagDesc, buildInfoDesc} {
		ch <- d
	}
}

func (c stateCollector) Collect(ch chan<- prometheus.Metric) {
	gauge := func(d *prometheus.Desc, v float64, labels ...string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v, labels...)
	}
	for _, db := range []string{"data", "auxiliary"} {
		base := filepath.Join(c.app.DataDir(), db+".db")
		gauge(dbSizeDesc, float64(fileSize(base)), db)
		gauge(walSizeDesc, float64(fileSize(base+"-wal")), db)
	}

	digests, items := queueDepth(c.app)
	gauge(digestsDesc, float64(digests))
	gauge(itemsDesc, float64(items))
	pending, oldest := outboxDepth(c.app)
	gauge(retryPendingDesc, pending)
	gauge(retryOldestDesc, oldest)

	syncs := backup.LastSync(c.app) // nil when backups are off
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

	gauge(buildInfoDesc, 1, buildinfo.Version(), buildinfo.GoVersion())
}

func fileSize(path string) int64 {
	info, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return info.Size()
}

// outboxDepth counts the mails waiting for another try, and the age of the
// oldest in seconds.
func outboxDepth(app core.App) (pending, oldest float64) {
	var row struct {
		Pending int64  `db:"pending"`
		Oldest  string `db:"oldest"`
	}
	err := app.DB().NewQuery(`SELECT COUNT(*) AS pending, COALESCE(MIN([[created]]), '') AS oldest FROM {{mail_outbox}}`).One(&row)
	if err != nil {
		app.Logger().Warn("metrics: reading the mail outbox failed", "error", err.Error())
		return -1, -1
	}
	if row.Pending == 0 {
		return 0, 0
	}
	created, err := types.ParseDateTime(row.Oldest)
	if err != nil {
		return float64(row.Pending), -1
	}
	return float64(row.Pending), max(0, time.Since(created.Time()).Seconds())
}

// queueDepth counts the digests with items waiting, and the items.
func queueDepth(app core.App) (digests, items int64) {
	var row struct {
		Digests int64 `db:"digests"`
		Items   int64 `db:"items"`
	}
	err := app.DB().NewQuery(`SELECT COUNT(*) AS digests, COALESCE(SUM(json_array_length([[pending]], '$.items')), 0) AS items
		FROM {{mail_digests}} WHERE json_valid([[pending]]) AND json_array_length([[pending]], '$.items') > 0`).One(&row)
	if err != nil {
		app.Logger().Warn("metrics: reading the notification queue failed", "error", err.Error())
		return -1, -1
	}
	return row.Digests, row.Items
}
