package queue

import (
	"github.com/pocketbase/pocketbase/core"
	"github.com/prometheus/client_golang/prometheus"

	"sponsorbridge/pb/internal/metrics"
)

// The background queue's series in GET /api/metrics (pb/internal/metrics),
// read from its counts at each scrape. The kind label is one of Kinds
// (alerts, matches, mail): a closed set, every series present from the
// first scrape.
var (
	jobsWaitingDesc = prometheus.NewDesc("sponsorbridge_jobs_waiting",
		"Background jobs queued and not started yet (the queue's depth), by kind.", []string{"kind"}, nil)
	jobsRunningDesc = prometheus.NewDesc("sponsorbridge_jobs_running",
		"Background jobs running now, by kind.", []string{"kind"}, nil)
	jobsDesc = prometheus.NewDesc("sponsorbridge_jobs_total",
		"Background jobs run, by kind and result (done, failed: an error or a panic, logged).", []string{"kind", "result"}, nil)
	jobsRefusedDesc = prometheus.NewDesc("sponsorbridge_jobs_refused_total",
		"Background jobs not queued, by kind and reason (full: the kind's lane held its bound of waiting jobs; stopping: the app was stopping).",
		[]string{"kind", "reason"}, nil)
	jobsWaitDesc = prometheus.NewDesc("sponsorbridge_jobs_wait_seconds",
		"Time from queueing a background job to its start, by kind.", []string{"kind"}, nil)
)

// registerMetrics adds the queue's series to app's metrics.
func registerMetrics(app core.App) { metrics.Collect(app, jobsCollector{app}) }

type jobsCollector struct{ app core.App }

func (jobsCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{jobsWaitingDesc, jobsRunningDesc, jobsDesc, jobsRefusedDesc, jobsWaitDesc} {
		ch <- d
	}
}

func (c jobsCollector) Collect(ch chan<- prometheus.Metric) {
	stats := Of(c.app).Stats()
	for _, kind := range Kinds {
		s, k := stats[kind], kind.String()
		ch <- prometheus.MustNewConstMetric(jobsWaitingDesc, prometheus.GaugeValue, float64(s.Waiting), k)
		ch <- prometheus.MustNewConstMetric(jobsRunningDesc, prometheus.GaugeValue, float64(s.Running), k)
		ch <- prometheus.MustNewConstMetric(jobsDesc, prometheus.CounterValue, float64(s.Done), k, "done")
		ch <- prometheus.MustNewConstMetric(jobsDesc, prometheus.CounterValue, float64(s.Failed), k, "failed")
		ch <- prometheus.MustNewConstMetric(jobsRefusedDesc, prometheus.CounterValue, float64(s.RefusedFull), k, "full")
		ch <- prometheus.MustNewConstMetric(jobsRefusedDesc, prometheus.CounterValue, float64(s.RefusedStopping), k, "stopping")
		buckets := make(map[float64]uint64, len(WaitBuckets))
		for i, le := range WaitBuckets {
			buckets[le] = s.WaitBucketCounts[i]
		}
		ch <- prometheus.MustNewConstHistogram(jobsWaitDesc, s.WaitCount, s.WaitSum, buckets, k)
	}
}
