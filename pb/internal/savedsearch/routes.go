package savedsearch

import (
	"sponsorbridge/pb/internal/route"
)

const maxBody = 8 << 10

// Routes are the saved-search routes (members, their own only).
func (s *Service) Routes() []route.Route {
	return []route.Route{
		{Method: "GET", Path: "/api/saved-searches", Handler: s.list, Auth: route.Member, Out: route.Of[[]Saved]()},
		{Method: "POST", Path: "/api/saved-searches", Handler: s.create, Auth: route.Member, Body: maxBody,
			In: route.Of[NewSearch](), Out: route.Of[Saved]()},
		{Method: "PATCH", Path: "/api/saved-searches/{id}", Handler: s.update, Auth: route.Member, Body: maxBody,
			In: route.Of[SearchChange](), Out: route.Of[Saved]()},
		{Method: "DELETE", Path: "/api/saved-searches/{id}", Handler: s.remove, Auth: route.Member, Out: route.Of[route.NoContent]()},
	}
}
