// Package app is the one registration list: every feature's hooks, jobs,
// start-up work, middleware and routes are bound here, one line each, for
// the server and the tests alike.
package app

import (
	"fmt"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"sponsorbridge/pb/avatar"
	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/appconfig"
	"sponsorbridge/pb/internal/backup"
	"sponsorbridge/pb/internal/builtin"
	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/demo"
	"sponsorbridge/pb/internal/evidence"
	"sponsorbridge/pb/internal/health"
	"sponsorbridge/pb/internal/kits"
	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/live"
	"sponsorbridge/pb/internal/logline"
	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/matching"
	"sponsorbridge/pb/internal/metrics"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/ops"
	"sponsorbridge/pb/internal/packages"
	"sponsorbridge/pb/internal/payments"
	"sponsorbridge/pb/internal/publicurl"
	"sponsorbridge/pb/internal/queue"
	"sponsorbridge/pb/internal/route"
	"sponsorbridge/pb/internal/savedsearch"
	"sponsorbridge/pb/internal/session"
	"sponsorbridge/pb/internal/signin"
	"sponsorbridge/pb/internal/sponsoring"
	"sponsorbridge/pb/search"
)

// Options are what the binary passes beyond the environment.
type Options struct {
	// PublicDir holds the built web app; empty serves no static files.
	PublicDir string
	// SearchTuning overrides the search engine's tuning (benchmarks); nil
	// is its default.
	SearchTuning *search.Tuning
}

