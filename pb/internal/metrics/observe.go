package metrics

import (
	"errors"
	"net/http"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"
	"github.com/prometheus/client_golang/prometheus"
)

// realtimeGroup is left out of the latency histogram: a stream lasts as long
// as the tab is open.
const realtimeGroup = "/api/realtime"

// observe is the middleware: one counter and one histogram observation per request.
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
	group := r.group(e.Request.Pattern)
	r.counter(requestKey{group, Method(e.Request.Method), StatusClass(status)}).Inc()
	if group != realtimeGroup {
		r.observer(group).Observe(elapsed.Seconds())
	}
	if group == "/api/payments" && status >= 500 {
		// 502/503: Razorpay refused or was unreachable; 500: our side failed
		r.paymentProviderErrors.Inc()
	}
	return err
}

// group is Group, computed once per route pattern.
func (r *Registry) group(pattern string) string {
	if g, ok := r.groups.Load(pattern); ok {
		return g.(string)
	}
	g := Group(pattern)
	r.groups.Store(pattern, g)
	return g
}

func (r *Registry) counter(k requestKey) prometheus.Counter {
	if c, ok := r.counters.Load(k); ok {
		return c.(prometheus.Counter)
	}
	c, _ := r.counters.LoadOrStore(k, r.requests.WithLabelValues(k.group, k.method, k.class))
	return c.(prometheus.Counter)
}

func (r *Registry) observer(group string) prometheus.Observer {
	if o, ok := r.observers.Load(group); ok {
		return o.(prometheus.Observer)
	}
	o, _ := r.observers.LoadOrStore(group, r.durations.WithLabelValues(group))
	return o.(prometheus.Observer)
}
