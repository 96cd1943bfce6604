// Package metrics serves GET /api/metrics in Prometheus' text format, for
// superusers and for a scraper holding METRICS_TOKEN: requests and latency
// per route group, database and WAL sizes, mail and payment failures, the
// notification queue and the Go runtime. Counters live in memory and start
// at zero with the process, as Prometheus expects.
package metrics

import (
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/router"

	"sponsorbridge/pb/internal/backup"
	"sponsorbridge/pb/internal/config"
)

// Messages of the refused answers.
const (
	MsgUnauthorized = "Metrics need a superuser's token or the metrics bearer token."
	MsgForbidden    = "Only superusers and the metrics scraper may read the metrics."
)

// Buckets are the latency histogram's upper bounds, in seconds.
var Buckets = []float64{0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10}

type histogram struct {
	counts []atomic.Uint64 // one per bucket, not cumulative; +Inf is count
	count  atomic.Uint64
	sumNs  atomic.Uint64
}

type requestKey struct{ group, method, class string }

// Registry holds one app's counters.
type Registry struct {
	started time.Time

	// lock-free after a key's first request: the middleware runs on every request
	requests  sync.Map // requestKey -> *atomic.Uint64
	latencies sync.Map // route group -> *histogram

	mailSent, mailFailed                    atomic.Uint64
	paymentProviderErrors, paymentsDeclined atomic.Uint64
}

func newRegistry() *Registry {
	return &Registry{started: time.Now()}
}

// Register counts requests, mails and payments of app and serves the metrics.
func Register(app core.App, cfg *config.Config) *Registry {
	r := newRegistry()
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Id: "sbMetrics",
		Func: func(se *core.ServeEvent) error {
			se.Router.Bind(&hook.Handler[*core.RequestEvent]{
				Id: "sbMetricsRequests",
				// before PocketBase's activity logger: the whole request is timed
				Priority: apis.DefaultActivityLoggerMiddlewarePriority - 10,
				Func:     r.observe,
			})
			se.Router.GET("/api/metrics", func(e *core.RequestEvent) error { return r.serve(e, cfg) })
			return se.Next()
		},
	})
	app.OnMailerSend().Bind(&hook.Handler[*core.MailerEvent]{
		Id: "sbMetricsMail",
		// first in line, so that it sees what every later handler answered
		Priority: -1000,
		Func: func(e *core.MailerEvent) error {
			err := e.Next()
			if err != nil {
				r.mailFailed.Add(1)
			} else {
				r.mailSent.Add(1)
			}
			return err
		},
	})
	app.OnRecordAfterUpdateSuccess("payments").BindFunc(func(e *core.RecordEvent) error {
		if e.Record.GetString("status") == "failed" && e.Record.Original().GetString("status") != "failed" {
			r.paymentsDeclined.Add(1)
		}
		return e.Next()
	})
	return r
}

// Group is the route group a request pattern counts under: "/api/<first
// segment>" for the API, "spa" for the web app's files, "unmatched" when no
// route matched. Patterns, not paths: the label set stays small.
func Group(pattern string) string {
	_, path, found := strings.Cut(pattern, " ")
	if !found {
		path = pattern
	}
	switch {
	case path == "":
		return "unmatched"
	case path == "/api/" || path == "/api/{path...}":
		return "unmatched"
	case strings.HasPrefix(path, "/api/"):
		seg, _, _ := strings.Cut(strings.TrimPrefix(path, "/api/"), "/")
		if strings.HasPrefix(seg, "{") {
			return "unmatched"
		}
		return "/api/" + seg
	case strings.HasPrefix(path, "/_/"):
		return "dashboard"
	}
	return "spa"
}

