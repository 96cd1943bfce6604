package savedsearch

import (
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/membership"
)

const maxBody = 8 << 10

// BindRoutes registers the saved-search routes (members, their own only).
func (s *Service) BindRoutes(se *core.ServeEvent) {
	g := se.Router.Group("/api/saved-searches")
	g.Bind(membership.RequireMember())
	g.GET("", s.list)
	g.POST("", s.create).Bind(apis.BodyLimit(maxBody))
	g.PATCH("/{id}", s.update).Bind(apis.BodyLimit(maxBody))
	g.DELETE("/{id}", s.remove)
}
