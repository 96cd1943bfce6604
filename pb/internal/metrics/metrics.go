// Package metrics serves GET /api/metrics in Prometheus' text format, for
// superusers and for a scraper holding METRICS_TOKEN (and, when METRICS_ADDR
// is set, on a private port for Fly.io's scraper): requests and latency per
// route group, database and WAL sizes, mail and payment failures, the
// background queue and the notification digests, whether backups run and Litestream's own counters, the
// build, the Go runtime and the process. Counters live in memory and start at
// zero with the process, as Prometheus expects.
//
// The metrics are prometheus/client_golang's (already in the binary through
// Litestream), in a registry of the app's own: tests build many apps in one
// process, and the library's global registry holds only Litestream's series.
package metrics

import (
	"crypto/subtle"
	"fmt"
	"net/http"
	"strings"
	"sync"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"sponsorbridge/pb/internal/config"
)

// Messages of the refused answers.
const (
	MsgUnauthorized = "Metrics need a superuser's token or the metrics bearer token."
	MsgForbidden    = "Only superusers and the metrics scraper may read the metrics."
)

// Buckets are the latency histogram's upper bounds, in seconds.
var Buckets = []float64{0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10}

// Registry holds one app's metrics.
type Registry struct {
	reg *prometheus.Registry

	mu     sync.Mutex
	extras prometheus.Gatherers // series gathered elsewhere (Gather): Litestream's

	requests                               *prometheus.CounterVec
	durations                              *prometheus.HistogramVec
	mailSent                               prometheus.Counter
	mailTemporary, mailPermanent           prometheus.Counter
	mailAddress                            prometheus.Counter // refusals naming the receiver's address
	paymentProviderErrors, paymentDeclined prometheus.Counter

	routes sync.Map // request pattern -> *route (observe.go)

	scrape scrapeListener // METRICS_ADDR
}

func newRegistry() *Registry {
	r := &Registry{reg: prometheus.NewRegistry()}
	r.requests = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "sponsorbridge_http_requests_total",
		Help: "HTTP requests answered, by route group, method (other: not a standard method) and status class.",
	}, []string{"group", "method", "status"})
	r.durations = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "sponsorbridge_http_request_duration_seconds",
		Help:    "Time to answer, by route group (realtime streams excluded).",
		Buckets: Buckets,
	}, []string{"group"})
	r.mailSent = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "sponsorbridge_mail_sent_total",
		Help: "E-mails handed to SMTP (or the development mailbox).",
	})
	mailFailed := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "sponsorbridge_mail_failures_total",
		Help: "Mail failures: temporary = a try that failed with a 4xx reply, a dropped or refused connection or no answer in time (tried again); " +
			"permanent = a mail that will not be delivered (a 5xx reply, mail not set up, or its tries ran out); " +
			"address = a 5xx reply naming the receiver's address (no such mailbox or domain: the member's typing, not the mail system).",
	}, []string{"kind"})
	r.mailTemporary = mailFailed.WithLabelValues("temporary")
	r.mailPermanent = mailFailed.WithLabelValues("permanent")
	r.mailAddress = mailFailed.WithLabelValues("address")
	payments := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "sponsorbridge_payment_failures_total",
		Help: "Payment failures: provider = 5xx answers of the payment routes (Razorpay unreachable or refusing), declined = orders marked failed.",
	}, []string{"kind"})
	r.paymentProviderErrors = payments.WithLabelValues("provider")
	r.paymentDeclined = payments.WithLabelValues("declined")
	r.reg.MustRegister(r.requests, r.durations, r.mailSent, mailFailed, payments,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	// Series exist from the first scrape, at zero (the scrape's own request
	// is counted once answered), so rate() and absent() see them at once.
	r.route(metricsPattern).counter(methodIndex("GET"), classIndex(http.StatusOK))
	return r
}

const metricsPattern = "GET /api/metrics"

