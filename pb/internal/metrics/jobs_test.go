package metrics_test

import (
	"errors"
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/queue"
	"sponsorbridge/pb/internal/testutil"
)

// The background queue's depth, its jobs by kind and result, its refusals
// and its wait times are in the exposition, every kind from the start.
func TestTheBackgroundQueueIsInTheMetrics(t *testing.T) {
	cfg := testutil.Config()
	cfg.MetricsToken = token
	factory := apptest.Factory(cfg, func(t testing.TB, app core.App) {
		q := queue.Of(app)
		_ = q.Go(queue.Alerts, func() error { return nil })
		_ = q.Go(queue.Alerts, func() error { return nil })
		_ = q.Go(queue.Mail, func() error { return errors.New("refused") })
		q.Wait()
	})
	(&tests.ApiScenario{
		Name: "jobs run, failed and waited", Method: http.MethodGet, URL: "/api/metrics",
		Headers: map[string]string{"Authorization": "Bearer " + token}, TestAppFactory: factory,
		ExpectedStatus: 200,
		ExpectedContent: []string{
			`sponsorbridge_jobs_total{kind="alerts",result="done"} 2`,
			`sponsorbridge_jobs_total{kind="mail",result="failed"} 1`,
			`sponsorbridge_jobs_total{kind="matches",result="done"} 0`,
			`sponsorbridge_jobs_waiting{kind="alerts"} 0`,
			`sponsorbridge_jobs_running{kind="mail"} 0`,
			`sponsorbridge_jobs_refused_total{kind="matches",reason="full"} 0`,
			`sponsorbridge_jobs_refused_total{kind="mail",reason="stopping"} 0`,
			`sponsorbridge_jobs_wait_seconds_count{kind="alerts"} 2`,
			`sponsorbridge_jobs_wait_seconds_bucket{kind="mail",le="+Inf"} 1`,
		},
		ExpectedEvents: testutil.NoWrites(),
	}).Test(t)
}
