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
	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/payments"
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
	mailbox.Register(app, cfg)
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

			appconfig.BindRoutes(se, cfg)
			accounts.BindRoutes(se)
			listings.BindRoutes(se, store)
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
