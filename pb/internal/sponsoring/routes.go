// Package sponsoring is how a member answers a listing: applications to
// Open Sponsorships (apply, accept, decline) and sponsoring Sponsorship
// Requests (pledges: several sponsors each commit an amount until the
// request is covered; a sponsor may withdraw theirs). Each starts or continues
// the conversation between the two members (introduce.go).
package sponsoring

import (
	"time"

	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/route"
)

const maxJSON = 16 << 10

// decisions is the per-member limit accepting and declining share.
var decisions = []limits.Rule{{Bucket: "decisions", Max: 60, Window: time.Hour, Message: "You have answered many applications in a short time."}}

// Routes are applications and sponsoring.
func Routes() []route.Route {
	return []route.Route{
		{Method: "POST", Path: listings.Sponsorships.Path + "/{id}/apply", Handler: apply, Auth: route.Member, Body: maxJSON,
			PerIP: listings.Sponsorships.PostsPerIP(),
			PerMember: []limits.Rule{
				{Bucket: "applications", Max: 10, Window: time.Hour, Message: "You have sent many applications in a short time."},
				{Bucket: "applications-day", Max: 30, Window: 24 * time.Hour, Message: "You have sent many applications today."},
			},
			In: route.Of[ApplyBody](), Out: route.Of[Application]()},
		{Method: "POST", Path: listings.Requests.Path + "/{id}/sponsor", Handler: pledge, Auth: route.Member, Body: maxJSON,
			PerIP:     listings.Requests.PostsPerIP(),
			PerMember: []limits.Rule{{Bucket: "sponsoring", Max: 10, Window: time.Hour, Message: "You have sponsored many requests in a short time."}},
			In:        route.Of[PledgeBody](),
			Out:       route.Of[Commitment]()},
		{Method: "GET", Path: "/api/applications", Handler: listApplications, Auth: route.Member, Out: route.Of[[]Application]()},
		{Method: "POST", Path: "/api/applications/{id}/accept", Handler: decide(StatusAccepted), Auth: route.Member, PerMember: decisions,
			Out: route.Of[Application]()},
		{Method: "POST", Path: "/api/applications/{id}/decline", Handler: decide(StatusDeclined), Auth: route.Member, PerMember: decisions,
			Out: route.Of[Application]()},
		{Method: "POST", Path: "/api/applications/{id}/withdraw", Handler: withdrawApplication, Auth: route.Member,
			PerMember: []limits.Rule{{Bucket: "application-withdrawals", Max: 10, Window: time.Hour, Message: "You have withdrawn many applications in a short time."}},
			Out:       route.Of[Application]()},
		{Method: "GET", Path: "/api/commitments", Handler: listCommitments, Auth: route.Member, Out: route.Of[[]Commitment]()},
		{Method: "POST", Path: "/api/commitments/{id}/withdraw", Handler: withdraw, Auth: route.Member, Body: maxJSON,
			PerMember: []limits.Rule{{Bucket: "withdrawals", Max: 10, Window: time.Hour, Message: "You have withdrawn many pledges in a short time."}},
			In:        route.Of[WithdrawBody](),
			Out:       route.Of[Commitment]()},
	}
}
