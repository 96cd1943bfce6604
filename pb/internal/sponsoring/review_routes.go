package sponsoring

import (
	"time"

	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/route"
)

// stars is the per-member limit of starring and unstarring applications.
var stars = []limits.Rule{{Bucket: "shortlist", Max: 300, Window: time.Hour, Message: "You have starred many applications in a short time."}}

// reviewRoutes are the poster's applications view of an offer: the list,
// the star, the compare and the bulk decline (docs/api/eligibility.md).
func reviewRoutes() []route.Route {
	applications := listings.Sponsorships.Path + "/{id}/applications"
	return []route.Route{
		{Method: "GET", Path: applications, Handler: reviewApplications, Auth: route.Member, ReadOnly: true,
			Out: route.Of[[]ReviewItem]()},
		{Method: "GET", Path: applications + "/compare", Handler: compareApplications, Auth: route.Member, ReadOnly: true,
			Out: route.Of[Comparison]()},
		{Method: "POST", Path: applications + "/decline", Handler: declineApplications, Auth: route.Member, Body: maxJSON,
			PerIP:     listings.Sponsorships.PostsPerIP(),
			PerMember: decisions, In: route.Of[DeclineManyBody](), Out: route.Of[DeclinedMany]()},
		{Method: "POST", Path: "/api/applications/{id}/shortlist", Handler: shortlist, Auth: route.Member, Body: maxJSON,
			PerMember: stars, In: route.Of[ShortlistBody](), Out: route.Of[ReviewItem]()},
	}
}
