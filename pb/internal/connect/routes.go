// Package connect is how members "connect directly" (issue 5): applications
// to sponsorships, sponsoring requests, and the routes of the features that
// go with them (messages, notifications, account settings), bound together
// from one line of the app's registration list.
package connect

import (
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/messaging"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/settings"
)

const maxJSON = 16 << 10

// BindRoutes registers the routes of issue 5.
func BindRoutes(se *core.ServeEvent) {
	auth := apis.RequireAuth("users")
	se.Router.POST("/api/sponsorships/{id}/apply", apply).Bind(auth, apis.BodyLimit(maxJSON))
	se.Router.POST("/api/sponsorship-requests/{id}/sponsor", sponsor).Bind(auth, apis.BodyLimit(maxJSON))

	g := se.Router.Group("/api/applications")
	g.Bind(auth)
	g.GET("", listApplications)
	g.POST("/{id}/accept", decide(StatusAccepted))
	g.POST("/{id}/decline", decide(StatusDeclined))
	se.Router.GET("/api/commitments", listCommitments).Bind(auth)

	messaging.BindRoutes(se)
	notify.BindRoutes(se)
	settings.BindRoutes(se)
}
