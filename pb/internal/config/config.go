// Package config is the only place that reads the environment.
package config

import (
	"fmt"
	"net"
	"net/url"
	"os"
	"strings"
	"time"
)

// DBConns is both the most open and the most idle connections to data.db.
// Equal limits mean no connection is closed and reopened under load
// (opening one re-reads the schema); more than this on a small machine only
// adds contention.
const DBConns = 32

// DefaultRequestLogsPerSecond is REQUEST_LOGS_PER_SECOND unless set: the
// request log's bound (ops.RequestLogBudget; docs/security.md, "The request
// log").
const DefaultRequestLogsPerSecond = 500

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
	// RequestLogsPerSecond bounds the request entries written to the log
	// (a burst of twice as many); past it requests are answered and not
	// logged, and a warning counts them (ops.RequestLogBudget).
	RequestLogsPerSecond int

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
	if c.RequestLogsPerSecond, err = positiveInt("REQUEST_LOGS_PER_SECOND", DefaultRequestLogsPerSecond); err != nil {
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
