package config

import (
	"os"
	"testing"
	"time"
)

func TestRazorpaySettings(t *testing.T) {
	t.Setenv("RAZORPAY_KEY_ID", "")
	t.Setenv("RAZORPAY_KEY_SECRET", "")
	t.Setenv("PAYMENTS_SANDBOX", "true")
	c, err := Load()
	if err != nil || !c.PaymentsSandbox() || c.RazorpayTimeout != 10*time.Second || c.RazorpayAPIBase != "https://api.razorpay.com" {
		t.Fatalf("defaults: %+v %v", c, err)
	}

	t.Setenv("RAZORPAY_KEY_ID", "rzp_live_x")
	if _, err := Load(); err == nil {
		t.Error("a key id without its secret silently fell back to the sandbox")
	}

	t.Setenv("RAZORPAY_KEY_SECRET", "s3cret")
	t.Setenv("RAZORPAY_API_BASE", "http://127.0.0.1:9999/")
	t.Setenv("RAZORPAY_TIMEOUT", "3s")
	c, err = Load()
	if err != nil || c.PaymentsSandbox() || c.RazorpayTimeout != 3*time.Second || c.RazorpayAPIBase != "http://127.0.0.1:9999" {
		t.Fatalf("live: %+v %v", c, err)
	}

	t.Setenv("RAZORPAY_TIMEOUT", "soon")
	if _, err := Load(); err == nil {
		t.Error("a garbage timeout was accepted")
	}
}

func TestGuardrailOptIns(t *testing.T) {
	for _, name := range []string{"RAZORPAY_KEY_ID", "RAZORPAY_KEY_SECRET", "PAYMENTS_SANDBOX", "MAIL_DEV_MAILBOX", "DEMO_MODE", "DEMO_PASSWORD", EncryptionEnv, "METRICS_TOKEN", "METRICS_ADDR", "LOGS_MAX_DAYS", "REQUEST_LOGS_PER_SECOND"} {
		t.Setenv(name, "")
	}
	c, err := Load()
	if err != nil || c.PaymentsSandbox() || c.PaymentsMode() != PaymentsModeOff || c.MailDevMailbox || c.EncryptionKeySet || c.LogsMaxDays != 14 {
		t.Fatalf("production defaults: nothing is opted into: %+v %v", c, err)
	}

	t.Setenv("PAYMENTS_SANDBOX", "true")
	t.Setenv("MAIL_DEV_MAILBOX", "1")
	if c, err = Load(); err != nil || c.PaymentsMode() != PaymentsModeSandbox || !c.MailDevMailbox {
		t.Fatalf("opt-ins: %+v %v", c, err)
	}

	t.Setenv("PAYMENTS_SANDBOX", "")
	t.Setenv("MAIL_DEV_MAILBOX", "")
	t.Setenv("DEMO_MODE", "true")
	if c, err = Load(); err != nil || !c.PaymentsSandbox() || !c.MailDevMailbox {
		t.Fatalf("demo mode implies both: %+v %v", c, err)
	}
	t.Setenv("PAYMENTS_SANDBOX", "off")
	if c, err = Load(); err != nil || c.PaymentsSandbox() || !c.MailDevMailbox {
		t.Fatalf("demo mode with the sandbox switched off: %+v %v", c, err)
	}

	t.Setenv("RAZORPAY_KEY_ID", "rzp_live_x")
	t.Setenv("RAZORPAY_KEY_SECRET", "s3cret")
	if c, err = Load(); err != nil || c.PaymentsMode() != PaymentsModeLive || c.PaymentsSandbox() {
		t.Fatalf("keys win over the sandbox: %+v %v", c, err)
	}
}

