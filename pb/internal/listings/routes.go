package listings

import (
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/route"
)

const maxBody = 64 << 10

// Routes are the list, view, create and update routes of both kinds, and
// their link previews.
func Routes(store *Store) []route.Route {
	var t []route.Route
	for _, kind := range Kinds {
		h := &handlers{kind: kind, store: store}
		t = append(t,
			// Browsing is the hottest path: log its failures, not every success.
			route.Route{Method: "GET", Path: kind.Path, Handler: h.list, Auth: route.Member, Quiet: true, ReadOnly: true,
				Out: route.Of[[]Listing]()},
			route.Route{Method: "GET", Path: kind.Path + "/{id}", Handler: h.view, Auth: route.Member, Quiet: true, ReadOnly: true,
				Out: route.Of[Listing]()},
			route.Route{Method: "POST", Path: kind.Path, Handler: h.create, Auth: route.Member, Body: maxBody,
				PerIP: &route.IPLimit{Label: "POST " + kind.Path, Max: 10, Seconds: 60},
				In:    route.Of[ListingInput](), Out: route.Of[Listing]()},
			route.Route{Method: "PATCH", Path: kind.Path + "/{id}", Handler: h.update, Auth: route.Member, Body: maxBody,
				In: route.Of[ListingInput](), Out: route.Of[Listing]()},
			// the link preview is for whoever holds the link, signed in or not
			route.Route{Method: "GET", Path: kind.Path + "/{id}/preview", Handler: h.previewView, Out: route.Of[Preview]()},
		)
	}
	return t
}

// PostsPerIP is the per-address limit every POST under a listing of kind
// shares (apply, sponsor, report, post an update): one family in the rate
// limiter.
func (k Kind) PostsPerIP() *route.IPLimit {
	return &route.IPLimit{Label: "POST " + k.Path + "/", Max: 20, Seconds: 60}
}

type handlers struct {
	kind  Kind
	store *Store
}

func viewerOf(e *core.RequestEvent) Viewer { return ViewerOf(e.Auth) }
