package metrics

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/logline"
)

// scrapeListener serves the metrics at /metrics on METRICS_ADDR, without a
// token, for Fly.io's scraper ([metrics] in fly.toml), which sends no
// credentials and reaches the machine over the organisation's private
// network. Only that path: nothing else of the app is on this port.
type scrapeListener struct {
	mu  sync.Mutex
	srv *http.Server
	ln  net.Listener
}

func (s *scrapeListener) start(app core.App, addr string, exposition http.Handler) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.srv != nil {
		return nil
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		// a start that was asked to be scraped and cannot be fails loudly
		return fmt.Errorf("metrics: METRICS_ADDR %s: %w", addr, err)
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", exposition)
	srv := &http.Server{
		Handler:           mux,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      30 * time.Second,
		MaxHeaderBytes:    8 << 10,
	}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			app.Logger().Error("metrics: the METRICS_ADDR listener stopped", "error", err.Error())
		}
	}()
	s.srv, s.ln = srv, ln
	logline.Announce(app, slog.LevelInfo, "Metrics for the internal scraper (METRICS_ADDR)", "url", "http://"+ln.Addr().String()+"/metrics")
	return nil
}

func (s *scrapeListener) stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.srv != nil {
		_ = s.srv.Close()
		s.srv, s.ln = nil, nil
	}
}
