package kits

import (
	"net/http"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/route"
)

// Routes are the media kits' routes (docs/api/proof-of-value.md, "Media kits").
func Routes() []route.Route {
	own := func(method, path string, h func(*core.RequestEvent) error) route.Route {
		return route.Route{Method: method, Path: path, Handler: h, Auth: route.Member, Out: route.Of[Kit]()}
	}
	ownRead := own("GET", "/api/user/kit", ownKit)
	ownRead.ReadOnly = true
	save := own("PUT", "/api/user/kit", saveKit)
	save.Body, save.In = MaxBody, route.Of[KitInput]()
	save.PerMember = []limits.Rule{{Bucket: "kit-saves", Max: SavesPerDay, Window: 24 * time.Hour,
		Message: "You have saved your media kit many times today."}}
	return []route.Route{
		{Method: "GET", Path: "/api/kits/{username}", Handler: publicKit, Auth: route.Anyone, Out: route.Of[Kit](),
			PerIP: &route.IPLimit{Label: "GET /api/kits/", Max: PublicPerMinute, Seconds: 60}, ReadOnly: true},
		ownRead,
		save,
		own("POST", "/api/user/kit/publish", publish),
		own("POST", "/api/user/kit/unpublish", unpublish),
	}
}

func publicKit(e *core.RequestEvent) error {
	viewer := ""
	if e.Auth != nil {
		viewer = e.Auth.Id
	}
	k, err := Public(e.App, viewer, e.Request.PathValue("username"))
	return answerKit(e, k, err)
}

func ownKit(e *core.RequestEvent) error {
	k, err := Own(e.App, e.Auth.Id)
	return answerKit(e, k, err)
}

func saveKit(e *core.RequestEvent) error {
	var in KitInput
	if err := apierr.ReadBody(e, &in); err != nil {
		return err
	}
	k, err := Save(e.App, e.Auth.Id, in)
	return answerKit(e, k, err)
}

func publish(e *core.RequestEvent) error {
	k, err := Publish(e.App, e.Auth.Id)
	return answerKit(e, k, err)
}

func unpublish(e *core.RequestEvent) error {
	k, err := Unpublish(e.App, e.Auth.Id)
	return answerKit(e, k, err)
}

// answerKit answers a kit, never from a cache: an unpublished kit is gone
// from its public page at once.
func answerKit(e *core.RequestEvent, k Kit, err error) error {
	if err != nil {
		return err
	}
	e.Response.Header().Set("Cache-Control", "no-store")
	return e.JSON(http.StatusOK, k)
}