func (r *Registry) observe(e *core.RequestEvent) error {
	start := time.Now()
	err := e.Next()
	elapsed := time.Since(start)

	status := e.Status()
	if err != nil {
		status = http.StatusInternalServerError
		var apiErr *router.ApiError
		if errors.As(err, &apiErr) {
			status = apiErr.Status
		}
	}
	if status == 0 {
		status = http.StatusOK
	}
	group := Group(e.Request.Pattern)
	r.count(requestKey{group, e.Request.Method, strconv.Itoa(status/100) + "xx"})
	if group != "/api/realtime" { // a stream lasts as long as the tab is open
		r.histogram(group).observe(elapsed)
	}
	if group == "/api/payments" && status >= 500 {
		// 502/503: Razorpay refused or was unreachable; 500: our side failed
		r.paymentProviderErrors.Add(1)
	}
	return err
}

func (r *Registry) count(k requestKey) {
	c, ok := r.requests.Load(k)
	if !ok {
		c, _ = r.requests.LoadOrStore(k, &atomic.Uint64{})
	}
	c.(*atomic.Uint64).Add(1)
}

func (r *Registry) histogram(group string) *histogram {
	h, ok := r.latencies.Load(group)
	if !ok {
		h, _ = r.latencies.LoadOrStore(group, &histogram{counts: make([]atomic.Uint64, len(Buckets))})
	}
	return h.(*histogram)
}

func (h *histogram) observe(d time.Duration) {
	s := d.Seconds()
	for i, b := range Buckets {
		if s <= b {
			h.counts[i].Add(1)
			break
		}
	}
	h.count.Add(1)
	h.sumNs.Add(uint64(d.Nanoseconds()))
}

// allowed: a superuser, or the scraper's bearer token (compared in constant time).
func allowed(e *core.RequestEvent, cfg *config.Config) (int, string) {
	if e.HasSuperuserAuth() {
		return 0, ""
	}
	if cfg.MetricsToken != "" {
		got, ok := strings.CutPrefix(e.Request.Header.Get("Authorization"), "Bearer ")
		if ok && subtle.ConstantTimeCompare([]byte(got), []byte(cfg.MetricsToken)) == 1 {
			return 0, ""
		}
	}
	if e.Auth != nil {
		return http.StatusForbidden, MsgForbidden
	}
	return http.StatusUnauthorized, MsgUnauthorized
}

func (r *Registry) serve(e *core.RequestEvent, cfg *config.Config) error {
	if status, msg := allowed(e, cfg); status != 0 {
		return e.Error(status, msg, nil)
	}
	var b strings.Builder
	r.write(&b, e.App)
	e.Response.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
	e.Response.Header().Set("Cache-Control", "no-store")
	e.Response.WriteHeader(http.StatusOK)
	_, err := io.WriteString(e.Response, b.String())
	return err
}

func header(w io.Writer, name, kind, help string) {
	fmt.Fprintf(w, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, kind)
}