// Register binds every feature to app.
func Register(app core.App, cfg *config.Config, opts Options) {
	// The shared parts: the search engine over both listing tables, the
	// listing store, saved searches and matches (both percolate new listings).
	engine, err := listings.NewEngine(app, opts.SearchTuning)
	if err != nil {
		// The categories and tuning are the program's own: a refusal stops
		// the start with its reason.
		app.OnServe().BindFunc(func(*core.ServeEvent) error { return err })
		return
	}
	store := listings.NewStore(app, engine)
	saved := savedsearch.New(app, engine.Engine)
	matches := matching.New(app, engine.Engine, store)
	table := routes(cfg, store, saved, matches)

	// Hooks: what happens around writes, mail, OAuth2 and realtime.
	engine.BindHooks()                         // a schema change in the dashboard reinstalls the change log
	queue.BindHooks(app)                       // the background queue (alerts, matches, mail) drains when the app stops
	saved.BindHooks()                          // keep the percolator in step with the saved searches
	mailbox.BindHooks(app, cfg)                // without SMTP: the development mailbox if opted into, else refused
	notify.BindHooks(app)                      // a stored notification is e-mailed by its receiver's choices, after the commit
	sponsoring.BindHooks(app)                  // an application deleted with its member's account frees its place on the offer
	signin.BindHooks(app)                      // PocketBase's own OAuth2 route is closed
	kits.BindHooks(app)                        // a deal completed: its recipient's measured audience, in its transaction
	builtin.BindRealtime(app)                  // realtime subscriptions only to what the rules allow
	builtin.BindStreams(app)                   // realtime streams bounded per address and member; unsubscribed ones closed
	session.BindRealtime(app)                  // a revoked session's subscriptions fall silent
	live.Bind(app)                             // members' events reach their own clients only, found by member (not a query per client)
	backup.Register(app, cfg)                  // Litestream backups, restore at start, graceful shutdown
	ops.Register(app, cfg)                     // log retention, encryption warning; warnings and errors to stdout
	metrics.Register(app, cfg)                 // GET /api/metrics and its request, mail and payment counters
	bindCheckpoints(app, bindLiteFS(app, cfg)) // the WALs are checkpointed in the background, never in a write's commit; not data.db on a LiteFS replica

	// The dashboard's sign-in (PocketBase's superuser routes): password guesses
	// per address and client, no password oracle, code mails bounded.
	ops.BindSuperuserSignIn(app)

	// Events: a listing became visible (posted, approved after review, edited
	// back into view), decided once for every way a listing is written; each
	// subscriber queues its work on the background queue.
	visible := listings.BindVisible(app)
	visible.BindFunc(saved.Alert)      // the owners of the saved searches it matches
	visible.BindFunc(matches.Announce) // the posters of the listings it matches

	// Jobs: PocketBase's cron (listed in the dashboard), every one logged on failure.
	every(app, "sbCloseEventsPassed", "*/10 * * * *", closeEventsPassed)
	every(app, "sbPublishReviews", "*/10 * * * *", deals.PublishDue)           // reviews whose 14 blind days ran out
	every(app, "sbEvidenceSweep", "40 * * * *", evidence.Sweep)                // evidence files no figure names a day after their upload
	every(app, "sbMeasuredAudience", "*/10 * * * *", kits.MeasuredAudienceJob) // members whose tracked links were visited
	every(app, packages.JobID, "*/10 * * * *", packages.Holds)                 // tier holds run out before funding; reminders a day before
	every(app, "sbFlushDigests", "* * * * *", notify.FlushDigests)
	every(app, "sbRetryMail", "* * * * *", mailbox.RetryDue) // mails the mail server did not take yet
	every(app, "sbExpireSubscriptions", "5 0 * * *", payments.ExpireJob)
	every(app, "sbRemindExpiringPlans", "15 * * * *", payments.RemindJob)
	every(app, "sbCleanRevokedSessions", "25 3 * * *", session.CleanRevoked)
	every(app, "sbCleanEmailProofs", "35 3 * * *", signin.CleanProofs)

	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Id: "sponsorbridge",
		Func: func(se *core.ServeEvent) error {
			// Start-up: settings from the environment, then in-memory state.
			served, err := publicurl.Served(se)
			if err != nil {
				return err
			}
			if err := applySettings(se.App, cfg, served, table); err != nil {
				return err
			}
			payments.AnnounceMode(se.App, cfg)
			if err := engine.Start(); err != nil {
				return err
			}
			if err := saved.Load(); err != nil {
				return err
			}
			if err := closeEventsPassed(se.App); err != nil {
				se.App.Logger().Warn("sbCloseEventsPassed failed", "error", err)
			}
			if cfg.DemoMode {
				if err := demo.Seed(se.App, cfg.DemoPassword); err != nil {
					return err
				}
			}

			// Middleware, outermost first.
			se.Router.BindFunc(securityHeaders)
			se.Router.Bind(limits.Body())                 // 16 KB bodies unless a route takes a file (PocketBase's default: 32 MB)
			se.Router.Bind(compressAnswers())             // gzip for JSON and HTML; never the realtime stream
			se.Router.Bind(publicurl.WatchHost(cfg))      // a Host other than APP_URL's is logged once
			se.Router.Bind(session.Middleware())          // session cookie <-> Authorization; same-origin writes
			se.Router.Bind(session.RejectRevoked(se.App)) // signed-out sessions stay out
			// the member, verified, kept a second (session/cache.go); shared, not copied, with routes that only read it
			// (a realtime subscription keeps the member its stream's life: one record for a member's tabs)
			se.Router.Bind(session.Resolve(se.App, append(route.ReadOnly(table), "GET /api/health", "POST /api/realtime")...))
			se.Router.Bind(builtin.Guard(table)) // PocketBase's record API: only what the app allows
			se.Router.Bind(avatar.ThumbLimiter())
			health.Bind(se) // /api/health (liveness; ?check=writes); storage failures answer 503

			accounts.WarmUp(se.App) // the decoy hash now, not on the first unknown name's sign-in
			// Routes: the table, one row each (routes.go, docs/api/).
			if err := route.Bind(se, table); err != nil {
				return err
			}

			bindAPINotFound(se)
			if opts.PublicDir != "" {
				bindSPA(se, opts.PublicDir, store) // the web app, its files precompressed, link previews
			}
			if err := se.Next(); err != nil { // the listener is bound after this
				return err
			}
			if cfg.DemoMode && se.Server != nil {
				announceDemo(se, cfg)
			}
			return nil
		},
	})
}

// every adds a job to PocketBase's cron; a failure is logged, never fatal.
func every(app core.App, id, spec string, job func(core.App) error) {
	app.Cron().MustAdd(id, spec, func() {
		if err := job(app); err != nil {
			app.Logger().Error(id+" failed", "error", err)
		}
	})
}

// announceDemo is demo mode's one start line, all a newcomer needs: where
// to open the app and how to sign in. Demo mode's expected states (no
// backups, sandbox payments, the development mailbox) stay in the
// dashboard's logs, off stdout.
func announceDemo(se *core.ServeEvent, cfg *config.Config) {
	how := "DEMO_PASSWORD"
	if cfg.DemoPasswordGenerated {
		how = "generated for this start"
	}
	msg := fmt.Sprintf("SponsorBridge demo: open %s and sign in as %s", ops.LocalURL(se.Server.Addr), appconfig.DemoUsername)
	logline.Info(msg, "password", cfg.DemoPassword, "passwordFrom", how)
	se.App.Logger().Info(msg, "password", cfg.DemoPassword, "passwordFrom", how)
}

func closeEventsPassed(app core.App) error {
	n, err := listings.CloseEventsPassed(app)
	if n > 0 {
		app.Logger().Info("listings: closed requests whose event passed", "count", n)
	}
	return err
}