func TestEncryptionKeyAndMetricsToken(t *testing.T) {
	t.Setenv(EncryptionEnv, "too-short")
	if _, err := Load(); err == nil {
		t.Error("a key PocketBase cannot use (not 32 characters) was accepted")
	}
	t.Setenv(EncryptionEnv, "0123456789abcdef0123456789abcdef")
	c, err := Load()
	if err != nil || !c.EncryptionKeySet {
		t.Fatalf("32-character key: %+v %v", c, err)
	}
	t.Setenv("METRICS_TOKEN", "short")
	if _, err := Load(); err == nil {
		t.Error("a guessable metrics token was accepted")
	}
	t.Setenv("METRICS_TOKEN", "a-long-enough-metrics-token")
	t.Setenv("LOGS_MAX_DAYS", "30")
	if c, err = Load(); err != nil || c.MetricsToken != "a-long-enough-metrics-token" || c.LogsMaxDays != 30 {
		t.Fatalf("%+v %v", c, err)
	}
	t.Setenv("LOGS_MAX_DAYS", "forever")
	if _, err := Load(); err == nil {
		t.Error("a garbage LOGS_MAX_DAYS was accepted")
	}
	t.Setenv("LOGS_MAX_DAYS", "")
	if c.RequestLogsPerSecond != 500 {
		t.Errorf("request log bound = %d a second, want 500 by default", c.RequestLogsPerSecond)
	}
	t.Setenv("REQUEST_LOGS_PER_SECOND", "0")
	if _, err := Load(); err == nil {
		t.Error("an unbounded request log (REQUEST_LOGS_PER_SECOND=0) was accepted")
	}
	t.Setenv("REQUEST_LOGS_PER_SECOND", "2000")
	if c, err := Load(); err != nil || c.RequestLogsPerSecond != 2000 {
		t.Fatalf("REQUEST_LOGS_PER_SECOND=2000: %+v %v", c, err)
	}
	t.Setenv("REQUEST_LOGS_PER_SECOND", "")
	if c.MetricsAddr != "" {
		t.Errorf("the scrape listener is on by default: %q", c.MetricsAddr)
	}
	for _, bad := range []string{"9091", "localhost", "[::]"} {
		t.Setenv("METRICS_ADDR", bad)
		if _, err := Load(); err == nil {
			t.Errorf("METRICS_ADDR %q without a port was accepted", bad)
		}
	}
	t.Setenv("METRICS_ADDR", ":9091")
	if c, err = Load(); err != nil || c.MetricsAddr != ":9091" {
		t.Fatalf("METRICS_ADDR: %+v %v", c, err)
	}
}

