package app

import (
	"slices"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/admin"
	"sponsorbridge/pb/internal/appconfig"
	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/evidence"
	"sponsorbridge/pb/internal/kits"
	"sponsorbridge/pb/internal/links"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/matching"
	"sponsorbridge/pb/internal/messaging"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/payments"
	"sponsorbridge/pb/internal/reports"
	"sponsorbridge/pb/internal/route"
	"sponsorbridge/pb/internal/savedsearch"
	"sponsorbridge/pb/internal/settings"
	"sponsorbridge/pb/internal/signin"
	"sponsorbridge/pb/internal/sponsoring"
)

// routes is the app's route table, feature by feature (docs/api/): the
// router, the per-address limits, the built-in access guard, the API docs
// test and the TypeScript generator all read it.
func routes(cfg *config.Config, store *listings.Store, saved *savedsearch.Service, matches *matching.Finder) []route.Route {
	return slices.Concat(
		appconfig.Routes(cfg), // /api/app-config
		// register (an address given there is mailed a code), login, logout, session
		accounts.Routes(signin.MailRegistrationCode),
		signin.Routes(cfg),     // Google and e-mail codes
		listings.Routes(store), // the two listing kinds: search, read, post, edit
		saved.Routes(),         // saved searches
		matches.Routes(),       // best matches
		sponsoring.Routes(),    // applications and sponsoring
		deals.Routes(),         // deals: deliverables, funds, delivery, cancel, dispute, renew, invite, overview
		evidence.Routes(),      // evidence files of kits' and reports' figures
		reports.Routes(),       // impact reports of completed deals and their share links
		links.Routes(),         // tracked links of deals and their redirects (/l/{code})
		kits.Routes(),          // media kits: the public page, the member's own
		messaging.Routes(),     // conversations and messages
		notify.Routes(),        // notifications, e-mail choices, unsubscribe
		settings.Routes(),      // profile, avatar, e-mail, password, account
		payments.Routes(cfg),   // plans, checkout, webhook
		admin.Routes(store),    // moderation, members, payments, contact, audit
	)
}

// RouteTable is the route table as configured by cfg, for the tools that
// read it without serving (the TypeScript generator, the docs tests).
func RouteTable(cfg *config.Config) []route.Route { return routes(cfg, nil, nil, nil) }
