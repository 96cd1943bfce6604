package metrics

import (
	"errors"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"
	"github.com/prometheus/client_golang/prometheus"
)

// realtimeGroup is left out of the latency histogram: a stream lasts as long
// as the tab is open.
const realtimeGroup = "/api/realtime"

// route holds a route pattern's series, resolved on first use: the
// middleware runs on every request, and WithLabelValues hashes the values
// and takes a lock on each call. The patterns are the app's, so the routes
// are few whatever clients send.
type route struct {
	group    string
	duration prometheus.Observer // nil for realtime streams
	counts   [len(methods)][len(classes)]atomic.Pointer[prometheus.Counter]
	requests *prometheus.CounterVec
}

func (r *route) counter(method, class int) prometheus.Counter {
	if c := r.counts[method][class].Load(); c != nil {
		return *c
	}
	c := r.requests.WithLabelValues(r.group, methods[method], classes[class])
	r.counts[method][class].Store(&c)
	return c
}

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
	rt := r.route(e.Request.Pattern)
	rt.counter(methodIndex(e.Request.Method), classIndex(status)).Inc()
	if rt.duration != nil {
		rt.duration.Observe(elapsed.Seconds())
	}
	if rt.group == "/api/payments" && status >= 500 {
		// 502/503: Razorpay refused or was unreachable; 500: our side failed
		r.paymentProviderErrors.Inc()
	}
	return err
}

func (r *Registry) route(pattern string) *route {
	if rt, ok := r.routes.Load(pattern); ok {
		return rt.(*route)
	}
	rt := &route{group: Group(pattern), requests: r.requests}
	if rt.group != realtimeGroup {
		rt.duration = r.durations.WithLabelValues(rt.group)
	}
	actual, _ := r.routes.LoadOrStore(pattern, rt)
	return actual.(*route)
}
