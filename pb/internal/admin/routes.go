// Package admin is the administrators' side of SponsorBridge: the moderation
// queue (approve, reject), members' reports on listings, member and social-link
// verification, the subscriptions overview, contact-form messages and the
// moderation log. Every /api/admin route is for administrators (route.Admin); the two
// routes members and visitors use (report a listing, write to us) live here
// too because what they store exists for administrators.
package admin

import (
	"reflect"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/route"
)

// maxBody bounds the JSON these routes accept (a contact message is the
// largest: 5000 characters).
const maxBody = 32 << 10

// Routes are the report, contact and administration routes.
func Routes(store *listings.Store) []route.Route {
	h := &handlers{store: store}
	reports := []limits.Rule{
		{Bucket: "reports", Max: 10, Window: time.Hour, Message: "You have sent many reports in a short time."},
		{Bucket: "reports-day", Max: 30, Window: 24 * time.Hour, Message: "You have sent many reports today."},
	}
	var t []route.Route
	for _, kind := range listings.Kinds {
		t = append(t, route.Route{Method: "POST", Path: kind.Path + "/{id}/report", Handler: h.reportListing(kind), Auth: route.Member,
			Body: maxBody, PerIP: kind.PostsPerIP(), PerMember: reports, In: route.Of[ReportInput](), Out: route.Of[ReportAnswer]()})
	}
	admin := func(method, path string, handler func(*core.RequestEvent) error, in, out reflect.Type) route.Route {
		return route.Route{Method: method, Path: "/api/admin" + path, Handler: handler, Auth: route.Admin, Body: maxBody, In: in, Out: out}
	}
	return append(t,
		route.Route{Method: "POST", Path: "/api/contact", Handler: contactCreate, Body: maxBody,
			PerIP:     &route.IPLimit{Label: "POST /api/contact", Max: 5, Seconds: 600},
			PerMember: []limits.Rule{{Bucket: "contact", Max: 5, Window: time.Hour, Message: "You have sent many messages to us in a short time."}},
			In:        route.Of[ContactInput](), Out: route.Of[ContactAnswer]()},
		admin("GET", "/overview", overview, nil, route.Of[Overview]()),
		admin("GET", "/moderation", h.moderationQueue, nil, route.Of[[]QueueItem]()),
		admin("POST", "/listings/{kind}/{id}/approve", h.approveListing, nil, route.Of[listings.Listing]()),
		admin("POST", "/listings/{kind}/{id}/reject", h.rejectListing, route.Of[RejectInput](), route.Of[listings.Listing]()),
		admin("GET", "/members", membersList, nil, route.Of[[]Member]()),
		admin("POST", "/members/{id}/verify", memberVerify(true), nil, route.Of[Member]()),
		admin("POST", "/members/{id}/unverify", memberVerify(false), nil, route.Of[Member]()),
		admin("POST", "/members/{id}/social/verify", socialVerify(true), route.Of[SocialLinkInput](), route.Of[Member]()),
		admin("POST", "/members/{id}/social/unverify", socialVerify(false), route.Of[SocialLinkInput](), route.Of[Member]()),
		admin("GET", "/subscriptions", activeSubscriptions, nil, route.Of[[]ActiveSubscription]()),
		admin("GET", "/subscriptions/summary", subscriptionsSummary, nil, route.Of[Subscriptions]()),
		admin("GET", "/contact-messages", contactList, nil, route.Of[[]ContactMessage]()),
		admin("POST", "/contact-messages/{id}/resolve", contactResolve, nil, route.Of[ContactMessage]()),
		admin("GET", "/audit", auditList, nil, route.Of[[]AuditEntry]()),
		admin("GET", "/disputes", disputesList, nil, route.Of[[]deals.Deal]()),
		admin("POST", "/deals/{id}/resolve", disputeResolve, route.Of[ResolveInput](), route.Of[deals.Deal]()),
		admin("POST", "/reviews/{id}/hide", reviewHide, route.Of[HideInput](), route.Of[deals.Review]()),
	)
}

type handlers struct {
	store *listings.Store
}