// Register counts requests and payments of app and serves the metrics
// (mails are counted where they are sent: MailSent, MailFailed; the
// features' own series are theirs: Collect, Gather).
func Register(app core.App, cfg *config.Config) *Registry {
	r := of(app)
	r.reg.MustRegister(stateCollector{app})
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Id: "sbMetrics",
		Func: func(se *core.ServeEvent) error {
			se.Router.Bind(&hook.Handler[*core.RequestEvent]{
				Id: "sbMetricsRequests",
				// before PocketBase's activity logger: the whole request is timed
				Priority: apis.DefaultActivityLoggerMiddlewarePriority - 10,
				Func:     r.observe,
			})
			exposition := r.handler(se.App)
			se.Router.GET(strings.TrimPrefix(metricsPattern, "GET "), func(e *core.RequestEvent) error { return serve(e, cfg, exposition) })
			if cfg.MetricsAddr != "" {
				if err := r.scrape.start(se.App, cfg.MetricsAddr, exposition); err != nil {
					return err
				}
			}
			return se.Next()
		},
	})
	app.OnTerminate().Bind(&hook.Handler[*core.TerminateEvent]{
		Id: "sbMetricsStop",
		Func: func(te *core.TerminateEvent) error {
			r.scrape.stop()
			return te.Next()
		},
	})
	app.OnRecordAfterUpdateSuccess("payments").BindFunc(func(e *core.RecordEvent) error {
		if e.Record.GetString("status") == "failed" && e.Record.Original().GetString("status") != "failed" {
			r.paymentDeclined.Inc()
		}
		return e.Next()
	})
	return r
}

const storeKey = "sb.metrics"

// of is app's registry, made by the first feature that adds its series
// (Collect, Gather) or by Register, whichever binds first.
func of(app core.App) *Registry {
	return app.Store().GetOrSet(storeKey, func() any { return newRegistry() }).(*Registry)
}

// registryOf is app's registry, nil when nothing made one.
func registryOf(app core.App) *Registry {
	r, _ := app.Store().Get(storeKey).(*Registry)
	return r
}

// MailSent counts a mail the mail server (or the development mailbox) took.
// pb/internal/mailbox counts every try of every mail, PocketBase's own too.
func MailSent(app core.App) {
	if r := registryOf(app); r != nil {
		r.mailSent.Inc()
	}
}

// MailFailed counts a failed mail: permanent when it will not be delivered
// (refused, mail off, its tries ran out), temporary when the try failed in a
// way that trying again may mend (the mail is tried again, or the member
// waiting for a code is asked to).
func MailFailed(app core.App, permanent bool) {
	r := registryOf(app)
	switch {
	case r == nil:
	case permanent:
		r.mailPermanent.Inc()
	default:
		r.mailTemporary.Inc()
	}
}

// MailAddressRefused counts a mail the mail server refused because of its
// receiver's address (5.1.1 no such mailbox...): it will not arrive, but
// the mail system works, so it is apart from the permanent failures that
// MailFailing alerts on.
func MailAddressRefused(app core.App) {
	if r := registryOf(app); r != nil {
		r.mailAddress.Inc()
	}
}

// handler answers the exposition; errors of a collector are logged and the
// rest is still served.
func (r *Registry) handler(app core.App) http.Handler {
	return promhttp.HandlerFor(r, promhttp.HandlerOpts{
		ErrorLog:      errorLog{app},
		ErrorHandling: promhttp.ContinueOnError,
	})
}

type errorLog struct{ app core.App }

func (l errorLog) Println(v ...any) {
	l.app.Logger().Warn("metrics: gathering failed", "error", fmt.Sprint(v...))
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

func serve(e *core.RequestEvent, cfg *config.Config, exposition http.Handler) error {
	if status, msg := allowed(e, cfg); status != 0 {
		return e.Error(status, msg, nil)
	}
	e.Response.Header().Set("Cache-Control", "no-store")
	exposition.ServeHTTP(e.Response, e.Request)
	return nil
}
