// Package config is the only place that reads the environment.
package config

import (
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"net"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"
)

// DBConns is both the most open and the most idle connections to data.db.
// Equal limits mean no connection is closed and reopened under load
// (opening one re-reads the schema); more than this on a small machine only
// adds contention.
const DBConns = 32

// Config holds every setting the server takes from its environment.
type Config struct {
	// DemoMode seeds demo accounts and listings on a fresh data directory
	// and lets the web app prefill the login form.
	DemoMode bool
	// DemoPassword is the password of every demo account (generated when unset).
	DemoPassword string
	// DemoPasswordGenerated tells whether DemoPassword was generated at start.
	DemoPasswordGenerated bool

	// AppURL is the public address of the app (APP_URL), without a trailing
	// slash. Empty when unset: links then use the address the server serves
	// on (pb/internal/publicurl), so a demo on any port mails working links.
	AppURL string
	// RateLimits turns PocketBase's rate limiter (and our tighter rules) on.
	RateLimits bool
	// TrustedProxyHeaders name the headers that carry the client IP behind a
	// proxy (for example Fly-Client-IP), so rate limits count real clients.
	TrustedProxyHeaders []string

	GoogleClientID     string
	GoogleClientSecret string

	RazorpayKeyID         string
	RazorpayKeySecret     string
	RazorpayWebhookSecret string
	RazorpayAPIBase       string

	// Google endpoint overrides (empty: Google's own). Tests and staging point
	// them at a stand-in; production leaves them empty.
	GoogleAuthURL     string
	GoogleTokenURL    string
	GoogleUserInfoURL string
	// GoogleJWKSURL serves the keys that sign Google ID tokens.
	GoogleJWKSURL string

	// SMTP settings; without SMTPHost (and without SMTP set in the dashboard)
	// outgoing mail goes to the development mailbox if MailDevMailbox is on,
	// and nowhere otherwise.
	SMTPHost     string
	SMTPPort     int
	SMTPUsername string
	SMTPPassword string
	SMTPTLS      bool
	// SMTPAuth is the AUTH mechanism: SMTPAuthPlain (the default) or
	// SMTPAuthLogin (Outlook and Office 365 want LOGIN).
	SMTPAuth string
	// MailFrom is the sender, "Name <address>" or a bare address.
	MailFrom string
	// RazorpayTimeout bounds every call to Razorpay's API (0 means 10 seconds).
	RazorpayTimeout time.Duration

	// SandboxOptIn (PAYMENTS_SANDBOX, implied by DEMO_MODE) lets a server
	// without Razorpay keys sell plans through the built-in test-mode
	// provider. Without keys and without it, the payment routes answer 503.
	SandboxOptIn bool
	// MailDevMailbox (MAIL_DEV_MAILBOX, implied by DEMO_MODE) lets a server
	// without SMTP keep outgoing mail in <dataDir>/mailbox and the log.
	// Without SMTP and without it, routes that must send mail answer 503.
	MailDevMailbox bool
	// EncryptionKeySet tells whether EncryptionEnv holds a key, so that
	// PocketBase stores the settings (SMTP password...) encrypted.
	EncryptionKeySet bool

	// MetricsToken, when set, is a bearer token that may read /api/metrics
	// (besides superusers).
	MetricsToken string
	// MetricsAddr, when set, is a private listen address (":9091") that
	// serves the same metrics at /metrics without a token, for Fly.io's
	// scraper ([metrics] in fly.toml), which sends no credentials.
	MetricsAddr string
	// LogsMaxDays is how many days PocketBase keeps request and app logs.
	LogsMaxDays int

	// Backup is the continuous backup (Litestream) of data.db and auxiliary.db;
	// an empty ReplicaURL turns backups off (docs/operations.md).
	Backup Backup

	// Seller is printed on every payment receipt (SELLER_*, seller.go).
	Seller Seller

	// LiteFSDir (LITEFS_DIR) is LiteFS's mount when the server runs under
	// LiteFS past one VM ("": it does not): the server watches its role there
	// (pb/internal/litefs, docs/operations.md "Past one VM").
	LiteFSDir string
}

// EncryptionEnv names the variable that holds the 32-character key
// PocketBase encrypts its stored settings with (its --encryptionEnv).
const EncryptionEnv = "PB_ENCRYPTION_KEY"

