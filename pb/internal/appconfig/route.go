// Package appconfig tells the web app what this server offers: demo mode,
// which sign-in methods are configured, the payment mode, whether mail
// leaves, categories and plans.
package appconfig

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/catalog"
	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/industry"
	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/route"
	"sponsorbridge/pb/internal/signin"
)

type demoCredentials struct {
	Username string `json:"username"`
	Password string `json:"password"`
}

type Answer struct {
	AppName         string           `json:"appName"`
	Demo            bool             `json:"demo"`
	DemoCredentials *demoCredentials `json:"demoCredentials,omitempty"`
	Google          struct {
		Configured bool `json:"configured"`
	} `json:"google"`
	Payments struct {
		// Mode is "live", "sandbox" or "off" (not set up: the routes answer 503).
		Mode string `json:"mode"`
	} `json:"payments"`
	Mail struct {
		// Available: mail leaves (SMTP, or the opted-into development
		// mailbox); else the routes that mail codes answer 503.
		Available bool `json:"available"`
	} `json:"mail"`
	Categories []string       `json:"categories"`
	Plans      []catalog.Plan `json:"plans"`
	// Industries a member may state (docs/api/packages.md).
	Industries []industry.Entry `json:"industries"`
}

// DemoUsername is the demo administrator's username.
const DemoUsername = "admin"

// Routes is GET /api/app-config.
func Routes(cfg *config.Config) []route.Route {
	return []route.Route{{Method: "GET", Path: "/api/app-config", Out: route.Of[Answer](), Handler: func(e *core.RequestEvent) error {
		a := Answer{AppName: "SponsorBridge", Demo: cfg.DemoMode, Categories: catalog.Categories, Plans: catalog.Plans,
			Industries: industry.All}
		if cfg.DemoMode {
			a.DemoCredentials = &demoCredentials{Username: DemoUsername, Password: cfg.DemoPassword}
		}
		a.Google.Configured = signin.GoogleConfigured(e.App)
		a.Payments.Mode = cfg.PaymentsMode()
		a.Mail.Available = mailbox.CanSend(e.App)
		return e.JSON(http.StatusOK, a)
	}}}
}
