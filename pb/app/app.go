// Package app is the one registration list: every feature's routes, hooks
// and settings are bound here, in one place, for the server and the tests.
package app

import (
	"fmt"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"sponsorbridge/pb/avatar"
	"sponsorbridge/pb/catalog"
	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/admin"
	"sponsorbridge/pb/internal/appconfig"
	"sponsorbridge/pb/internal/builtin"
	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/connect"
	"sponsorbridge/pb/internal/demo"
	"sponsorbridge/pb/internal/health"
	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/litefs"
	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/matching"
	"sponsorbridge/pb/internal/metrics"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/ops"
	"sponsorbridge/pb/internal/payments"
	"sponsorbridge/pb/internal/savedsearch"
	"sponsorbridge/pb/internal/session"
	"sponsorbridge/pb/internal/signin"
	"sponsorbridge/pb/search"
)

// Options are what the binary passes beyond the environment.
type Options struct {
	// PublicDir holds the built web app; empty serves no static files.
	PublicDir string
}

// Register binds every feature to app.
func Register(app core.App, cfg *config.Config, opts Options) {
	engine := search.New(app, catalog.Categories, listings.SearchSpecs()...)
	store := listings.NewStore(app, engine)
	saved := savedsearch.New(app, engine)
	saved.BindHooks()
	matches := matching.New(app, engine, store)
	matches.BindHooks()
	app.Cron().MustAdd("sbCloseEventsPassed", "*/10 * * * *", func() { closeEventsPassed(app) })
	app.Cron().MustAdd("sbFlushDigests", "* * * * *", func() {
		if err := notify.FlushDigests(app); err != nil {
			app.Logger().Warn("notify: flushing digests failed", "error", err)
		}
	})
	mailbox.Register(app, cfg)
	ops.Register(app, cfg)
	metrics.Register(app, cfg)
	builtin.BindRealtime(app)
	session.BindRealtime(app)

	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Id: "sponsorbridge",
		Func: func(se *core.ServeEvent) error {
			if err := applySettings(se.App, cfg); err != nil {
				return err
			}
			if err := engine.Start(); err != nil {
				return err
			}
			if err := saved.Load(); err != nil {
				return err
			}
			closeEventsPassed(se.App)
			if cfg.DemoMode {
				if err := demo.Seed(se.App, cfg.DemoPassword); err != nil {
					return err
				}
				announceDemo(se.App, cfg)
			}

			se.Router.BindFunc(securityHeaders)
			se.Router.Bind(session.Middleware())
			se.Router.Bind(session.RejectRevoked(se.App))
			se.Router.Bind(session.Resolve(se.App))
			se.Router.Bind(builtin.Guard())
			se.Router.Bind(avatar.ThumbLimiter())
			se.Router.Bind(limits.PerMember())
			health.Bind(se)
			litefs.Bind(se, cfg.LiteFSDir)

			appconfig.BindRoutes(se, cfg)
			accounts.BindRoutes(se)
			listings.BindRoutes(se, store)
			saved.BindRoutes(se)
			matches.BindRoutes(se)
			admin.BindRoutes(se, store)
			if err := signin.BindRoutes(se, cfg); err != nil {
				return err
			}
			connect.BindRoutes(se)
			payments.BindRoutes(se, cfg)

			se.App.Cron().MustAdd("sbCleanRevokedSessions", "25 3 * * *", func() {
				if err := session.CleanRevoked(se.App); err != nil {
					se.App.Logger().Error("Cleaning revoked sessions failed", "error", err)
				}
			})

			bindAPINotFound(se)
			if opts.PublicDir != "" {
				bindSPA(se, opts.PublicDir)
			}
			return se.Next()
		},
	})
}

func announceDemo(app core.App, cfg *config.Config) {
	how := "from DEMO_PASSWORD"
	if cfg.DemoPasswordGenerated {
		how = "generated for this start"
	}
	msg := fmt.Sprintf("Demo mode: sign in as %q with password %q (%s).", appconfig.DemoUsername, cfg.DemoPassword, how)
	fmt.Println(msg)
	app.Logger().Info(msg)
}

func closeEventsPassed(app core.App) {
	n, err := listings.CloseEventsPassed(app)
	if err != nil {
		app.Logger().Warn("listings: closing requests whose event passed failed", "error", err)
	} else if n > 0 {
		app.Logger().Info("listings: closed requests whose event passed", "count", n)
	}
}