func TestBackupSettings(t *testing.T) {
	for _, name := range []string{"LITESTREAM_REPLICA_URL", "LITESTREAM_ACCESS_KEY_ID", "LITESTREAM_SECRET_ACCESS_KEY",
		"LITESTREAM_SECRET_ACCESS_KEY_FILE", "LITESTREAM_S3_ENDPOINT", "LITESTREAM_S3_REGION", "LITESTREAM_SYNC_INTERVAL",
		"LITESTREAM_LOGS_SYNC_INTERVAL", "LITESTREAM_RETENTION", "LITESTREAM_NEW_SITE", "LITESTREAM_TAKEOVER", "LITESTREAM_LEASE_TTL", "FLY_MACHINE_ID", "LITESTREAM_CHECK_INTERVAL"} {
		t.Setenv(name, "")
	}
	c, err := Load()
	host, _ := os.Hostname()
	if err != nil || c.BackupsOn() || c.Backup.SyncInterval != time.Second || c.Backup.LogsSyncInterval != time.Minute || c.Backup.Retention != 24*time.Hour ||
		c.Backup.NewSite || c.Backup.Takeover || c.Backup.LeaseTTL != 30*time.Second || c.Backup.Machine != host || c.Backup.CheckInterval != time.Hour {
		t.Fatalf("defaults: %+v %v", c.Backup, err)
	}
	t.Setenv("LITESTREAM_NEW_SITE", "true")
	t.Setenv("LITESTREAM_TAKEOVER", "true")
	t.Setenv("LITESTREAM_LEASE_TTL", "10s")
	t.Setenv("FLY_MACHINE_ID", "3d8d9e1c2f4a78")
	if c, err = Load(); err != nil || !c.Backup.NewSite || !c.Backup.Takeover || c.Backup.LeaseTTL != 10*time.Second || c.Backup.Machine != "3d8d9e1c2f4a78" {
		t.Fatalf("writer settings: %+v %v", c.Backup, err)
	}
	t.Setenv("LITESTREAM_CHECK_INTERVAL", "0")
	if _, err := Load(); err == nil {
		t.Error("LITESTREAM_CHECK_INTERVAL=0 was accepted")
	}
	t.Setenv("LITESTREAM_CHECK_INTERVAL", "10m")
	if c, err := Load(); err != nil || c.Backup.CheckInterval != 10*time.Minute {
		t.Errorf("LITESTREAM_CHECK_INTERVAL=10m: %+v %v", c, err)
	}
	t.Setenv("LITESTREAM_LEASE_TTL", "100ms")
	if _, err := Load(); err == nil {
		t.Error("a lease shorter than a second was accepted")
	}
	t.Setenv("LITESTREAM_LEASE_TTL", "")

	t.Setenv("LITESTREAM_REPLICA_URL", "s3://sb-backups/prod")
	t.Setenv("LITESTREAM_ACCESS_KEY_ID", "tid_x")
	t.Setenv("LITESTREAM_SECRET_ACCESS_KEY", "tsec_y")
	t.Setenv("LITESTREAM_S3_ENDPOINT", "https://fly.storage.tigris.dev")
	t.Setenv("LITESTREAM_SYNC_INTERVAL", "5s")
	c, err = Load()
	if err != nil || !c.BackupsOn() || c.Backup.SecretAccessKey != "tsec_y" || c.Backup.Endpoint != "https://fly.storage.tigris.dev" || c.Backup.SyncInterval != 5*time.Second {
		t.Fatalf("s3: %+v %v", c.Backup, err)
	}

	t.Setenv("LITESTREAM_SECRET_ACCESS_KEY", "")
	if _, err := Load(); err == nil {
		t.Error("an access key id without its secret was accepted")
	}
	t.Setenv("LITESTREAM_SECRET_ACCESS_KEY", "tsec_y")

	for _, bad := range []string{"gs://bucket/path", "s3:///path", "file://relative/path", "/var/backups"} {
		t.Setenv("LITESTREAM_REPLICA_URL", bad)
		if _, err := Load(); err == nil {
			t.Errorf("LITESTREAM_REPLICA_URL=%q was accepted", bad)
		}
	}
	t.Setenv("LITESTREAM_REPLICA_URL", "file:///var/backups/sb")
	t.Setenv("LITESTREAM_SYNC_INTERVAL", "often")
	if _, err := Load(); err == nil {
		t.Error("a garbage sync interval was accepted")
	}
}

// An unset APP_URL stays empty (links then follow the served address); a set
// one must be an origin, since links append the app's paths to it.
func TestAppURLAndSMTPAuth(t *testing.T) {
	t.Setenv("APP_URL", "")
	t.Setenv("SMTP_AUTH", "")
	c, err := Load()
	if err != nil || c.AppURL != "" || c.SMTPAuth != SMTPAuthPlain {
		t.Fatalf("defaults: %q %q %v", c.AppURL, c.SMTPAuth, err)
	}
	t.Setenv("APP_URL", "https://sponsorbridge.example/")
	t.Setenv("SMTP_AUTH", "login")
	if c, err = Load(); err != nil || c.AppURL != "https://sponsorbridge.example" || c.SMTPAuth != SMTPAuthLogin {
		t.Fatalf("set: %q %q %v", c.AppURL, c.SMTPAuth, err)
	}
	for _, bad := range []string{"sponsorbridge.example", "ftp://sponsorbridge.example", "https://sponsorbridge.example/app", "https://", "https://a.example/?x=1"} {
		t.Setenv("APP_URL", bad)
		if _, err := Load(); err == nil {
			t.Errorf("APP_URL %q was accepted", bad)
		}
	}
	t.Setenv("APP_URL", "")
	t.Setenv("SMTP_AUTH", "CRAM-MD5")
	if _, err := Load(); err == nil {
		t.Error("an AUTH mechanism PocketBase does not speak was accepted")
	}
}
