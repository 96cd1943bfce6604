// Package admin is the administrators' side of SponsorBridge: the moderation
// queue (approve, reject), members' reports on listings, member and social-link
// verification, the subscriptions overview, contact-form messages and the
// moderation log. Every /api/admin route sits behind RequireAdmin; the two
// routes members and visitors use (report a listing, write to us) live here
// too because what they store exists for administrators.
package admin

import (
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/membership"
)

// maxBody bounds the JSON these routes accept (a contact message is the
// largest: 5000 characters).
const maxBody = 32 << 10

// BindRoutes registers the report, contact and administration routes.
func BindRoutes(se *core.ServeEvent, store *listings.Store) {
	h := &handlers{store: store}

	for _, kind := range listings.Kinds {
		se.Router.POST(kind.Path+"/{id}/report", h.reportListing(kind)).
			Bind(membership.RequireMember(), apis.BodyLimit(maxBody))
	}
	se.Router.POST("/api/contact", contactCreate).Bind(apis.BodyLimit(maxBody))

	g := se.Router.Group("/api/admin")
	g.Bind(RequireAdmin(), apis.BodyLimit(maxBody))
	g.GET("/overview", overview)
	g.GET("/moderation", h.moderationQueue)
	g.POST("/listings/{kind}/{id}/approve", h.reviewListing(true))
	g.POST("/listings/{kind}/{id}/reject", h.reviewListing(false))
	g.GET("/members", membersList)
	g.POST("/members/{id}/verify", memberVerify(true))
	g.POST("/members/{id}/unverify", memberVerify(false))
	g.POST("/members/{id}/social/verify", socialVerify(true))
	g.POST("/members/{id}/social/unverify", socialVerify(false))
	g.GET("/subscriptions", activeSubscriptions)
	g.GET("/subscriptions/summary", subscriptionsSummary)
	g.GET("/contact-messages", contactList)
	g.POST("/contact-messages/{id}/resolve", contactResolve)
	g.GET("/audit", auditList)
	g.GET("/disputes", disputesList)
	g.POST("/deals/{id}/resolve", disputeResolve)
	g.POST("/reviews/{id}/hide", reviewHide)
}

type handlers struct {
	store *listings.Store
}
