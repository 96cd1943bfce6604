package app

import (
	"fmt"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/envsettings"
	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/publicurl"
	"sponsorbridge/pb/internal/signin"
)

// Tighter limits for the routes that guess passwords or create things,
// then PocketBase's defaults. Limits count per client IP.
var rateLimitRules = []core.RateLimitRule{
	{Label: "POST /api/login", MaxRequests: 10, Duration: 60},
	{Label: "POST /api/register", MaxRequests: 5, Duration: 60},
	{Label: "GET /api/auth/google/start", MaxRequests: 20, Duration: 60},
	{Label: "POST /api/auth/google/callback", MaxRequests: 10, Duration: 60},
	{Label: "POST /api/auth/google", MaxRequests: 10, Duration: 60},
	{Label: "POST /api/auth/email-code/request", MaxRequests: 5, Duration: 60},
	{Label: "POST /api/auth/email-code/verify", MaxRequests: 10, Duration: 60},
	{Label: "POST /api/auth/password-reset/request", MaxRequests: 5, Duration: 60},
	{Label: "POST /api/auth/password-reset/confirm", MaxRequests: 10, Duration: 60},
	{Label: "POST /api/sponsorships", MaxRequests: 10, Duration: 60},
	{Label: "POST /api/sponsorship-requests", MaxRequests: 10, Duration: 60},
	{Label: "POST /api/contact", MaxRequests: 5, Duration: 600},
	{Label: "POST /api/sponsorships/", MaxRequests: 20, Duration: 60},
	{Label: "POST /api/sponsorship-requests/", MaxRequests: 20, Duration: 60},
	{Label: "POST /api/conversations/", MaxRequests: 60, Duration: 60},
	{Label: "POST /api/user/password", MaxRequests: 5, Duration: 60},
	{Label: "POST /api/user/email", MaxRequests: 5, Duration: 60},
	{Label: "POST /api/user/email/confirm", MaxRequests: 10, Duration: 60},
	{Label: "POST /api/user/avatar", MaxRequests: 10, Duration: 60},
	{Label: "DELETE /api/user", MaxRequests: 5, Duration: 60},
	{Label: "POST /api/logout/everywhere", MaxRequests: 5, Duration: 60},
	{Label: "POST /api/payments/create-subscription", MaxRequests: 10, Duration: 60},
	{Label: "POST /api/payments/verify-subscription", MaxRequests: 20, Duration: 60},
	{Label: "POST /api/payments/sandbox/pay", MaxRequests: 20, Duration: 60},
	// the dashboard's sign-in (superusers): few by hand, so tight per client
	{Label: "_superusers:authWithPassword", MaxRequests: 10, Duration: 900},
	{Label: "_superusers:requestOTP", MaxRequests: 5, Duration: 300},
	{Label: "*:auth", MaxRequests: 2, Duration: 3},
	{Label: "*:create", MaxRequests: 20, Duration: 5},
	{Label: "/api/batch", MaxRequests: 3, Duration: 1},
	{Label: "/api/", MaxRequests: 300, Duration: 10},
}

// applySettings writes the settings that come from the environment: the
// app's own and mail's (saved once, and only when they changed: a restart
// with the same environment writes nothing), then Google sign-in's. served
// is the address the server serves on (the public address when APP_URL is
// unset).
func applySettings(app core.App, cfg *config.Config, served string) error {
	s := app.Settings()
	before := stored(s)
	s.Meta.AppName = "SponsorBridge"
	if cfg.AppURL != "" {
		envsettings.Set(app, &s.Meta.AppURL, cfg.AppURL, "meta.appURL", "APP_URL")
	}
	publicurl.Apply(app, s, cfg, served)
	envsettings.Set(app, &s.RateLimits.Enabled, cfg.RateLimits, "rateLimits.enabled", "RATE_LIMITS")
	envsettings.SetShown(app, &s.RateLimits.Rules, append([]core.RateLimitRule(nil), rateLimitRules...), "rateLimits.rules", "(built in)",
		func(r []core.RateLimitRule) any { return fmt.Sprintf("%d rules", len(r)) })
	s.Batch.Enabled = false
	if len(cfg.TrustedProxyHeaders) > 0 {
		envsettings.Set(app, &s.TrustedProxy.Headers, cfg.TrustedProxyHeaders, "trustedProxy.headers", "TRUSTED_PROXY_HEADERS")
	}
	if err := mailbox.ApplySettings(app, s, cfg); err != nil {
		return err
	}
	if s.IsNew() || stored(s) != before {
		if err := app.Save(s); err != nil {
			return err
		}
	}
	mailbox.AnnounceMode(app, cfg)
	return signin.ConfigureGoogle(app, cfg)
}

// stored is what saving s would store: its JSON and the secrets the JSON
// masks.
func stored(s *core.Settings) string {
	return strings.Join([]string{s.String(), s.SMTP.Password, s.S3.Secret, s.Backups.S3.Secret}, "\x00")
}
