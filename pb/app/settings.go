package app

import (
	"fmt"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/envsettings"
	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/publicurl"
	"sponsorbridge/pb/internal/route"
	"sponsorbridge/pb/internal/signin"
)

// builtinRateLimits are the per-address limits of PocketBase's own routes
// (the dashboard's sign-in, record auth and creation, batches) and the
// general one every /api route counts in; the app's routes name theirs in
// their rows of the route table (route.IPRules), which come first.
var builtinRateLimits = []core.RateLimitRule{
	{Label: "_superusers:authWithPassword", MaxRequests: 10, Duration: 900},
	{Label: "_superusers:requestOTP", MaxRequests: 5, Duration: 300},
	{Label: "*:auth", MaxRequests: 2, Duration: 3},
	{Label: "*:create", MaxRequests: 20, Duration: 5},
	{Label: "/api/batch", MaxRequests: 3, Duration: 1},
	{Label: "/api/", MaxRequests: 300, Duration: 10},
}

// rateLimitRules are the table's limits, then the built-in ones.
func rateLimitRules(table []route.Route) []core.RateLimitRule {
	return append(route.IPRules(table), builtinRateLimits...)
}

// applySettings writes the settings that come from the environment: the
// app's own and mail's (saved once, and only when they changed: a restart
// with the same environment writes nothing), then Google sign-in's. served
// is the address the server serves on (the public address when APP_URL is
// unset).
func applySettings(app core.App, cfg *config.Config, served string, table []route.Route) error {
	s := app.Settings()
	before := stored(s)
	s.Meta.AppName = "SponsorBridge"
	if cfg.AppURL != "" {
		envsettings.Set(app, &s.Meta.AppURL, cfg.AppURL, "meta.appURL", "APP_URL")
	}
	publicurl.Apply(app, s, cfg, served)
	envsettings.Set(app, &s.RateLimits.Enabled, cfg.RateLimits, "rateLimits.enabled", "RATE_LIMITS")
	envsettings.SetShown(app, &s.RateLimits.Rules, rateLimitRules(table), "rateLimits.rules", "(built in)",
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
