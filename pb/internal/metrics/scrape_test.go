package metrics_test

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/metrics"
	"sponsorbridge/pb/internal/testutil"
)

// METRICS_ADDR serves the metrics at /metrics without a token (Fly's scraper
// sends none), nothing else, and only while the app runs; /api/metrics keeps
// asking for one.
func TestScrapeListener(t *testing.T) {
	cfg := testutil.Config()
	cfg.MetricsAddr = "127.0.0.1:0"
	ta := apptest.NewApp(t, cfg)
	srv := testutil.Serve(t, ta)
	addr := metrics.ScrapeAddr(ta)
	if addr == "" {
		t.Fatal("no listener on METRICS_ADDR")
	}
	get := func(method, path string) (int, string) {
		req, _ := http.NewRequest(method, "http://"+addr+path, nil)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(body)
	}
	testutil.Do(t, srv, http.MethodGet, "/api/app-config", "", nil)

	status, body := get(http.MethodGet, "/metrics")
	if status != 200 || !strings.Contains(body, `sponsorbridge_http_requests_total{group="/api/app-config",method="GET",status="2xx"} 1`) ||
		!strings.Contains(body, "\nsponsorbridge_build_info{") {
		t.Errorf("GET /metrics: %d\n%s", status, body)
	}
	for _, c := range []struct{ method, path string }{{http.MethodGet, "/api/health"}, {http.MethodGet, "/api/metrics"}, {http.MethodPost, "/metrics"}} {
		if status, _ := get(c.method, c.path); status != http.StatusNotFound && status != http.StatusMethodNotAllowed {
			t.Errorf("%s %s on the scrape port: %d", c.method, c.path, status)
		}
	}
	if status, _ := testutil.DoRead(t, srv, http.MethodGet, "/api/metrics", "", nil); status != http.StatusUnauthorized {
		t.Errorf("/api/metrics without a token: %d", status)
	}

	// a second server on the same address does not start
	other := testutil.Config()
	other.MetricsAddr = addr
	ta2 := apptest.NewApp(t, other)
	defer ta2.Cleanup()
	r, err := apis.NewRouter(ta2)
	if err != nil {
		t.Fatal(err)
	}
	err = ta2.OnServe().Trigger(&core.ServeEvent{App: ta2, Router: r}, func(*core.ServeEvent) error { return nil })
	if err == nil || !strings.Contains(err.Error(), "METRICS_ADDR") {
		t.Errorf("a taken METRICS_ADDR: %v", err)
	}

	ta.Cleanup() // the app stops: so does its listener
	if _, err := http.Get("http://" + addr + "/metrics"); err == nil {
		t.Error("the listener outlived the app")
	}
	if metrics.ScrapeAddr(ta) != "" {
		t.Error("a stopped listener still has an address")
	}
}

func TestLabelsFromClosedSets(t *testing.T) {
	for in, want := range map[string]string{"GET": "GET", "HEAD": "HEAD", "POST": "POST", "PATCH": "PATCH",
		"get": metrics.Other, "PROPFIND": metrics.Other, "": metrics.Other, strings.Repeat("A", 100<<10): metrics.Other} {
		if got := metrics.Method(in); got != want {
			t.Errorf("Method(%.20q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[int]string{100: "1xx", 200: "2xx", 304: "3xx", 404: "4xx", 599: "5xx", 0: metrics.Other, 99: metrics.Other, 600: metrics.Other, 999: metrics.Other, -1: metrics.Other} {
		if got := metrics.StatusClass(in); got != want {
			t.Errorf("StatusClass(%d) = %q, want %q", in, got, want)
		}
	}
}
