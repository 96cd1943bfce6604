// Package sponsoring is how a member answers a listing: applications to
// Open Sponsorships (apply, accept, decline) and sponsoring Sponsorship
// Requests (pledges: several sponsors each commit an amount until the
// request is covered; a sponsor may withdraw theirs). Each starts or continues
// the conversation between the two members (introduce.go).
package sponsoring

import (
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/membership"
)

const maxJSON = 16 << 10

// BindRoutes registers applications and sponsoring.
func BindRoutes(se *core.ServeEvent) {
	auth := membership.RequireMember()
	se.Router.POST("/api/sponsorships/{id}/apply", apply).Bind(auth, apis.BodyLimit(maxJSON))
	se.Router.POST("/api/sponsorship-requests/{id}/sponsor", sponsor).Bind(auth, apis.BodyLimit(maxJSON))

	g := se.Router.Group("/api/applications")
	g.Bind(auth)
	g.GET("", listApplications)
	g.POST("/{id}/accept", decide(StatusAccepted))
	g.POST("/{id}/decline", decide(StatusDeclined))
	se.Router.GET("/api/commitments", listCommitments).Bind(auth)
	se.Router.POST("/api/commitments/{id}/withdraw", withdraw).Bind(auth, apis.BodyLimit(maxJSON))
}