// Backup holds the LITESTREAM_* settings.
type Backup struct {
	// ReplicaURL is where the databases are replicated: s3://bucket/path
	// (any S3-compatible storage) or file:///path. Each database goes under
	// its own name below it (…/data.db, …/auxiliary.db).
	ReplicaURL string
	// AccessKeyID and SecretAccessKey sign S3 requests (empty: the AWS
	// SDK's own chain of credentials).
	AccessKeyID     string
	SecretAccessKey string
	// Endpoint is the address of S3-compatible storage (Tigris, R2, MinIO...);
	// Region its region. Both may also be query parameters of ReplicaURL.
	Endpoint string
	Region   string
	// SyncInterval is how often new WAL frames of data.db are shipped: a
	// write older than twice this (plus the upload) is in the replica.
	SyncInterval time.Duration
	// LogsSyncInterval is the same for auxiliary.db (PocketBase's request logs).
	LogsSyncInterval time.Duration
	// Retention is how far back a point-in-time restore can go.
	Retention time.Duration
	// CheckInterval (LITESTREAM_CHECK_INTERVAL) is how often the server
	// restores the replica's data.db beside itself and compares it with the
	// volume (docs/operations.md, "The restore check").
	CheckInterval time.Duration

	// NewSite (LITESTREAM_NEW_SITE) lets a server start with an empty
	// database when the volume has no data.db and the replica holds no
	// backup. Without it such a start is refused: the replica URL may name
	// the wrong place, and an empty site would start beside the real backup.
	NewSite bool
	// Takeover (LITESTREAM_TAKEOVER) lets a server whose data directory
	// holds a data.db take the replica over from another writer although
	// its data may be older than the backup (docs/operations.md, "Exactly
	// one writer"). It never takes a lease that its holder still renews.
	Takeover bool
	// LeaseTTL is how long the writer lease in the replica lasts without a
	// renewal; the holder renews it every quarter of that.
	LeaseTTL time.Duration
	// Machine names this machine in the writer lease: FLY_MACHINE_ID on
	// Fly.io, the host name elsewhere.
	Machine string
}

// BackupsOn tells whether a replica is configured.
func (c *Config) BackupsOn() bool { return c.Backup.ReplicaURL != "" }

