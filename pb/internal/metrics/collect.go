package metrics

import (
	"github.com/pocketbase/pocketbase/core"
	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
)

// Features put the series of what they own in the exposition themselves:
// the backup its replication, the queue its jobs, the mailbox its outbox,
// the notifications their digests. Each adds a collector (or a gatherer)
// when it is bound to the app, so this package imports none of them
// (TestMetricsImportNoFeature).

// Collect adds c's series to app's exposition, read at each scrape. Call it
// while binding the feature, before the app serves.
func Collect(app core.App, c prometheus.Collector) {
	of(app).reg.MustRegister(c)
}

// Gather adds series gathered outside the app's registry (Litestream's, in
// client_golang's global one) to app's exposition, after the app's own.
func Gather(app core.App, g prometheus.Gatherer) {
	r := of(app)
	r.mu.Lock()
	defer r.mu.Unlock()
	r.extras = append(r.extras, g)
}

// Gather answers the app's series, then those of the gatherers added with
// Gather; a Registry is the exposition's prometheus.Gatherer.
func (r *Registry) Gather() ([]*dto.MetricFamily, error) {
	r.mu.Lock()
	all := append(prometheus.Gatherers{r.reg}, r.extras...)
	r.mu.Unlock()
	if len(all) == 1 {
		return r.reg.Gather()
	}
	return all.Gather()
}

// Gauges adds unlabelled gauges to app's exposition: read answers their
// values, in the order of descs, at each scrape.
func Gauges(app core.App, read func() []float64, descs ...*prometheus.Desc) {
	Collect(app, gauges{read: read, descs: descs})
}

type gauges struct {
	read  func() []float64
	descs []*prometheus.Desc
}

func (g gauges) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range g.descs {
		ch <- d
	}
}

func (g gauges) Collect(ch chan<- prometheus.Metric) {
	for i, v := range g.read() {
		ch <- prometheus.MustNewConstMetric(g.descs[i], prometheus.GaugeValue, v)
	}
}
