package notify

import (
	"github.com/pocketbase/pocketbase/core"
	"github.com/prometheus/client_golang/prometheus"

	"sponsorbridge/pb/internal/metrics"
)

// The digests' series in GET /api/metrics (pb/internal/metrics), read at
// each scrape: the digest e-mails waiting for their hour, and their items.
var (
	digestsDesc = prometheus.NewDesc("sponsorbridge_notification_digests_pending",
		"Digest e-mails waiting for their hour (members with batched notifications); -1 when the query failed.", nil, nil)
	itemsDesc = prometheus.NewDesc("sponsorbridge_notification_items_pending",
		"Notifications waiting in those digests; -1 when the query failed.", nil, nil)
)

// registerMetrics adds these series to app's metrics.
func registerMetrics(app core.App) {
	metrics.Gauges(app, func() []float64 {
		digests, items := queueDepth(app)
		return []float64{float64(digests), float64(items)}
	}, digestsDesc, itemsDesc)
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