// Load reads the configuration from the environment. Every secret also has
// a NAME_FILE twin that points at a file holding the value.
func Load() (*Config, error) {
	c := &Config{
		DemoMode:            boolEnv("DEMO_MODE", false),
		AppURL:              strings.TrimRight(env("APP_URL", ""), "/"),
		RateLimits:          boolEnv("RATE_LIMITS", true),
		TrustedProxyHeaders: list(env("TRUSTED_PROXY_HEADERS", "")),
		RazorpayAPIBase:     strings.TrimRight(env("RAZORPAY_API_BASE", "https://api.razorpay.com"), "/"),
		RazorpayKeyID:       env("RAZORPAY_KEY_ID", ""),
		GoogleClientID:      env("GOOGLE_CLIENT_ID", ""),
		GoogleAuthURL:       env("GOOGLE_AUTH_URL", ""),
		GoogleTokenURL:      env("GOOGLE_TOKEN_URL", ""),
		GoogleUserInfoURL:   env("GOOGLE_USERINFO_URL", ""),
		GoogleJWKSURL:       env("GOOGLE_JWKS_URL", DefaultGoogleJWKSURL),
		SMTPHost:            env("SMTP_HOST", ""),
		SMTPUsername:        env("SMTP_USERNAME", ""),
		SMTPTLS:             boolEnv("SMTP_TLS", false),
		MailFrom:            env("MAIL_FROM", ""),
		LiteFSDir:           env("LITEFS_DIR", ""),
	}
	var err error
	if err = checkAppURL(c.AppURL); err != nil {
		return nil, err
	}
	if c.SMTPPort, err = intEnv("SMTP_PORT", 587); err != nil {
		return nil, err
	}
	switch c.SMTPAuth = strings.ToUpper(env("SMTP_AUTH", SMTPAuthPlain)); c.SMTPAuth {
	case SMTPAuthPlain, SMTPAuthLogin:
	default:
		return nil, fmt.Errorf("config: SMTP_AUTH must be PLAIN or LOGIN, got %q", c.SMTPAuth)
	}
	if c.SMTPPassword, err = secret("SMTP_PASSWORD"); err != nil {
		return nil, err
	}
	if c.DemoPassword, err = secret("DEMO_PASSWORD"); err != nil {
		return nil, err
	}
	if c.GoogleClientSecret, err = secret("GOOGLE_CLIENT_SECRET"); err != nil {
		return nil, err
	}
	if c.RazorpayKeySecret, err = secret("RAZORPAY_KEY_SECRET"); err != nil {
		return nil, err
	}
	if c.RazorpayWebhookSecret, err = secret("RAZORPAY_WEBHOOK_SECRET"); err != nil {
		return nil, err
	}
	if (c.RazorpayKeyID == "") != (c.RazorpayKeySecret == "") {
		// One key without the other would silently fall back to the sandbox.
		return nil, fmt.Errorf("config: RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET must be set together")
	}
	if c.RazorpayTimeout, err = duration("RAZORPAY_TIMEOUT", 10*time.Second); err != nil {
		return nil, err
	}
	c.SandboxOptIn = boolEnv("PAYMENTS_SANDBOX", c.DemoMode)
	c.MailDevMailbox = boolEnv("MAIL_DEV_MAILBOX", c.DemoMode)
	if key := os.Getenv(EncryptionEnv); key != "" {
		if len(key) != 32 {
			return nil, fmt.Errorf("config: %s must be exactly 32 characters (for example: openssl rand -hex 16), got %d", EncryptionEnv, len(key))
		}
		c.EncryptionKeySet = true
	}
	if c.MetricsToken, err = secret("METRICS_TOKEN"); err != nil {
		return nil, err
	}
	if c.MetricsToken != "" && len(c.MetricsToken) < 16 {
		return nil, fmt.Errorf("config: METRICS_TOKEN must be at least 16 characters")
	}
	c.MetricsAddr = env("METRICS_ADDR", "")
	if c.MetricsAddr != "" {
		if _, port, err := net.SplitHostPort(c.MetricsAddr); err != nil || port == "" {
			return nil, fmt.Errorf("config: METRICS_ADDR must be host:port or :port (like :9091), got %q", c.MetricsAddr)
		}
	}
	if c.LogsMaxDays, err = positiveInt("LOGS_MAX_DAYS", 14); err != nil {
		return nil, err
	}
	if err = loadBackup(&c.Backup); err != nil {
		return nil, err
	}
	if c.Seller, err = loadSeller(c.DemoMode); err != nil {
		return nil, err
	}
	if c.DemoMode && c.DemoPassword == "" {
		c.DemoPassword = randomPassword()
		c.DemoPasswordGenerated = true
	}
	if c.DemoMode && len(c.DemoPassword) < 6 {
		return nil, fmt.Errorf("config: DEMO_PASSWORD must be at least 6 characters")
	}
	return c, nil
}

func loadBackup(b *Backup) error {
	b.ReplicaURL = env("LITESTREAM_REPLICA_URL", "")
	b.AccessKeyID = env("LITESTREAM_ACCESS_KEY_ID", "")
	b.Endpoint = env("LITESTREAM_S3_ENDPOINT", "")
	b.Region = env("LITESTREAM_S3_REGION", "")
	var err error
	if b.SecretAccessKey, err = secret("LITESTREAM_SECRET_ACCESS_KEY"); err != nil {
		return err
	}
	if b.SyncInterval, err = duration("LITESTREAM_SYNC_INTERVAL", time.Second); err != nil {
		return err
	}
	if b.LogsSyncInterval, err = duration("LITESTREAM_LOGS_SYNC_INTERVAL", time.Minute); err != nil {
		return err
	}
	if b.Retention, err = duration("LITESTREAM_RETENTION", 24*time.Hour); err != nil {
		return err
	}
	if b.CheckInterval, err = duration("LITESTREAM_CHECK_INTERVAL", time.Hour); err != nil {
		return err
	}
	if b.LeaseTTL, err = duration("LITESTREAM_LEASE_TTL", 30*time.Second); err != nil {
		return err
	}
	if b.LeaseTTL < time.Second {
		return fmt.Errorf("config: LITESTREAM_LEASE_TTL must be at least 1s")
	}
	b.NewSite = boolEnv("LITESTREAM_NEW_SITE", false)
	b.Takeover = boolEnv("LITESTREAM_TAKEOVER", false)
	b.Machine = env("FLY_MACHINE_ID", "")
	if b.Machine == "" {
		b.Machine, _ = os.Hostname()
	}
	if b.ReplicaURL == "" {
		return nil
	}
	u, err := url.Parse(b.ReplicaURL)
	if err != nil {
		return fmt.Errorf("config: LITESTREAM_REPLICA_URL is not a URL")
	}
	switch u.Scheme {
	case "s3":
		if u.Host == "" {
			return fmt.Errorf("config: LITESTREAM_REPLICA_URL needs a bucket: s3://bucket/path")
		}
	case "file":
		if u.Host != "" || !strings.HasPrefix(u.Path, "/") {
			return fmt.Errorf("config: LITESTREAM_REPLICA_URL needs an absolute path: file:///path")
		}
	default:
		return fmt.Errorf("config: LITESTREAM_REPLICA_URL must start with s3:// or file://, got %q", u.Scheme)
	}
	if (b.AccessKeyID == "") != (b.SecretAccessKey == "") {
		return fmt.Errorf("config: LITESTREAM_ACCESS_KEY_ID and LITESTREAM_SECRET_ACCESS_KEY must be set together")
	}
	return nil
}

