package deals

import (
	"net/http"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/membership"
	"sponsorbridge/pb/internal/paging"
)

const (
	maxJSON = 32 << 10
	perPage = 20
)

// BindRoutes registers the deals routes (docs/api/deals.md).
func BindRoutes(se *core.ServeEvent) {
	g := se.Router.Group("/api/deals")
	g.Bind(membership.RequireMember(), apis.BodyLimit(maxJSON))
	g.GET("", list)
	g.GET("/{id}", read)
	g.POST("/{id}/deliverables", propose)
	g.POST("/{id}/agree", agree)
	g.POST("/{id}/funds-sent", fundsSent)
	g.POST("/{id}/funds-received", fundsReceived)
	g.POST("/{id}/deliverables/{item}/done", done).Bind(limits.Upload(MaxPicture, maxJSON))
	g.GET("/{id}/pictures/{picture}", picture)
	g.POST("/{id}/complete", complete)
	g.POST("/{id}/cancel", cancel)
	g.POST("/{id}/dispute", dispute)
	g.POST("/{id}/dispute/answer", respond)
	g.POST("/{id}/review", writeReview)
	se.Router.POST("/api/reviews/{id}/reply", replyToReview).Bind(membership.RequireMember(), apis.BodyLimit(maxJSON))
	se.Router.GET("/api/users/{id}/reviews", memberReviews).Bind(membership.RequireMember())
	se.Router.POST("/api/sponsorship-requests/{id}/updates", postUpdate).Bind(membership.RequireMember(), limits.Upload(MaxPicture, maxJSON))
}

// list answers the member's deals, the last changed first; ?status= keeps
// the deals in one state.
func list(e *core.RequestEvent) error {
	p, err := paging.FromRequest(e, perPage, 0)
	if err != nil {
		return err
	}
	q := e.App.RecordQuery("deals").AndWhere(dbx.Or(dbx.HashExp{"sponsor": e.Auth.Id}, dbx.HashExp{"recipient": e.Auth.Id}))
	if status := e.Request.URL.Query().Get("status"); status != "" {
		if !validStatus(status) {
			return e.BadRequestError("Status must be one of negotiating, agreed, funded, delivered, completed, cancelled, disputed.", nil)
		}
		q = q.AndWhere(dbx.HashExp{"status": status})
	}
	var rows []*core.Record
	if err := q.OrderBy("updated DESC", "rowid DESC").Limit(perPage + 1).Offset(int64(p.Offset())).All(&rows); err != nil {
		return e.InternalServerError("", err)
	}
	rows, hasMore := paging.Trim(rows, perPage)
	out, err := ToDeals(e.App, rows)
	if err != nil {
		return e.InternalServerError("", err)
	}
	return paging.Answer(e, out, paging.Page{Params: p, HasMore: hasMore})
}

// read answers one deal with its history: to its two members, and to an
// administrator once it is disputed.
func read(e *core.RequestEvent) error {
	d, err := e.App.FindRecordById("deals", e.Request.PathValue("id"))
	member := err == nil && (d.GetString("sponsor") == e.Auth.Id || d.GetString("recipient") == e.Auth.Id)
	admin := err == nil && d.GetString("status") == StatusDisputed && membership.IsAdmin(e.Auth)
	if !member && !admin {
		return e.NotFoundError("Deal not found.", nil)
	}
	out, err := withEvents(e.App, d)
	if err == nil && member {
		out.Reviews, err = reviewsOf(e.App, d, e.Auth.Id)
	}
	if err != nil {
		return e.InternalServerError("", err)
	}
	e.Response.Header().Set("Cache-Control", "no-store")
	return e.JSON(http.StatusOK, out)
}

func validStatus(s string) bool {
	for _, v := range Statuses {
		if v == s {
			return true
		}
	}
	return false
}
