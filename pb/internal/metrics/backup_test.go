package metrics_test

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/testutil"
)

// Backups off must show as a value, not as a missing series: the alert on
// the lag never fired when Litestream could not start.
func TestBackupsOffIsAValue(t *testing.T) {
	for _, c := range []struct {
		name    string
		replica string
	}{
		{"no replica configured", ""},
		{"Litestream cannot start", "ftp://backups.example.com/sponsorbridge"},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := testutil.Config()
			cfg.MetricsToken = token
			cfg.Backup = config.Backup{ReplicaURL: c.replica, SyncInterval: time.Second, LogsSyncInterval: time.Second, Retention: time.Hour}
			ta := apptest.NewApp(t, cfg)
			defer ta.Cleanup()
			body := scrapeBody(t, testutil.Serve(t, ta))
			if !strings.Contains(body, "\nsponsorbridge_backup_enabled 0\n") {
				t.Errorf("no sponsorbridge_backup_enabled 0:\n%s", body)
			}
			for _, absent := range []string{"sponsorbridge_backup_replication_lag_seconds{", "\nlitestream_"} {
				if strings.Contains(body, absent) {
					t.Errorf("%q with backups off:\n%s", absent, body)
				}
			}
		})
	}
}

// With backups on: the gauge is 1, the lag is there, and so are Litestream's
// own sync and checkpoint counters (of this app's databases only). Every
// metric deploy/alerts.yml names is in the exposition, so the rules and the
// code cannot drift apart.
func TestBackupsOnExportLitestreamAndEveryRuleMetric(t *testing.T) {
	cfg := testutil.Config()
	cfg.MetricsToken = token
	cfg.Backup = config.Backup{ReplicaURL: "file://" + t.TempDir(), SyncInterval: 100 * time.Millisecond,
		LogsSyncInterval: time.Second, Retention: time.Hour}
	ta := apptest.NewApp(t, cfg)
	defer ta.Cleanup()
	srv := testutil.Serve(t, ta)
	dataDB := filepath.Join(ta.DataDir(), "data.db")
	var body string
	testutil.Eventually(t, 30*time.Second, "data.db to be shipped", func() bool {
		body = scrapeBody(t, srv)
		return lag(body, "data") >= 0
	})

	for _, want := range []string{
		"\nsponsorbridge_backup_enabled 1\n",
		`litestream_sync_count{db="` + dataDB + `"} `,
		`litestream_sync_error_count{db="` + dataDB + `"} 0` + "\n",
		// zero from the start (Litestream's own series begins at the first error)
		`litestream_checkpoint_error_count{db="` + dataDB + `",mode="PASSIVE"} 0` + "\n",
		`litestream_checkpoint_error_count{db="` + dataDB + `",mode="TRUNCATE"} 0` + "\n",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("metrics lack %q", want)
		}
	}
	for _, m := range regexp.MustCompile(`db="(/[^"]*)"`).FindAllStringSubmatch(body, -1) {
		if filepath.Dir(m[1]) != ta.DataDir() {
			t.Errorf("a series of another app's database: %s", m[0])
		}
	}

	for _, name := range ruleMetrics(t) {
		if !strings.Contains(body, "# TYPE "+name+" ") {
			t.Errorf("deploy/alerts.yml uses %s, which the server does not export", name)
		}
	}
}

func scrapeBody(t *testing.T, srv *httptest.Server) string {
	t.Helper()
	status, body := testutil.DoRead(t, srv, http.MethodGet, "/api/metrics", "", map[string]string{"Authorization": "Bearer " + token})
	if status != 200 {
		t.Fatalf("%d %s", status, body)
	}
	return body
}

func lag(body, db string) float64 {
	m := regexp.MustCompile(`sponsorbridge_backup_replication_lag_seconds\{db="` + db + `"\} (\S+)`).FindStringSubmatch(body)
	if m == nil {
		return -2
	}
	v, err := strconv.ParseFloat(m[1], 64)
	if err != nil {
		return -2
	}
	return v
}