// The SMTP AUTH mechanisms PocketBase's mail client speaks.
const (
	SMTPAuthPlain = "PLAIN"
	SMTPAuthLogin = "LOGIN"
)

// checkAppURL accepts an empty APP_URL or an http(s) origin: links are the
// address followed by the app's paths, so a path of its own would break them.
func checkAppURL(raw string) error {
	if raw == "" {
		return nil
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" ||
		u.Path != "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
		return fmt.Errorf("config: APP_URL must be the app's public origin, like https://sponsorbridge.example, got %q", raw)
	}
	return nil
}

// DefaultGoogleJWKSURL is where Google publishes its ID-token signing keys.
const DefaultGoogleJWKSURL = "https://www.googleapis.com/oauth2/v3/certs"

// GoogleConfigured tells whether Google sign-in has credentials.
func (c *Config) GoogleConfigured() bool {
	return c.GoogleClientID != "" && c.GoogleClientSecret != ""
}

// PaymentsLive tells whether Razorpay keys are configured.
func (c *Config) PaymentsLive() bool {
	return c.RazorpayKeyID != "" && c.RazorpayKeySecret != ""
}

// PaymentsSandbox tells whether payments run against the built-in test-mode
// provider: no Razorpay keys, and the sandbox opted into.
func (c *Config) PaymentsSandbox() bool {
	return !c.PaymentsLive() && c.SandboxOptIn
}

// Payment modes, as /api/app-config names them.
const (
	PaymentsModeLive    = "live"
	PaymentsModeSandbox = "sandbox"
	// PaymentsModeOff: no keys and no sandbox; the payment routes answer 503.
	PaymentsModeOff = "off"
)

// PaymentsMode is PaymentsModeLive, PaymentsModeSandbox or PaymentsModeOff.
func (c *Config) PaymentsMode() string {
	switch {
	case c.PaymentsLive():
		return PaymentsModeLive
	case c.SandboxOptIn:
		return PaymentsModeSandbox
	}
	return PaymentsModeOff
}

func env(name, fallback string) string {
	if v, ok := os.LookupEnv(name); ok && strings.TrimSpace(v) != "" {
		return strings.TrimSpace(v)
	}
	return fallback
}

func intEnv(name string, fallback int) (int, error) {
	raw := env(name, "")
	if raw == "" {
		return fallback, nil
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n <= 0 || n > 65535 {
		return 0, fmt.Errorf("config: %s must be a port number, got %q", name, raw)
	}
	return n, nil
}

func positiveInt(name string, fallback int) (int, error) {
	raw := env(name, "")
	if raw == "" {
		return fallback, nil
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("config: %s must be a positive whole number, got %q", name, raw)
	}
	return n, nil
}

func duration(name string, fallback time.Duration) (time.Duration, error) {
	raw := env(name, "")
	if raw == "" {
		return fallback, nil
	}
	d, err := time.ParseDuration(raw)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("config: %s must be a positive duration such as 10s", name)
	}
	return d, nil
}

func boolEnv(name string, fallback bool) bool {
	switch strings.ToLower(env(name, "")) {
	case "1", "true", "yes", "on":
		return true
	case "0", "false", "no", "off":
		return false
	}
	return fallback
}

// secret reads NAME, or the file named by NAME_FILE.
func secret(name string) (string, error) {
	if v := env(name, ""); v != "" {
		return v, nil
	}
	path := env(name+"_FILE", "")
	if path == "" {
		return "", nil
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("config: reading %s_FILE: %w", name, err)
	}
	return strings.TrimSpace(string(raw)), nil
}

func randomPassword() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

func list(raw string) []string {
	var out []string
	for _, part := range strings.Split(raw, ",") {
		if part = strings.TrimSpace(part); part != "" {
			out = append(out, part)
		}
	}
	return out
}
