package metrics_test

import (
	"fmt"
	"net/http"
	"net/mail"
	"regexp"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/mailer"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/metrics"
	"sponsorbridge/pb/internal/testutil"
)

const token = "scraper-token-0123456789"

func TestMetricsNeedASuperuserOrTheToken(t *testing.T) {
	cfg := testutil.Config()
	cfg.MetricsToken = token
	factory := apptest.Factory(cfg, func(t testing.TB, app core.App) {
		testutil.CreateMember(t, app, "dan", testutil.MemberOpts{})
		testutil.CreateMember(t, app, "boss", testutil.MemberOpts{Admin: true})
	})
	for _, c := range []struct {
		name    string
		headers func(t testing.TB, app core.App) map[string]string
		status  int
		want    string
	}{
		{"visitor", func(testing.TB, core.App) map[string]string { return nil }, 401, metrics.MsgUnauthorized},
		{"wrong bearer token", func(testing.TB, core.App) map[string]string {
			return map[string]string{"Authorization": "Bearer scraper-token-0123456788"}
		}, 401, metrics.MsgUnauthorized},
		{"member", func(t testing.TB, app core.App) map[string]string {
			return testutil.Cookie(t, testutil.FindByUsername(t, app, "dan"))
		}, 403, metrics.MsgForbidden},
		{"app administrator (not a superuser)", func(t testing.TB, app core.App) map[string]string {
			return testutil.Bearer(t, testutil.FindByUsername(t, app, "boss"))
		}, 403, metrics.MsgForbidden},
		{"scraper token", func(testing.TB, core.App) map[string]string {
			return map[string]string{"Authorization": "Bearer " + token}
		}, 200, "# TYPE sponsorbridge_http_requests_total counter"},
		{"superuser", testutil.SuperuserHeaders, 200, "# TYPE sponsorbridge_http_request_duration_seconds histogram"},
	} {
		notWant := []string{"sponsorbridge_db_size_bytes"}
		if c.status == 200 {
			notWant = nil
		}
		testutil.Prepared(factory, tests.ApiScenario{Name: c.name, Method: http.MethodGet, URL: "/api/metrics",
			ExpectedStatus: c.status, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{c.want}, NotExpectedContent: notWant},
			func(t testing.TB, app core.App, s *tests.ApiScenario) { s.Headers = c.headers(t, app) }).Test(t)
	}

	noToken := apptest.Factory(nil, nil)
	(&tests.ApiScenario{Name: "no METRICS_TOKEN configured: a bearer token opens nothing", Method: http.MethodGet,
		URL: "/api/metrics", Headers: map[string]string{"Authorization": "Bearer "}, TestAppFactory: noToken,
		ExpectedStatus: 401, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{metrics.MsgUnauthorized}}).Test(t)
}

func TestMetricsContent(t *testing.T) {
	cfg := testutil.Config()
	cfg.MetricsToken = token
	cfg.MailDevMailbox = false // so that a mail fails
	cfg.SandboxOptIn = true
	app := apptest.NewApp(t, cfg)
	defer app.Cleanup()
	testutil.CreateMember(t, app, "dan", testutil.MemberOpts{})
	j := testutil.NewJourney(t, app)
	scrape := map[string]string{"Authorization": "Bearer " + token}

	for i := range 3 {
		j.Step(t, tests.ApiScenario{Name: fmt.Sprintf("app-config %d", i+1), Method: http.MethodGet, URL: "/api/app-config",
			ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`"appName":"SponsorBridge"`}})
	}
	j.Step(t, tests.ApiScenario{Name: "a listing that is not there", Method: http.MethodGet, URL: "/api/sponsorships/doesnotexist",
		Headers: testutil.Cookie(t, testutil.FindByUsername(t, app, "dan")), ExpectedStatus: 404, ExpectedEvents: testutil.NoWrites(),
		ExpectedContent: []string{"Listing not found."}})
	j.Step(t, tests.ApiScenario{Name: "a route that is not there", Method: http.MethodGet, URL: "/api/no-such-route",
		ExpectedStatus: 404, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`"status":404`}})
	if err := app.NewMailClient().Send(&mailer.Message{From: mail.Address{Address: "no-reply@example.com"},
		To: []mail.Address{{Address: "a@example.com"}}, Subject: "x"}); err == nil {
		t.Fatal("mail without SMTP or mailbox was sent")
	}

	body := j.Step(t, tests.ApiScenario{Name: "the metrics", Method: http.MethodGet, URL: "/api/metrics", Headers: scrape,
		ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{
			`sponsorbridge_http_requests_total{group="/api/app-config",method="GET",status="2xx"} 3`,
			`sponsorbridge_http_requests_total{group="/api/sponsorships",method="GET",status="4xx"} 1`,
			`sponsorbridge_http_requests_total{group="unmatched",method="GET",status="4xx"} 1`,
			`sponsorbridge_http_request_duration_seconds_bucket{group="/api/app-config",le="+Inf"} 3`,
			`sponsorbridge_http_request_duration_seconds_count{group="/api/app-config"} 3`,
			`sponsorbridge_mail_failures_total{kind="permanent"} 1`, // mail off: it will never go
			`sponsorbridge_mail_failures_total{kind="temporary"} 0`,
			`sponsorbridge_mail_failures_total{kind="address"} 0`,
			`sponsorbridge_mail_sent_total 0`,
			`sponsorbridge_mail_retry_pending 0`,
			`sponsorbridge_mail_retry_oldest_seconds 0`,
			`sponsorbridge_payment_failures_total{kind="provider"} 0`,
			`sponsorbridge_notification_digests_pending 0`,
			`sponsorbridge_db_wal_size_bytes{db="data"} `,
		}}).Body
	if m := regexp.MustCompile(`sponsorbridge_db_size_bytes\{db="data"\} (\d+)`).FindStringSubmatch(body); m == nil || m[1] == "0" {
		t.Errorf("data.db size: %v", m)
	}
	// every sample line is "name{labels} value" or "name value": Prometheus' text format
	sample := regexp.MustCompile(`^[a-z_]+(\{[a-z]+="[^"]*"(,[a-z]+="[^"]*")*\})? -?[0-9.]+(e[+-]?[0-9]+)?$`)
	for _, line := range strings.Split(strings.TrimSpace(body), "\n") {
		if !strings.HasPrefix(line, "# ") && !sample.MatchString(line) {
			t.Errorf("not a sample line: %q", line)
		}
	}
	// the buckets are cumulative
	if !regexp.MustCompile(`sponsorbridge_http_request_duration_seconds_bucket\{group="/api/app-config",le="10"\} 3`).MatchString(body) {
		t.Error("the 10 s bucket does not hold every request")
	}
}

func TestGroup(t *testing.T) {
	for pattern, want := range map[string]string{
		"GET /api/sponsorships/{id}":                "/api/sponsorships",
		"POST /api/payments/webhook":                "/api/payments",
		"GET /api/collections/{collection}/records": "/api/collections",
		"GET /api/{path...}":                        "unmatched",
		"":                                          "unmatched",
		"/":                                         "unmatched",
		"GET /{path...}":                            "spa",
		"GET /_/{path...}":                          "dashboard",
	} {
		if got := metrics.Group(pattern); got != want {
			t.Errorf("Group(%q) = %q, want %q", pattern, got, want)
		}
	}
}
