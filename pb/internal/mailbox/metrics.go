package mailbox

import (
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
	"github.com/prometheus/client_golang/prometheus"

	"sponsorbridge/pb/internal/metrics"
)

// The outbox's series in GET /api/metrics (pb/internal/metrics), read at
// each scrape: the mails waiting for another try, and how long the oldest
// has waited.
var (
	retryPendingDesc = prometheus.NewDesc("sponsorbridge_mail_retry_pending",
		"Background mails waiting in the outbox for another try (the mail server did not take them yet); -1 when the query failed.", nil, nil)
	retryOldestDesc = prometheus.NewDesc("sponsorbridge_mail_retry_oldest_seconds",
		"Age of the oldest mail waiting in the outbox (0 when none waits); -1 when the query failed.", nil, nil)
)

// registerMetrics adds these series to app's metrics.
func registerMetrics(app core.App) {
	metrics.Gauges(app, func() []float64 {
		pending, oldest := outboxDepth(app)
		return []float64{pending, oldest}
	}, retryPendingDesc, retryOldestDesc)
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
