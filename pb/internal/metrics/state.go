package metrics

import (
	"os"
	"path/filepath"

	"github.com/pocketbase/pocketbase/core"
	"github.com/prometheus/client_golang/prometheus"

	"sponsorbridge/pb/internal/buildinfo"
)

// The gauges read at each scrape that no feature owns: the database files
// and the build (the features add their own: Collect).
var (
	dbSizeDesc = prometheus.NewDesc("sponsorbridge_db_size_bytes",
		"Size of each SQLite database file in the data directory.", []string{"db"}, nil)
	walSizeDesc = prometheus.NewDesc("sponsorbridge_db_wal_size_bytes",
		"Size of each database's write-ahead log (grows until a checkpoint).", []string{"db"}, nil)
	buildInfoDesc = prometheus.NewDesc("sponsorbridge_build_info",
		"Always 1; the labels name the running build (sponsorbridge --version) and its Go release.", []string{"version", "goversion"}, nil)
)

type stateCollector struct{ app core.App }

func (stateCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{dbSizeDesc, walSizeDesc, buildInfoDesc} {
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
	gauge(buildInfoDesc, 1, buildinfo.Version(), buildinfo.GoVersion())
}

func fileSize(path string) int64 {
	info, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return info.Size()
}