func (r *Registry) write(w io.Writer, app core.App) {
	var keys []requestKey
	r.requests.Range(func(k, _ any) bool { keys = append(keys, k.(requestKey)); return true })
	var groups []string
	r.latencies.Range(func(g, _ any) bool { groups = append(groups, g.(string)); return true })
	sort.Slice(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		return a.group+a.method+a.class < b.group+b.method+b.class
	})
	sort.Strings(groups)

	header(w, "sponsorbridge_http_requests_total", "counter", "HTTP requests answered, by route group, method and status class.")
	for _, k := range keys {
		c, _ := r.requests.Load(k)
		fmt.Fprintf(w, "sponsorbridge_http_requests_total{group=%q,method=%q,status=%q} %d\n", k.group, k.method, k.class, c.(*atomic.Uint64).Load())
	}
	header(w, "sponsorbridge_http_request_duration_seconds", "histogram", "Time to answer, by route group (realtime streams excluded).")
	for _, g := range groups {
		h := r.histogram(g)
		var cum uint64
		for i, b := range Buckets {
			cum += h.counts[i].Load()
			fmt.Fprintf(w, "sponsorbridge_http_request_duration_seconds_bucket{group=%q,le=%q} %d\n", g, strconv.FormatFloat(b, 'f', -1, 64), cum)
		}
		count := h.count.Load()
		fmt.Fprintf(w, "sponsorbridge_http_request_duration_seconds_bucket{group=%q,le=\"+Inf\"} %d\n", g, count)
		fmt.Fprintf(w, "sponsorbridge_http_request_duration_seconds_sum{group=%q} %g\n", g, float64(h.sumNs.Load())/1e9)
		fmt.Fprintf(w, "sponsorbridge_http_request_duration_seconds_count{group=%q} %d\n", g, count)
	}

	header(w, "sponsorbridge_db_size_bytes", "gauge", "Size of each SQLite database file in the data directory.")
	header(w, "sponsorbridge_db_wal_size_bytes", "gauge", "Size of each database's write-ahead log (grows until a checkpoint).")
	for _, db := range []string{"data", "auxiliary"} {
		base := filepath.Join(app.DataDir(), db+".db")
		fmt.Fprintf(w, "sponsorbridge_db_size_bytes{db=%q} %d\n", db, fileSize(base))
		fmt.Fprintf(w, "sponsorbridge_db_wal_size_bytes{db=%q} %d\n", db, fileSize(base+"-wal"))
	}

	header(w, "sponsorbridge_mail_sent_total", "counter", "E-mails handed to SMTP (or the development mailbox).")
	fmt.Fprintf(w, "sponsorbridge_mail_sent_total %d\n", r.mailSent.Load())
	header(w, "sponsorbridge_mail_failures_total", "counter", "E-mails that could not be sent (SMTP errors, or mail not set up).")
	fmt.Fprintf(w, "sponsorbridge_mail_failures_total %d\n", r.mailFailed.Load())

	header(w, "sponsorbridge_payment_failures_total", "counter", "Payment failures: provider = 5xx answers of the payment routes (Razorpay unreachable or refusing), declined = orders marked failed.")
	fmt.Fprintf(w, "sponsorbridge_payment_failures_total{kind=\"provider\"} %d\n", r.paymentProviderErrors.Load())
	fmt.Fprintf(w, "sponsorbridge_payment_failures_total{kind=\"declined\"} %d\n", r.paymentsDeclined.Load())

	digests, items := queueDepth(app)
	header(w, "sponsorbridge_notification_digests_pending", "gauge", "Digest e-mails waiting for their hour (members with batched notifications).")
	fmt.Fprintf(w, "sponsorbridge_notification_digests_pending %d\n", digests)
	header(w, "sponsorbridge_notification_items_pending", "gauge", "Notifications waiting in those digests.")
	fmt.Fprintf(w, "sponsorbridge_notification_items_pending %d\n", items)

	header(w, "sponsorbridge_backup_replication_lag_seconds", "gauge",
		"Seconds since each database last shipped its changes to the backup replica (-1: not yet); absent when backups are off.")
	syncs := backup.LastSync(app)
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
		fmt.Fprintf(w, "sponsorbridge_backup_replication_lag_seconds{db=%q} %g\n", strings.TrimSuffix(name, ".db"), lag)
	}

	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	header(w, "go_goroutines", "gauge", "Goroutines (open realtime streams hold one each).")
	fmt.Fprintf(w, "go_goroutines %d\n", runtime.NumGoroutine())
	header(w, "go_memstats_heap_alloc_bytes", "gauge", "Bytes of allocated heap objects.")
	fmt.Fprintf(w, "go_memstats_heap_alloc_bytes %d\n", ms.HeapAlloc)
	header(w, "go_memstats_sys_bytes", "gauge", "Bytes the Go runtime obtained from the system.")
	fmt.Fprintf(w, "go_memstats_sys_bytes %d\n", ms.Sys)
	header(w, "process_start_time_seconds", "gauge", "Start of the process, Unix seconds.")
	fmt.Fprintf(w, "process_start_time_seconds %d\n", r.started.Unix())
}

func fileSize(path string) int64 {
	info, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return info.Size()
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
