package listings

import (
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/membership"
)

const maxBody = 64 << 10

// BindRoutes registers the list, view, create and update routes of both
// kinds, and their link previews.
func BindRoutes(se *core.ServeEvent, store *Store) {
	for _, kind := range Kinds {
		h := &handlers{kind: kind, store: store}
		g := se.Router.Group(kind.Path)
		g.Bind(membership.RequireMember())
		// Browsing is the hottest path: log its failures, not every success.
		g.GET("", h.list).Bind(apis.SkipSuccessActivityLog())
		g.GET("/{id}", h.view).Bind(apis.SkipSuccessActivityLog())
		g.POST("", h.create).Bind(apis.BodyLimit(maxBody))
		g.PATCH("/{id}", h.update).Bind(apis.BodyLimit(maxBody))
		// the link preview is for whoever holds the link: outside the members' group
		se.Router.GET(kind.Path+"/{id}/preview", h.previewView)
	}
}

// ReadOnlyRoutes are the routes whose handlers only read the member
// (e.Auth): session.Resolve shares its cached record with them instead of
// copying it for each request.
func ReadOnlyRoutes() []string {
	var out []string
	for _, kind := range Kinds {
		out = append(out, "GET "+kind.Path, "GET "+kind.Path+"/{id}")
	}
	return out
}

type handlers struct {
	kind  Kind
	store *Store
}

func viewerOf(e *core.RequestEvent) Viewer { return ViewerOf(e.Auth) }
